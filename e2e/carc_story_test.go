package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/game"
)

// storyEvents are the narrative events of a few random games with every expansion the engine plays and
// the Land Surveyors, two to six players, and a tile set aside of every type.
func storyEvents(t *testing.T) []game.Event {
	t.Helper()
	var out []game.Event
	for seed := uint64(1); seed <= 5; seed++ {
		opts := carcassonne.DefaultOptions()
		opts.Surveyors, opts.Expansions = true, playedExpansions()
		players := 2 + int(seed)%5
		if players > 5 && !opts.Expansions.Has(carcassonne.InnsCathedralsExp) {
			players = 5
		}
		g, err := carcassonne.NewGame(opts, players, seed)
		if err != nil {
			t.Fatalf("a game of %d with %v: %v", players, opts.Expansions.Names(), err)
		}
		r := carcassonne.NewRandomPlayer(seed)
		for !g.Over() {
			if err := g.Play(r.Move(g)); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, g.Narrative()...)
	}
	// A tile set aside because it fits nowhere is rare: one such event, in the engine's form
	// (narrative.go), for every tile type, so that every tile is named.
	for typ := 0; typ < carcassonne.NumTileTypes; typ++ {
		data, _ := json.Marshal(map[string]string{"tile": carcassonne.TileName(typ)})
		out = append(out, game.Event{Kind: "set_aside", Text: "Tile " + carcassonne.TileName(typ) + " fits nowhere: set aside", Data: data})
	}
	return out
}

// TestCarcassonneStoryTranslated: every event the engine tells of games with every expansion and the
// Land Surveyors is told by the client (carcassonne/story.js) in English, French and Portuguese: none is
// left to the engine's English, none prints a placeholder, "undefined" or "NaN", the French and the
// Portuguese differ from the English, no line names a tile by the engine's id ("V", "RV3", "TB12"):
// tiles are named by what they show, and no line names a place by its coordinates ("(3,-2)"): the mage's
// and the witch's places are said from the start tile.
func TestCarcassonneStoryTranslated(t *testing.T) {
	t.Parallel()
	events := storyEvents(t)
	kinds := map[string]int{}
	for _, e := range events {
		kinds[e.Kind]++
		if e.Kind == "tile" && strings.Contains(string(e.Data), `"second":true`) {
			kinds["tile (builder's second)"]++
		}
	}
	// The kinds these games must show, so that the test cannot pass by telling fewer.
	want := []string{"tile", "tile (builder's second)", "set_aside", "scoring", "recall", "goods", "piles", "end"}
	if playedExpansions().Has(carcassonne.MageWitchExp) {
		want = append(want, "magic")
	}
	for _, k := range want {
		if kinds[k] == 0 {
			t.Fatalf("the games told no %q event (kinds %v): the test needs one", k, kinds)
		}
	}
	raw, err := json.Marshal(events)
	if err != nil {
		t.Fatal(err)
	}
	told := tellInLanguages(t, "carcassonne", raw, 6) // language -> each event's line, nil where the client has none

	var ids []string
	for typ := 0; typ < carcassonne.NumTileTypes; typ++ {
		ids = append(ids, carcassonne.TileName(typ))
	}
	idRe := tileIDPattern(ids)
	bad := regexp.MustCompile(`\{|\}|\bundefined\b|\bNaN\b|\bnull\b`)
	// A place on the board is said in words from the start tile ("2 north, 1 east of the start tile"), never
	// as the engine's coordinates ("(3,-2)", "at 3, -2").
	coords := regexp.MustCompile(`\(\s*-?\d+\s*[,;]\s*-?\d+\s*\)|\b(?:at|en|em)\s+-?\d+\s*,\s*-?\d+`)
	untold := map[string]bool{}
	checked := 0
	for _, l := range []string{"en", "fr", "pt"} {
		for i, line := range told[l] {
			ev := events[i]
			if line == nil {
				untold[l+":"+ev.Kind] = true
				continue
			}
			checked++
			if m := bad.FindString(*line); m != "" {
				t.Errorf("%s, %s event %q told as %q: prints %q", l, ev.Kind, ev.Text, *line, m)
			}
			if m := coords.FindString(*line); m != "" {
				t.Errorf("%s, %s event told as %q: names a place by its coordinates (%q)", l, ev.Kind, *line, m)
			}
			if ev.Kind == "magic" && l == "en" && !strings.Contains(*line, "start tile") {
				t.Errorf("the magic told as %q: says not where, from the start tile", *line)
			}
			if m := idRe.FindStringSubmatch(*line); m != nil {
				t.Errorf("%s, %s event told as %q: names a tile by the engine's id (%q)", l, ev.Kind, *line, strings.TrimSpace(m[0]))
			}
			if l != "en" && told["en"][i] != nil && *told["en"][i] == *line {
				t.Errorf("%s, %s event told as in English: %q", l, ev.Kind, *line)
			}
		}
	}
	if len(untold) > 0 {
		var list []string
		for k := range untold {
			list = append(list, k)
		}
		sort.Strings(list)
		t.Errorf("the client tells no text for these events, left in the engine's English: %v", list)
	}
	t.Logf("%d events of %d kinds (%v) told in 3 languages: %d lines checked", len(events), len(kinds), kinds, checked)
}

