package cartographers

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/game"
)

func TestDefinition(t *testing.T) {
	t.Parallel()
	var d Definition
	if d.Name() != "cartographers" {
		t.Fatal(d.Name())
	}
	if lo, hi := d.SeatRange(); lo != 1 || hi != 100 {
		t.Fatalf("seat range %d-%d", lo, hi)
	}
	if _, err := d.New(d.DefaultOptions(), 1, 1); err != nil {
		t.Fatalf("default options: %v", err)
	}
	for _, raw := range []string{``, `null`, `{}`, `{"preset":"heroes"}`, `{"preset":"both","side":"d","heroes":false}`} {
		if _, err := d.New(json.RawMessage(raw), 2, 1); err != nil {
			t.Errorf("options %s: %v", raw, err)
		}
	}
	for _, raw := range []string{`{"presett":"heroes"}`, `{"preset":"solo"}`, `[1]`, `{"side":"Z"}`, `{} x`} {
		if _, err := d.New(json.RawMessage(raw), 2, 1); !errors.Is(err, game.ErrBadOptions) {
			t.Errorf("options %s: %v, want ErrBadOptions", raw, err)
		}
	}
	if _, err := d.New(nil, 101, 1); !errors.Is(err, game.ErrBadOptions) {
		t.Errorf("101 seats: %v", err)
	}
}

