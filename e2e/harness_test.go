// Package e2e plays Cartographers and Carcassonne through the browser client in headless Chromium, against the real
// server started in-process (SQLite in a temporary directory, behind httptest).
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/surveyor-game/surveyor/games"
	"github.com/surveyor-game/surveyor/server"
	"github.com/surveyor-game/surveyor/store/sqlite"
	"github.com/surveyor-game/surveyor/web"
)

// env is a server under test.
type env struct {
	t    *testing.T
	url  string
	seed atomic.Uint64
}

func newEnv(t *testing.T, seed uint64) *env { return newEnvWith(t, seed, nil) }

// newEnvWith is newEnv with the server's configuration changed by tweak (mail, say).
func newEnvWith(t *testing.T, seed uint64, tweak func(*server.Config)) *env {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "surveyor.db"))
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t}
	e.seed.Store(seed)
	cfg := server.Config{Store: st, Games: games.Registry(), Challenges: games.Challenges(),
		Bots: games.Bots(), BotDelay: 0, Accounts: st,
		Static: web.FS(), RateLimit: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Seed: func() uint64 { return e.seed.Load() }}
	if tweak != nil {
		tweak(&cfg)
	}
	e.url = serve(t, cfg)
	return e
}

// serve starts a server on cfg and returns its address; the server, then its store, close when the test
// ends.
func serve(t *testing.T, cfg server.Config) string {
	t.Helper()
	srv, err := server.New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		hs.CloseClientConnections()
		srv.Close()
		hs.Close()
		cfg.Store.Close()
	})
	return hs.URL
}

// getJSON fetches one API path into v.
func (e *env) getJSON(path, token string, v any) { e.call(http.MethodGet, path, token, nil, v) }

// postJSON posts body (JSON) to an API path and decodes the answer into v unless v is nil.
func (e *env) postJSON(path, token string, body, v any) {
	e.call(http.MethodPost, path, token, body, v)
}

func (e *env) call(method, path, token string, body, v any) {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, e.url+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	if resp.StatusCode/100 != 2 {
		e.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, out)
	}
	if v != nil {
		if err := json.Unmarshal(out, v); err != nil {
			e.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// chromiumPath finds the browser. Without one the browser tests fail rather than skip, so that a machine
// missing Chromium cannot pass them silently (scripts/test installs Debian's package).
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no chromium on PATH: run scripts/test, which installs Debian's chromium package")
	return ""
}

// browser starts headless Chromium and returns its root context (one tab); more tabs in separate
// browser contexts come from incognito(ctx).
func browser(t *testing.T, langs string) context.Context {
	t.Helper()
	path := chromiumPath(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.WindowSize(1280, 1200),
	)
	if langs != "" {
		opts = append(opts, chromedp.Flag("lang", langs), chromedp.Flag("accept-lang", langs), chromedp.Env("LANGUAGE="+langs))
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	// The first Do starts the browser; it must not carry a timeout, which would stop the whole browser.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	failOnPageErrors(t, ctx)
	return ctx
}

// incognito opens a tab in a fresh browser context: its own storage, as a second person's browser.
func incognito(t *testing.T, root context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	failOnPageErrors(t, ctx)
	return ctx
}

// failOnPageErrors makes the test fail on any uncaught exception or console error of the page's own
// code (the network's log of refused requests is left out: the API answers some with 4xx on purpose).
func failOnPageErrors(t *testing.T, ctx context.Context) {
	t.Helper()
	lctx, cancel := context.WithCancel(ctx)
	var mu sync.Mutex
	var errs []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range chromedp.Console(lctx) {
			if err != nil {
				return
			}
			// "security" is where the browser reports what the Content-Security-Policy blocked.
			if m.IsException() || (m.Type == chromedp.ConsoleError && (m.Source == "" || m.Source == "security")) {
				mu.Lock()
				errs = append(errs, m.String())
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			t.Errorf("page error: %s", e)
		}
	})
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	run(t, ctx, chromedp.Click(chromedp.CSS(sel)))
}

// waitJS polls a JavaScript condition until it is true.
func waitJS(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	for tries := 0; ; tries++ {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingInterval(20*time.Millisecond)))
		if err == nil {
			return
		}
		// A poll does not survive a change of the page's JavaScript context (chromedp/chromedp#890): one
		// begun just after a navigation, before chromedp has the new page's context, fails with one of
		// these. It is begun again, a few times, in the new context.
		if msg := err.Error(); tries < 5 && ctx.Err() == nil &&
			(strings.Contains(msg, "Cannot find context with specified id") || strings.Contains(msg, "Execution context was destroyed")) {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		t.Fatalf("waiting for %s: %v", cond, err)
	}
}

