package e2e

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// seasonState is what TestSeasonStepsOnTheSheet reads of a solo Cartographers view.
type seasonState struct {
	View struct {
		Edicts []struct {
			Projected *struct {
				Stars   int      `json:"stars"`
				Counted [][2]int `json:"counted"`
			} `json:"projected"`
		} `json:"edicts"`
		Penalty *struct {
			Stars   int      `json:"stars"`
			Counted [][2]int `json:"counted"`
		} `json:"penalty"`
		Sheets []struct {
			Coins   int `json:"coins"`
			Seasons []struct {
				Edicts   [2]int `json:"edicts"`
				Coins    int    `json:"coins"`
				Monsters int    `json:"monsters"`
			} `json:"seasons"`
		} `json:"sheets"`
	} `json:"view"`
}

// TestSeasonStepsOnTheSheet: a solo Cartographers game played to the end of spring through the API, its
// page open. When the season's dialog closes, the sheet steps through the score as a player counts it:
// edict A's spaces outlined (exactly the spaces the server says the card counted) with its card marked and
// its stars flying to the total, then edict B's, then the coins (the coin track marked), then the spaces
// the monsters cost; parts worth nothing are passed over, and the steps end by themselves. Asking for
// less motion, nothing steps and nothing flies. A touch of the sheet ends the steps.
func TestSeasonStepsOnTheSheet(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	for _, calm := range []bool{false, true} {
		id, token := e.startSolo("cartographers")
		ctx := browser(t, "en-US")
		if calm {
			reduceMotion(t, ctx)
		}
		run(t, ctx, chromedp.EmulateViewport(1440, 900))
		openTable(t, ctx, e, id, token, "en", `#main-sheet[data-ready]`)
		var st seasonState
		for turn := 0; ; turn++ {
			e.getJSON("/api/matches/"+id, token, &st)
			if len(st.View.Sheets[0].Seasons) > 0 {
				break
			}
			moves := e.legal(id, token)
			e.postJSON("/api/matches/"+id+"/moves", token, map[string]any{"move": moves[pickMove(turn, len(moves))]}, nil)
		}
		waitJS(t, ctx, `!!document.querySelector('#season-modal #season-continue')`)
		sc := st.View.Sheets[0].Seasons[0]
		// The parts in the order they are counted, those worth nothing left out; the spaces behind each as the
		// server projects them on the sheet just scored (the same scoring of the same sheet).
		type part struct {
			name  string
			edict int
			n     int
			cells [][2]int
		}
		var parts []part
		for j, ed := range []int{0, 1} {
			if n := sc.Edicts[j]; n != 0 {
				p := st.View.Edicts[ed].Projected
				if p == nil || p.Stars != n {
					t.Fatalf("edict %d: the view projects %+v, the season scored %d", ed, p, n)
				}
				parts = append(parts, part{"edict", ed, n, p.Counted})
			}
		}
		if sc.Coins != 0 {
			parts = append(parts, part{"coins", -1, sc.Coins, nil})
		}
		if sc.Monsters != 0 {
			parts = append(parts, part{"monsters", -1, -sc.Monsters, st.View.Penalty.Counted})
		}
		if !calm && (len(parts) < 2 || parts[0].name != "edict" || len(parts[0].cells) == 0) {
			t.Fatalf("the first season's parts %+v: the test needs a seed where an edict scores", parts)
		}
		// Every step and every flight, as they come, recorded by the page; and what each step showed when it
		// was drawn (its part, its spaces, the cards and the coin track marked). The steps follow one another
		// every 1.3 s: a wait for step k then a read of the page, on a loaded machine, read step k+1.
		evalString(t, ctx, `(() => { window.seen = []; window.shown = {}; new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes) {
			if (n.classList && n.classList.contains('season-step') && n.dataset.cell) window.seen.push('step ' + n.dataset.step + ' ' + n.dataset.part + ' ' + n.dataset.edict);
			if (n.classList && n.classList.contains('fly-points')) window.seen.push('fly ' + n.dataset.part + ' ' + n.textContent);
		}
			const l = document.querySelector('#season-steps');
			if (l && l.dataset.step !== undefined && !(l.dataset.step in window.shown)) window.shown[l.dataset.step] = JSON.stringify({ Part: l.dataset.part,
				Cells: [...l.querySelectorAll('.season-step')].map(r => r.dataset.cell).join(';'),
				Marked: [...document.querySelectorAll('.edict.stepping')].map(x => x.dataset.edict),
				Coins: !!document.querySelector('#main-sheet .coins.stepping') });
		}).observe(document.body, { childList: true, subtree: true, attributes: true }); return ""; })()`)
		click(t, ctx, "#season-continue")
		if calm {
			time.Sleep(1500 * time.Millisecond)
			if n := evalString(t, ctx, `String(document.querySelectorAll('.season-step, .fly-points, .edict.stepping').length + window.seen.length)`); n != "0" {
				t.Errorf("with less motion asked for, the season's score steps or flies (%s)", n)
			}
			continue
		}
		for k, p := range parts {
			// The step shows the part: its spaces, exactly; an edict's card marked; the coin track marked.
			shown := fmt.Sprintf(`window.shown["%d"]`, k)
			waitJS(t, ctx, shown)
			var got struct {
				Part   string
				Cells  string
				Marked []string
				Coins  bool
			}
			evalJSON(t, ctx, shown, &got)
			if got.Part != p.name || normal(parseCells(got.Cells)) != normal(p.cells) {
				t.Errorf("step %d shows %s on %s, want %s on %s", k, got.Part, normal(parseCells(got.Cells)), p.name, normal(p.cells))
			}
			if p.name == "edict" && (len(got.Marked) != 1 || got.Marked[0] != strconv.Itoa(p.edict)) {
				t.Errorf("step %d: the edict cards marked are %v, want %d", k, got.Marked, p.edict)
			}
			if p.name != "edict" && len(got.Marked) != 0 {
				t.Errorf("step %d (%s): edict cards %v still marked", k, p.name, got.Marked)
			}
			if got.Coins != (p.name == "coins") {
				t.Errorf("step %d (%s): the coin track marked: %v", k, p.name, got.Coins)
			}
			if k == 0 {
				shot(t, ctx, "season-step-edict")
				phoneShot(t, ctx, "season-step-edict-phone", 1440, 900)
			}
		}
		// The steps end by themselves, each part having flown in its turn.
		waitJS(t, ctx, `!document.querySelector('#season-steps').children.length && !document.querySelector('.edict.stepping')`)
		var seen []string
		evalJSON(t, ctx, `JSON.stringify(window.seen.filter((x, i, a) => !x.startsWith('step') || a.indexOf(x) === i))`, &seen)
		var want []string
		for k, p := range parts {
			sign := "+" + strconv.Itoa(p.n)
			if p.n < 0 {
				sign = "−" + strconv.Itoa(-p.n)
			}
			ed := ""
			if p.name == "edict" {
				ed = strconv.Itoa(p.edict)
			}
			if len(p.cells) > 0 {
				want = append(want, fmt.Sprintf("step %d %s %s", k, p.name, ed))
			}
			want = append(want, "fly "+p.name+" "+sign)
		}
		if fmt.Sprint(seen) != fmt.Sprint(want) {
			t.Errorf("the steps went\n%q\nwant\n%q", seen, want)
		}
		// Summer: a touch of the sheet ends its steps at once.
		for turn := 100; len(st.View.Sheets[0].Seasons) < 2; turn++ {
			moves := e.legal(id, token)
			e.postJSON("/api/matches/"+id+"/moves", token, map[string]any{"move": moves[pickMove(turn, len(moves))]}, nil)
			e.getJSON("/api/matches/"+id, token, &st)
		}
		if sc := st.View.Sheets[0].Seasons[1]; sc.Edicts[0] == 0 && sc.Edicts[1] == 0 && sc.Coins == 0 && sc.Monsters == 0 {
			t.Fatal("summer scored nothing: the test needs another seed")
		}
		waitJS(t, ctx, `!!document.querySelector('#season-modal #season-continue')`)
		click(t, ctx, "#season-continue")
		waitJS(t, ctx, `document.querySelector('#season-steps').dataset.step === "0"`)
		click(t, ctx, "#main-sheet")
		time.Sleep(1500 * time.Millisecond)
		if n := evalString(t, ctx, `String(document.querySelectorAll('#season-steps > *, .edict.stepping, .coins.stepping').length)`); n != "0" {
			t.Errorf("a touch of the sheet left the steps going (%s marked)", n)
		}
	}
}
