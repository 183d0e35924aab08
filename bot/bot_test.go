package bot

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/carcassonne"
	"github.com/surveyor-game/surveyor/cartographers"
	"github.com/surveyor-game/surveyor/game"
)

// Every registered bot plays a whole game through the JSON contract, one call per turn, as a host would.
func TestEveryBotPlaysAGameThroughPlay(t *testing.T) {
	defs := map[string]game.Definition{"cartographers": cartographers.Definition{}, "carcassonne": carcassonne.Definition{}}
	for _, g := range Games() {
		for _, name := range Names(g) {
			t.Run(g+"/"+name, func(t *testing.T) {
				st, err := defs[g].New(nil, 2, 3)
				if err != nil {
					t.Fatal(err)
				}
				b, err := New(g, name)
				if err != nil {
					t.Fatal(err)
				}
				if b.Name() != name {
					t.Errorf("bot %q calls itself %q", name, b.Name())
				}
				for turns := 0; !st.Over(); turns++ {
					if turns > 500 {
						t.Fatal("the game does not end")
					}
					if err := Play(b, st, st.ToAct()[0]); err != nil {
						t.Fatal(err)
					}
				}
				if r := st.Result(); len(r.Scores) != 2 {
					t.Errorf("result %+v", r)
				}
			})
		}
	}
}

func TestNewRefusesUnknownNames(t *testing.T) {
	if _, err := New("chess", ""); err == nil || !strings.Contains(err.Error(), "carcassonne, cartographers") {
		t.Errorf("unknown game: %v", err)
	}
	// The refusal lists the bots there are, in order.
	if _, err := New("cartographers", "grandmaster"); err == nil || !strings.Contains(err.Error(), "auto, easy, fast, hard, master, medium, strong") {
		t.Errorf("unknown bot: %v", err)
	}
	b, err := New("carcassonne", "")
	if err != nil || b.Name() != "greedy+" {
		t.Errorf("default Carcassonne bot: %v, %v", b, err)
	}
}

// Play reports a bot's failure (here: asked for a seat that has nothing to do) and changes nothing.
func TestPlayReportsErrors(t *testing.T) {
	st, err := carcassonne.Definition{}.New(nil, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := json.Marshal(st.View(0))
	for _, name := range Names("carcassonne") {
		b, _ := New("carcassonne", name)
		if err := Play(b, st, 1); err == nil {
			t.Errorf("%s played for seat 1 when seat 0 is to act", name)
		}
	}
	if after, _ := json.Marshal(st.View(0)); string(after) != string(before) {
		t.Error("a refused bot turn changed the game")
	}
}