// evalJSON runs a script that resolves to a JSON string and decodes it into v.
func evalJSON(t *testing.T, ctx context.Context, js string, v any) {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(raw), v); err != nil {
		t.Fatal(err)
	}
}

func evalString(t *testing.T, ctx context.Context, js string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatalf("evaluating %s: %v", js, err)
	}
	return s
}

func press(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	run(t, ctx, chromedp.KeyEvent(key))
}

// phoneShot saves a screenshot of the page on a phone (390x844, touch, 2x) when SURVEYOR_SHOTS names a
// directory, then gives the page back its desktop size.
func phoneShot(t *testing.T, ctx context.Context, name string, w, h int64) {
	t.Helper()
	if os.Getenv("SURVEYOR_SHOTS") == "" {
		return
	}
	run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	shot(t, ctx, name)
	run(t, ctx, chromedp.EmulateViewport(w, h))
}

// shot saves a screenshot when SURVEYOR_SHOTS names a directory (docs/client.md lists them).
func shot(t *testing.T, ctx context.Context, name string) { screenshot(t, ctx, name) }

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("SURVEYOR_SHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// seatOf reads the seat this tab holds for a match from the client's storage.
func seatOf(t *testing.T, ctx context.Context, id string) (token string, seat int) {
	t.Helper()
	raw := evalString(t, ctx, `localStorage.getItem("surveyor.seat.`+id+`") || ""`)
	var s struct {
		Token string `json:"token"`
		Seat  int    `json:"seat"`
	}
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		t.Fatalf("seat of %s: %q: %v", id, raw, err)
	}
	return s.Token, s.Seat
}

func matchID(t *testing.T, ctx context.Context) string {
	t.Helper()
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(loc, "/m/")
	if i < 0 {
		t.Fatalf("not on a match page: %s", loc)
	}
	loc, _, _ = strings.Cut(loc, "?") // a replay's step
	return strings.Trim(strings.TrimSuffix(loc[i+3:], "/replay"), "/")
}

// cellMove is a move of the cartographers JSON form (docs/records.md).
type cellMove struct {
	Type     string   `json:"type"`
	Option   *int     `json:"option"`
	Fallback bool     `json:"fallback"`
	Terrain  string   `json:"terrain"`
	Cells    [][2]int `json:"cells"`
	Rotation int      `json:"rotation"`
	Flip     bool     `json:"flip"`
}

// legal lists the seat's legal Cartographers moves from the API (the test's oracle for which move to play).
func (e *env) legal(id, token string) []cellMove { return legalMoves[cellMove](e, id, token) }

// legalMoves lists the seat's legal moves from the API in a game's move form M.
func legalMoves[M any](e *env, id, token string) []M {
	var out struct {
		Moves []M `json:"moves"`
	}
	e.getJSON("/api/matches/"+id+"/legal", token, &out)
	return out.Moves
}

func normal(cells [][2]int) string {
	r0, c0 := 99, 99
	for _, c := range cells {
		r0, c0 = min(r0, c[0]), min(c0, c[1])
	}
	keys := make([]string, 0, len(cells))
	for _, c := range cells {
		keys = append(keys, fmt.Sprintf("%d,%d", c[0]-r0, c[1]-c0))
	}
	slices.Sort(keys)
	return strings.Join(keys, ";")
}

func parseCells(s string) [][2]int {
	var out [][2]int
	for _, p := range strings.Split(s, ";") {
		a, b, ok := strings.Cut(p, ",")
		if !ok {
			continue
		}
		r, _ := strconv.Atoi(a)
		c, _ := strconv.Atoi(b)
		out = append(out, [2]int{r, c})
	}
	return out
}

