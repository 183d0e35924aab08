// Package e2e plays Cartographers and Carcassonne through the browser client in headless Chromium, against the real
// server started in-process (SQLite in a temporary directory, behind httptest).
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
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
	return newEnvServing(t, seed, tweak, nil)
}

// newEnvServing is newEnvWith whose server's handler is seen through wrap (nil: as it is), for a test that
// must change how the network answers (an answer held back, say).
func newEnvServing(t *testing.T, seed uint64, tweak func(*server.Config), wrap func(http.Handler) http.Handler) *env {
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
	e.url = serve(t, cfg, wrap)
	return e
}

// heldBack returns a wrap for newEnvServing that holds back the requests held chooses until release is
// called (or the test ends), as a slow network would: for a test that must order the page's answers.
func heldBack(t *testing.T, held func(*http.Request) bool) (wrap func(http.Handler) http.Handler, release func()) {
	ch := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(ch) }) }
	t.Cleanup(release)
	wrap = func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if held(r) {
				select {
				case <-ch:
				case <-r.Context().Done():
				}
			}
			h.ServeHTTP(w, r)
		})
	}
	return wrap, release
}

// serve starts a server on cfg, its handler seen through wrap when there is one, and returns its address;
// the server, then its store, close when the test ends.
func serve(t *testing.T, cfg server.Config, wrap ...func(http.Handler) http.Handler) string {
	t.Helper()
	srv, err := server.New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	for _, w := range wrap {
		if w != nil {
			h = w(h)
		}
	}
	hs := httptest.NewServer(h)
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
func chromiumPath() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium on PATH: run scripts/test, which installs Debian's chromium package")
}

// browser returns a tab in a fresh browser context (its own storage, as a new person's browser) of the
// package's Chromium for langs; more tabs in separate browser contexts come from incognito(ctx).
// Starting Chromium was most of a short test's time, so one process per language list serves every
// test: the language lists (--lang, --accept-lang, LANGUAGE) are the process's, and a browser context
// shares nothing else a page can see with the other tests' contexts.
func browser(t *testing.T, langs string) context.Context {
	t.Helper()
	root, err := chromium.root(langs)
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return incognito(t, root)
}

// soleBrowser starts a Chromium of the test's own and returns its first tab, in the browser's own
// (not off-the-record) context: for what Chromium refuses to an incognito context, such as installing
// the client.
func soleBrowser(t *testing.T, langs string) context.Context {
	t.Helper()
	b, err := startBrowser(langs)
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	t.Cleanup(b.close)
	failOnPageErrors(t, b.ctx)
	return b.ctx
}

// chromium holds the package's browsers, one per language list, started on first use and closed by
// TestMain.
var chromium = &browsers{byLangs: map[string]*sharedBrowser{}}

type browsers struct {
	mu      sync.Mutex
	byLangs map[string]*sharedBrowser
}

type sharedBrowser struct {
	ctx    context.Context // the first tab, which no test uses: its end is the browser's
	cancel context.CancelFunc
	dir    string // the profile
}

// root returns the first tab of the browser for langs, starting one when there is none or when the one
// there was has stopped (a crash is then one test's failure, not every later test's).
func (bs *browsers) root(langs string) (context.Context, error) {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if b := bs.byLangs[langs]; b != nil {
		if b.ctx.Err() == nil {
			return b.ctx, nil
		}
		b.close()
		delete(bs.byLangs, langs)
	}
	b, err := startBrowser(langs)
	if err != nil {
		return nil, err
	}
	bs.byLangs[langs] = b
	return b.ctx, nil
}

// startBrowser starts headless Chromium with langs as its languages (none given: the system's).
func startBrowser(langs string) (*sharedBrowser, error) {
	path, err := chromiumPath()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "surveyor-e2e-chromium-")
	if err != nil {
		return nil, fmt.Errorf("profile directory: %w", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(dir),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.WindowSize(1280, 1200),
		// Each browser context a test opens is a window, and Chromium builds each window's address-bar
		// popups as web pages of their own (two renderers, about 1 CPU-second a window, much of a short
		// test's cost). Headless, nobody sees them. (chromedp's own defaults, Translate and
		// BlinkGenPropertyTrees, are kept: this flag replaces its list.)
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup"),
	)
	if langs != "" {
		opts = append(opts, chromedp.Flag("lang", langs), chromedp.Flag("accept-lang", langs), chromedp.Env("LANGUAGE="+langs))
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	b := &sharedBrowser{ctx: ctx, cancel: func() { cancelC(); cancelA() }, dir: dir}
	// The first Do starts the browser; it must not carry a timeout, which would stop the whole browser.
	if err := chromedp.Do(ctx); err != nil {
		b.close()
		return nil, fmt.Errorf("chromium for %q: %w", langs, err)
	}
	return b, nil
}

func (b *sharedBrowser) close() {
	b.cancel()
	os.RemoveAll(b.dir)
}

// closeAll stops every browser.
func (bs *browsers) closeAll() {
	bs.mu.Lock()
	defer bs.mu.Unlock()
	for langs, b := range bs.byLangs {
		b.close()
		delete(bs.byLangs, langs)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	chromium.closeAll()
	os.Exit(code)
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

func click(t testing.TB, ctx context.Context, sel string) {
	t.Helper()
	clickArmed(t, ctx, sel, func() error { return chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))) })
}

