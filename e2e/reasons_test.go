package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/cartographers"
)

// The reasons the preview gives for an illegal spot, as each language must print them (written here by
// hand from the rulebooks' wording, not read back from the client).
var illegalReasons = map[string]map[string]string{
	"en": {"off": "Off the map", "filled": "A space is already filled", "ruins": "Must cover a ruins space"},
	"fr": {"off": "Hors de la Carte", "filled": "Une case est déjà remplie", "ruins": "Doit chevaucher une case Ruine"},
	"pt": {"off": "Fora do mapa", "filled": "Um espaço já está preenchido", "ruins": "Deve sobrepor um espaço de ruínas"},
}

// ruinsFirstSeed finds a solo base game whose first decision is a ruins demand.
func ruinsFirstSeed(t *testing.T) uint64 {
	t.Helper()
	opts, err := cartographers.ParseOptions([]byte(`{"preset":"cartographers"}`))
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 500; seed++ {
		g, err := cartographers.NewGame(opts, 1, seed)
		if err != nil {
			t.Fatal(err)
		}
		if d := g.View(0).Decision; d != nil && d.Kind == "draw" && d.Mode == "ruins" {
			return seed
		}
	}
	t.Fatal("no seed below 500 starts a solo game with a ruins demand")
	return 0
}

// mapGrid reads a sheet in the map text format into 11 rows of cell characters.
func mapGrid(m string) [][]rune {
	var rows [][]rune
	for _, line := range strings.Split(m, "\n") {
		var row []rune
		for _, ch := range line {
			if ch != ' ' && ch != '\t' && ch != '\r' {
				row = append(row, ch)
			}
		}
		if len(row) > 0 && row[0] != ';' {
			rows = append(rows, row)
		}
	}
	return rows
}

// TestIllegalReasonLanguages moves the preview of a ruins demand onto an illegal spot of each kind (off
// the map, over a filled space, missing the ruins) in English, French and Portuguese: the shape must turn
// red, the reason must be stated in that language and Confirm must stay disabled.
func TestIllegalReasonLanguages(t *testing.T) {
	t.Parallel()
	seed := ruinsFirstSeed(t)
	e := newEnv(t, seed)
	id, token := e.startSolo("cartographers")
	var env struct {
		View cartographers.View `json:"view"`
	}
	e.getJSON("/api/matches/"+id, token, &env)
	grid := mapGrid(env.View.Sheets[0].Map)
	targets := map[[2]int]bool{}
	for _, c := range env.View.Decision.Targets {
		targets[c] = true
	}

	ctx := browser(t, "en-US")
	for _, lang := range []string{"en", "fr", "pt"} {
		holdSeat(t, ctx, e, id, token, lang)
		run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
		waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]') && document.querySelector('#table').dataset.mode === "ruins"`)
		// The preview's cells as offsets from the cursor (its anchor), for the shape as first shown.
		cur := parseCells(evalString(t, ctx, `document.querySelector('#main-sheet').dataset.cursor`))[0]
		var offs [][2]int
		for _, c := range parseCells(evalString(t, ctx, `document.querySelector('#main-sheet .preview').dataset.cells`)) {
			offs = append(offs, [2]int{c[0] - cur[0], c[1] - cur[1]})
		}
		// For each reason, a cursor where that is the only thing wrong with the shape.
		spot := map[string][2]int{}
		for r := 0; r < 11; r++ {
			for c := 0; c < 11; c++ {
				off, filled, ruins := 0, 0, false
				for _, o := range offs {
					rr, cc := r+o[0], c+o[1]
					switch {
					case rr < 0 || rr > 10 || cc < 0 || cc > 10:
						off++
					case grid[rr][cc] != '.' && grid[rr][cc] != 'r':
						filled++
					case targets[[2]int{rr, cc}]:
						ruins = true
					}
				}
				var kind string
				switch {
				case off > 0 && filled == 0:
					kind = "off"
				case filled > 0 && off == 0:
					kind = "filled"
				case off == 0 && filled == 0 && !ruins:
					kind = "ruins"
				}
				if _, ok := spot[kind]; kind != "" && !ok {
					spot[kind] = [2]int{r, c}
				}
			}
		}
		for _, kind := range []string{"off", "filled", "ruins"} {
			to, ok := spot[kind]
			if !ok {
				t.Fatalf("%s: no spot on this sheet for the reason %q (shape %v)", lang, kind, offs)
			}
			moveCursor(t, ctx, to)
			var got struct {
				Reason, Class, Beside, Fill string
				Red, Shown, Crosses         int
				Disabled                    bool
			}
			evalJSON(t, ctx, `JSON.stringify({Reason: document.querySelector('#reason').textContent,
				Class: document.querySelector('#reason').className,
				Red: document.querySelectorAll('#main-sheet .preview rect.pv.bad').length,
				Shown: document.querySelectorAll('#main-sheet .preview rect.pv').length,
				Crosses: document.querySelectorAll('#main-sheet .preview .pv-cross').length,
				Fill: getComputedStyle(document.querySelector('#main-sheet .preview rect.pv.bad')).fill,
				Beside: (document.querySelector('#main-sheet .preview .pv-why') || {}).textContent || "",
				Disabled: document.querySelector('#confirm').disabled})`, &got)
			colon := ": "
			if lang == "fr" {
				colon = " : " // French typography: a space before the colon
			}
			want := fmt.Sprintf("%c%d%s%s", 'A'+to[0], to[1]+1, colon, illegalReasons[lang][kind])
			if got.Reason != want || got.Class != "reason bad" || got.Red == 0 || got.Red != got.Shown || !got.Disabled {
				t.Errorf("%s, %s at %v: %+v, want %q in red over a red shape, Confirm disabled", lang, kind, to, got, want)
			}
			// Told by more than colour: hatched, each space crossed, the reason written beside the shape.
			if !strings.HasPrefix(got.Fill, "url(") || got.Crosses != got.Red || got.Beside != illegalReasons[lang][kind] {
				t.Errorf("%s, %s at %v: fill %q, %d crosses on %d spaces, beside the shape %q", lang, kind, to, got.Fill, got.Crosses, got.Red, got.Beside)
			}
			if lang == "fr" && kind == "ruins" {
				shot(t, ctx, "illegal-ruins-fr")
			}
		}
	}
}

// moveCursor moves the preview to a space with the arrow keys.
func moveCursor(t *testing.T, ctx context.Context, to [2]int) {
	t.Helper()
	cur := parseCells(evalString(t, ctx, `document.querySelector('#main-sheet').dataset.cursor`))[0]
	for ; cur[0] < to[0]; cur[0]++ {
		press(t, ctx, kArrowDown)
	}
	for ; cur[0] > to[0]; cur[0]-- {
		press(t, ctx, kArrowUp)
	}
	for ; cur[1] < to[1]; cur[1]++ {
		press(t, ctx, kArrowRight)
	}
	for ; cur[1] > to[1]; cur[1]-- {
		press(t, ctx, kArrowLeft)
	}
	waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#main-sheet').dataset.cursor === "%d,%d"`, to[0], to[1]))
}