func sortCells(cells [][2]int) [][2]int {
	out := slices.Clone(cells)
	slices.SortFunc(out, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return out
}

// dismissSeason closes the season scoring dialog with Enter (its focused button) and waits until that
// dialog is gone, so that the next Enter cannot reach it or the map.
func dismissSeason(t *testing.T, ctx context.Context) {
	t.Helper()
	evalString(t, ctx, `document.querySelector('#season-modal').dataset.seen = "1", ""`)
	press(t, ctx, kEnter)
	waitJS(t, ctx, `!document.querySelector('#season-modal[data-seen]')`)
}

// How a move is put on the sheet.
type placing int

const (
	byClicks      placing = iota // click the shape, the terrain, the target space, Confirm
	byKeys                       // digits, T, arrows, Enter
	byDrag                       // drag the shape from the card onto the target space, Confirm
	byDoubleClick                // as byClicks, but Confirm is clicked twice at once (an impatient double-click)
	placeOnly                    // as byClicks, without Confirm: the move is placed, not sent
)

// playThroughPage enacts a legal move through the page: shape (click or key), terrain (click or T),
// orientation with R and F, the target by a click on the sheet, by arrows or by dragging the shape,
// then Enter or Confirm.
func playThroughPage(t *testing.T, ctx context.Context, mv cellMove, how placing) {
	t.Helper()
	byKeys := how == byKeys
	if mv.Type == "draw" && !mv.Fallback && mv.Option != nil {
		if byKeys {
			press(t, ctx, strconv.Itoa(*mv.Option+1))
		} else {
			click(t, ctx, fmt.Sprintf(`#controls [data-option="%d"]`, *mv.Option))
		}
		waitJS(t, ctx, fmt.Sprintf(`!!document.querySelector('#controls [data-option="%d"].selected')`, *mv.Option))
	}
	if mv.Type == "draw" {
		if byKeys {
			for range 6 {
				if evalString(t, ctx, `(document.querySelector('#controls .terrain.selected')||{}).dataset?.terrain || ""`) == mv.Terrain {
					break
				}
				press(t, ctx, "t")
			}
		} else {
			click(t, ctx, fmt.Sprintf(`#controls [data-terrain="%s"]`, mv.Terrain))
		}
		waitJS(t, ctx, fmt.Sprintf(`!!document.querySelector('#controls [data-terrain="%s"].selected')`, mv.Terrain))
	}
	want := normal(mv.Cells)
	if mv.Type != "hero" {
		for i := 0; ; i++ {
			if evalString(t, ctx, `document.querySelector('#main-sheet .preview').dataset.shape`) == want {
				break
			}
			if i == 8 {
				t.Fatalf("no orientation of the previewed shape matches the move %v", mv.Cells)
			}
			if i == 3 {
				press(t, ctx, "f")
			} else {
				press(t, ctx, "r")
			}
		}
	} else {
		for range mv.Rotation {
			press(t, ctx, "r")
		}
		if mv.Flip {
			press(t, ctx, "f")
		}
	}
	// The preview's cells at the cursor tell where the anchor must go for the move's cells.
	cur := parseCells(evalString(t, ctx, `document.querySelector('#main-sheet').dataset.cursor`))[0]
	pv := sortCells(parseCells(evalString(t, ctx, `document.querySelector('#main-sheet .preview').dataset.cells`)))
	target := sortCells(mv.Cells)
	dr, dc := target[0][0]-pv[0][0], target[0][1]-pv[0][1]
	at := [2]int{cur[0] + dr, cur[1] + dc}
	if byKeys {
		// dr rows down (or up), dc columns right (or left).
		for _, axis := range []struct {
			n        int
			pos, neg string
		}{{dr, kArrowDown, kArrowUp}, {dc, kArrowRight, kArrowLeft}} {
			key, n := axis.pos, axis.n
			if n < 0 {
				key, n = axis.neg, -n
			}
			for range n {
				press(t, ctx, key)
			}
		}
		press(t, ctx, kEnter)
	} else if how == byDrag && mv.Option != nil {
		run(t, ctx, chromedp.DragAndDrop(chromedp.CSS(fmt.Sprintf(`#controls [data-option="%d"]`, *mv.Option)),
			chromedp.CSS(fmt.Sprintf(`#main-sheet [data-cell="%d,%d"] rect`, at[0], at[1]))))
	} else {
		click(t, ctx, fmt.Sprintf(`#main-sheet [data-cell="%d,%d"] rect`, at[0], at[1]))
	}
	waitJS(t, ctx, `document.querySelector('#main-sheet .preview').dataset.placed === "1"`)
	got := sortCells(parseCells(evalString(t, ctx, `document.querySelector('#main-sheet .preview').dataset.cells`)))
	if !slices.Equal(got, target) {
		t.Fatalf("placed %v, want %v", got, target)
	}
	if evalString(t, ctx, `document.querySelector('#main-sheet .preview').dataset.legal`) != "1" {
		t.Fatalf("the page calls the legal move %v illegal: %s", mv, evalString(t, ctx, `document.getElementById('reason').textContent`))
	}
	if how == placeOnly {
		return
	}
	seq := evalString(t, ctx, `document.getElementById('app').dataset.seq`)
	switch {
	case byKeys:
		press(t, ctx, kEnter)
	case how == byDoubleClick:
		evalString(t, ctx, `(b => (b.click(), b.click(), ""))(document.querySelector('#confirm'))`)
	default:
		click(t, ctx, `#confirm`)
	}
	waitJS(t, ctx, `Number(document.getElementById('app').dataset.seq) > `+seq)
}

const (
	kArrowDown  = kb.ArrowDown
	kArrowUp    = kb.ArrowUp
	kArrowLeft  = kb.ArrowLeft
	kArrowRight = kb.ArrowRight
	kEnter      = kb.Enter
)