// clickArmed clicks sel by do, and makes sure that the click reached sel. Two races of a page that draws
// itself again lose a mouse click, and a loaded machine makes their gaps long:
//   - the element is replaced (a tournament's page every few seconds, a table on every push, the lobby's
//     lists every 5 s) between chromedp's finding it and the mouse's press, or between the press and the
//     release: then no click happens at all, or one on an ancestor of the two elements;
//   - the element moves (a panel above it appears when its answer comes: the lobby's "Your games") between
//     chromedp's reading its place and the press: the click lands on whatever is now there.
//
// The click is armed: the first trusted click the page gets is checked against sel, and one that is
// neither on sel (or within it) nor where sel is drawn is stopped before the page's own handlers see it,
// so that it does nothing, and is made again on the element now there. A click that reached sel is never
// repeated, nor one on an element that stayed. (A page between two documents is not armed: its click is
// then not tried again.)
func clickArmed(t testing.TB, ctx context.Context, sel string, do func() error) {
	t.Helper()
	q := strconv.Quote(sel)
	for tries := 0; ; tries++ {
		_ = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(e => {
			window.__e2eClick = {clicked: false, missed: "", disabled: e && e.matches(":disabled") ? e.outerHTML.slice(0, 160) : ""};
			if (e) e.__e2eArmed = true;
			if (window.__e2eArm) window.removeEventListener("click", window.__e2eArm, {capture: true});
			window.__e2eArm = (ev) => {
				if (!ev.isTrusted) return;
				window.removeEventListener("click", window.__e2eArm, {capture: true});
				window.__e2eClick.clicked = true;
				// On sel, within it, or on what takes the clicks where sel is drawn (a mark that lets the
				// pointer through to the space under it).
				const on = (r) => ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
				if (ev.composedPath().some(n => n instanceof Element && n.matches(`+q+`)) ||
					[...document.querySelectorAll(`+q+`)].some(n => on(n.getBoundingClientRect()))) return;
				window.__e2eClick.missed = (ev.target instanceof Element ? ev.target.outerHTML : String(ev.target)).slice(0, 160) || "?";
				ev.stopImmediatePropagation();
				ev.preventDefault();
			};
			window.addEventListener("click", window.__e2eArm, {capture: true}); })(document.querySelector(`+q+`))`))
		err := do()
		if err != nil {
			msg := err.Error()
			if tries >= 5 || ctx.Err() != nil ||
				!(strings.Contains(msg, "Could not find node with given id") || strings.Contains(msg, "Node is detached")) {
				t.Fatalf("clicking %s: %v\n%s", sel, err, pageReport(ctx))
			}
			continue
		}
		// What the click did, and the arming undone (a click that never came must not leave it to catch a
		// later click); a click that never came on a control disabled before or after it fails the test. A page that went elsewhere has no __e2eClick: the click
		// reached it.
		var got struct {
			Clicked, Fresh   bool
			Missed, Disabled string
		}
		raw, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(e => { const c = window.__e2eClick;
			if (!c) return "{}";
			window.removeEventListener("click", window.__e2eArm, {capture: true});
			const disabled = c.disabled || (e && e.matches(":disabled") ? e.outerHTML.slice(0, 160) : "");
			return JSON.stringify({Clicked: c.clicked, Missed: c.missed, Fresh: !!e && !e.__e2eArmed, Disabled: disabled}); })(document.querySelector(`+q+`))`))
		if err != nil || json.Unmarshal([]byte(raw), &got) != nil {
			return
		}
		switch {
		case !got.Clicked && got.Disabled != "":
			// The browser sends a disabled control no click: the test meant to click something it cannot,
			// and says so now rather than fail later on what did not follow.
			t.Fatalf("clicking %s: it is disabled, the click did nothing: %s\n%s", sel, got.Disabled, pageReport(ctx))
		case got.Missed != "" && tries >= 5:
			t.Fatalf("clicking %s: every click landed elsewhere, the last on %s\n%s", sel, got.Missed, pageReport(ctx))
		case got.Missed != "":
			t.Logf("a click on %s landed on %s (the page moved under the pointer): clicking again", sel, got.Missed)
		case !got.Clicked && got.Fresh && tries < 5:
			// The element was replaced under the mouse and no click came: again, on the new one.
		default:
			return
		}
	}
}

// waitJS polls a JavaScript condition until it is true.
func waitJS(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	// A condition that throws is not true yet: the element it reads may not be on the page yet (the lobby
	// shows itself once its first answers are in), as a page being drawn is in a person's browser.
	guarded := "(() => { try { return !!(" + cond + "\n); } catch (e) { return false; } })()"
	for tries := 0; ; tries++ {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](guarded, chromedp.WithPollingInterval(20*time.Millisecond)))
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
		t.Fatalf("waiting for %s: %v\n%s", cond, err, pageReport(ctx))
	}
}

// pageReport tells what the page shows, for a failure's message: where it is, whether it has loaded, the
// table's state, the errors and notices in view and the start of its text. A log then tells a page that
// went elsewhere from one that did not catch up or one that refused something.
func pageReport(ctx context.Context) string {
	if ctx.Err() != nil {
		return "page: none (the test's browser context has ended)"
	}
	// The page may itself be stuck: the report gets a few seconds, not the test's remaining time.
	rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	out, err := chromedp.Run(rctx, chromedp.Evaluate[string](`(() => {
		const seen = (e) => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
		const text = (e) => e.textContent.replace(/\s+/g, " ").trim().slice(0, 160);
		const tb = document.querySelector("#table");
		const notes = [...document.querySelectorAll(".error, .notice, .offline-banner, [role=alert], [role=dialog]")]
			.filter(e => seen(e) && text(e)).slice(0, 6).map(text);
		return JSON.stringify({ href: location.href, readyState: document.readyState,
			table: tb ? Object.assign({}, tb.dataset) : null, notices: notes,
			text: document.body ? document.body.innerText.replace(/\s+/g, " ").slice(0, 300) : "" });
	})()`))
	if err != nil {
		return fmt.Sprintf("page: could not be read: %v", err)
	}
	return "page: " + out
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