// tileIDPattern finds an engine tile id standing as a word in a line of text; a one-letter id ("A", "O")
// is looked for anywhere but at the line's start, where it is the capital of a word ("A city cap...").
func tileIDPattern(ids []string) *regexp.Regexp {
	var long, short []string
	for _, id := range ids {
		if len(id) == 1 {
			short = append(short, id)
		} else {
			long = append(long, regexp.QuoteMeta(id))
		}
	}
	return regexp.MustCompile(fmt.Sprintf(`(?:^|[^\pL\d])(%s)(?:[^\pL\d]|$)|[^\pL\d]([%s])(?:[^\pL\d]|$)`,
		strings.Join(long, "|"), strings.Join(short, "")))
}

// TestTileIDPatternCatches: the pattern above finds the ids the story once printed and passes words.
func TestTileIDPatternCatches(t *testing.T) {
	t.Parallel()
	re := tileIDPattern([]string{"A", "V", "O", "RV3", "TB12", "Eg"})
	for _, s := range []string{"Turn 3: Ada draws V", "Tile RV3 fits nowhere: set aside", "Ada: tile TB12, 2 north", "Turno 4: Bea compra Eg"} {
		if !re.MatchString(s) {
			t.Errorf("%q not caught", s)
		}
	}
	for _, s := range []string{"A city cap with a road", "O lago do rio", "Turn 3: Ada draws a road bend", "Tour 2 : Bea pioche une rivière droite"} {
		if re.MatchString(s) {
			t.Errorf("%q taken for a tile id", s)
		}
	}
}

// TestTileWordsMatchClient: surveyor replay's English names every tile type as the browser does
// (carcassonne.TileWords and carcassonne/words.js), so that a record reads the same in both.
func TestTileWordsMatchClient(t *testing.T) {
	t.Parallel()
	var ids []string
	for typ := 0; typ < carcassonne.NumTileTypes; typ++ {
		ids = append(ids, carcassonne.TileName(typ))
	}
	raw, _ := json.Marshal(ids)
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var client []string
	evalJSON(t, ctx, fmt.Sprintf(`Promise.all([import("/js/i18n.js"), import("/js/carcassonne/words.js")]).then(([i18n, w]) => {
		i18n.setLanguage("en");
		return JSON.stringify(%s.map(id => w.tileWords(id)));
	})`, raw), &client)
	if len(client) != len(ids) {
		t.Fatalf("the client named %d tiles of %d", len(client), len(ids))
	}
	for typ, id := range ids {
		if got := carcassonne.TileWords(typ); got != client[typ] {
			t.Errorf("tile %s: surveyor replay says %q, the browser %q", id, got, client[typ])
		}
	}
}