// recordRandom plays a random game and returns its record.
func recordRandom(t testing.TB, options string, seats int, seed uint64) (game.Record, *Game) {
	t.Helper()
	o, err := ParseOptions(json.RawMessage(options))
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(o, seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{Game: "cartographers", Options: json.RawMessage(options), Seed: seed, Seats: seats}
	rng := game.NewRNG(seed, 7)
	var buf []Placement
	for !g.Over() {
		for _, seat := range g.ToActSeats() {
			m, _, b := g.RandomMove(seat, rng, buf)
			buf = b
			raw, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(seat, m); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			rec.Moves = append(rec.Moves, game.RecordedMove{Seat: game.Seat(seat), Move: raw})
		}
	}
	return rec, g
}

func TestStateContract(t *testing.T) {
	t.Parallel()
	st, err := Definition{}.New(json.RawMessage(`{"preset":"both"}`), 3, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if got := st.ToAct(); len(got) != 3 {
		t.Fatalf("to act %v, want all three seats drawing at once", got)
	}
	for !st.Over() {
		acts := st.ToAct()
		for _, seat := range acts {
			legal := st.LegalMoves(seat)
			if len(legal) == 0 {
				t.Fatalf("seat %d to act without legal moves", seat)
			}
			m, err := st.AutoMove(seat)
			if err != nil {
				t.Fatalf("AutoMove: %v", err)
			}
			if err := st.Apply(seat, m); err != nil {
				t.Fatalf("auto move %s refused: %v", m, err)
			}
		}
	}
	if err := st.Apply(0, json.RawMessage(`{"type":"troll","cells":[[0,0]]}`)); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("move after the end: %v", err)
	}
	r := st.Result()
	if len(r.Scores) != 3 || len(r.Ranks) != 3 {
		t.Fatalf("result %+v", r)
	}
	for i, sc := range r.Scores {
		if sc != s.g.players[i].score {
			t.Fatalf("result score %d for seat %d, sheet says %d", sc, i, s.g.players[i].score)
		}
	}
}

func TestUndoUntilTurnCloses(t *testing.T) {
	t.Parallel()
	st, _ := Definition{}.New(nil, 2, 3)
	s := st.(*State)
	m, _ := st.AutoMove(0)
	if st.(game.Undoer).Undoable(0) {
		t.Fatal("undo before any move")
	}
	if err := st.Apply(0, m); err != nil {
		t.Fatal(err)
	}
	if !s.Undoable(0) || s.Undoable(1) {
		t.Fatal("seat 0 may undo its draw while seat 1 has not drawn; seat 1 has nothing to undo")
	}
	if err := st.Apply(0, m); !errors.Is(err, game.ErrNotYourTurn) {
		t.Fatalf("second draw in one turn: %v, want ErrNotYourTurn", err)
	}
	m1, _ := st.AutoMove(1)
	if err := st.Apply(1, m1); err != nil {
		t.Fatal(err)
	}
	if s.Undoable(0) || s.Undoable(1) {
		t.Fatal("undo allowed after the turn closed")
	}
}

func TestViewHidesSeedAndDeck(t *testing.T) {
	t.Parallel()
	st, _ := Definition{}.New(json.RawMessage(`{"preset":"heroes"}`), 2, 123456789)
	v := st.View(0).(View)
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	if strings.Contains(s, "123456789") || strings.Contains(s, `"seed"`) {
		t.Fatal("the view shows the seed")
	}
	if v.Decision == nil || v.Decision.Kind == "" || len(v.Sheets) != 2 || v.Edicts[0].Projected == nil {
		t.Fatalf("view lacks the viewer's decision, the sheets or the projections: %s", s)
	}
	if v.Decks.Explore == 0 {
		t.Fatal("deck count missing")
	}
	// The hidden deck's order: no card name of the deck appears except those revealed or in play.
	g := st.(*State).g
	for _, id := range g.deck {
		name := cardTable[id].Name
		if id != g.current && !strings.Contains(strings.Join(v.Revealed, ","), name) && strings.Contains(s, name) {
			t.Fatalf("the view names %q, still in the deck", name)
		}
	}
	sp := st.View(game.Spectator).(View)
	if sp.Decision != nil || sp.Edicts[0].Projected != nil {
		t.Fatal("a spectator sees a decision or projections")
	}
}

func TestViewOfAnAmbushDecision(t *testing.T) {
	t.Parallel()
	// Bugbear is clockwise: seat 1 draws on sheet 0 and its view says so, with the monster's shape.
	g := rig(t, Options{}, 2, "", "Bugbear Assault")
	v := g.View(1)
	if v.Decision == nil || v.Decision.Kind != "ambush" || v.Decision.Sheet != 0 || !v.Decision.MayRotate {
		t.Fatalf("seat 1's decision %+v, want an ambush on sheet 0", v.Decision)
	}
	if len(v.Decision.Card.Shapes) != 1 || v.Decision.Card.Shapes[0].Grid != "#.#/#.#" || v.Decision.Card.Direction != "clockwise" {
		t.Fatalf("card shown %+v", v.Decision.Card)
	}
	if v.Sheets[0].Waiting != "ambush" || v.Sheets[1].Waiting != "ambush" {
		t.Fatalf("sheets waiting %q %q", v.Sheets[0].Waiting, v.Sheets[1].Waiting)
	}
	// A ruins demand shows the spaces to cover.
	g = rig(t, Options{}, 1, "", "Temple Ruins", "Farmland")
	if d := g.View(0).Decision; d.Mode != "ruins" || len(d.Targets) != 6 || len(d.Terrains) != 1 || d.Terrains[0] != "farm" {
		t.Fatalf("ruins decision view %+v", d)
	}
}

func TestViewNamesTheRevealedAmbush(t *testing.T) {
	t.Parallel()
	// In solo the ambush is drawn between two explore cards, so only the specials list names it.
	g := rig(t, Options{}, 1, "", "Farmland", "Goblin Attack", "Great River")
	if v := g.View(0); len(v.Specials) != 0 {
		t.Fatalf("specials before any ambush: %+v", v.Specials)
	}
	autoStep(t, g)
	v := g.View(0)
	if v.Current == nil || v.Current.Name != "Great River" {
		t.Fatalf("current card %+v, want Great River", v.Current)
	}
	if len(v.Specials) != 1 || v.Specials[0].Card.Name != "Goblin Attack" || v.Specials[0].Season != 0 || v.Specials[0].Turn != 1 {
		t.Fatalf("specials %+v, want Goblin Attack revealed in spring after turn 1", v.Specials)
	}
	if got := strings.Count(v.Sheets[0].Map, "X"); got != 3 {
		t.Fatalf("%d monster spaces on the sheet, want Goblin Attack's 3", got)
	}
}

func TestCanonicalOptionsSpellOutThePreset(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		want string
	}{
		// Rulings 13 and the preset table of docs/cartographers.md, written out by hand.
		{``, `{"preset":"cartographers","side":"A","explore":"base","seasons":"base","ambush":"base","heroes":false,` +
			`"scoring_forest":"base","scoring_farm_water":"base","scoring_village":"base","scoring_space":"base","fallback_terrains":"base"}`},
		{`{"preset":"heroes"}`, `{"preset":"heroes","side":"C","explore":"heroes","seasons":"heroes","ambush":"heroes","heroes":true,` +
			`"scoring_forest":"heroes","scoring_farm_water":"heroes","scoring_village":"heroes","scoring_space":"heroes","fallback_terrains":"all"}`},
		{`{"preset":"both","side":"d","heroes":false,"gorgon_by_owner":true}`, `{"preset":"both","side":"D","explore":"both","seasons":"heroes","ambush":"both","heroes":false,` +
			`"scoring_forest":"both","scoring_farm_water":"both","scoring_village":"both","scoring_space":"both","fallback_terrains":"all","gorgon_by_owner":true}`},
	}
	for _, c := range cases {
		got, err := Definition{}.CanonicalOptions(json.RawMessage(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if string(got) != c.want {
			t.Errorf("canonical of %s\n got %s\nwant %s", c.in, got, c.want)
		}
		again, err := Definition{}.CanonicalOptions(got)
		if err != nil || string(again) != string(got) {
			t.Errorf("canonical form of %s is not stable: %s (%v)", got, again, err)
		}
	}
	if _, err := (Definition{}).CanonicalOptions(json.RawMessage(`{"preset":"nope"}`)); !errors.Is(err, game.ErrBadOptions) {
		t.Fatalf("unknown preset: %v, want ErrBadOptions", err)
	}
}

func TestCanonicalOptionsPlayTheSameGame(t *testing.T) {
	t.Parallel()
	for _, in := range []string{``, `{"preset":"heroes"}`, `{"preset":"both","side":"B"}`} {
		canon, err := Definition{}.CanonicalOptions(json.RawMessage(in))
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= 20; seed++ {
			a, err := Definition{}.New(json.RawMessage(in), 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Definition{}.New(canon, 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			for !a.Over() {
				seat := a.ToAct()[0]
				m, err := a.AutoMove(seat)
				if err != nil {
					t.Fatal(err)
				}
				if err := a.Apply(seat, m); err != nil {
					t.Fatal(err)
				}
				if err := b.Apply(seat, m); err != nil {
					t.Fatalf("options %s seed %d: the canonical game refused a move: %v", in, seed, err)
				}
			}
			if !b.Over() || !slices.Equal(a.Result().Scores, b.Result().Scores) {
				t.Fatalf("options %s seed %d: scores %v and %v", in, seed, a.Result().Scores, b.Result().Scores)
			}
		}
	}
}

func TestContentOfEachPreset(t *testing.T) {
	t.Parallel()
	// Rulings 13 and the data: 13 base explore cards (with 2 ruins), 11 Heroes ones, 4 ambushes per box.
	for _, c := range []struct {
		preset           string
		explore, ambush  int
		heroes           bool
		firstExploreName string
	}{
		{"cartographers", 13, 4, false, "Temple Ruins"},
		{"heroes", 11, 4, true, "Lagoon"},
		{"both", 24, 8, true, "Temple Ruins"},
	} {
		g, err := NewGame(Options{Preset: c.preset}, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		ex, am := g.ExploreCards(), g.AmbushCards()
		if len(ex) != c.explore || len(am) != c.ambush || g.HeroesInPlay() != c.heroes {
			t.Errorf("%s: %d explore, %d ambush cards, heroes %v; want %d, %d, %v", c.preset, len(ex), len(am), g.HeroesInPlay(), c.explore, c.ambush, c.heroes)
		}
		if ex[0].Card().Name != c.firstExploreName {
			t.Errorf("%s: first explore card %s, want %s", c.preset, ex[0].Card().Name, c.firstExploreName)
		}
		ex[0] = ex[1] // the caller's copy: the game must not change
		if g.ExploreCards()[0].Card().Name != c.firstExploreName {
			t.Errorf("%s: ExploreCards returned the game's own slice", c.preset)
		}
	}
}
