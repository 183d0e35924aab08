package e2e

import (
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestInstallableAndOffline: Chromium finds the client installable (its manifest and icons, the service
// worker: Page.getInstallabilityErrors returns none); the worker keeps the client shell and nothing of the
// API; and with the server out of reach a reload opens the lobby from the shell, saying it is offline in
// English, French and Portuguese, and showing no list the server gave before as if it were current.
func TestInstallableAndOffline(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	// The browser reaches the server through a proxy of the test's own, which the test closes to go offline
	// (the page's origin stays the same, so the worker stays in charge).
	target, err := url.Parse(e.url)
	if err != nil {
		t.Fatal(err)
	}
	px := httptest.NewServer(httputil.NewSingleHostReverseProxy(target))
	t.Cleanup(func() { px.CloseClientConnections(); px.Close() })
	// A match waiting in the lobby, whose host's name the offline lobby must not show.
	e.postJSON("/api/matches", "", map[string]any{"game": "carcassonne", "max_seats": 3, "name": "Zelda"}, nil)

	// Chromium finds nothing installable in an incognito context: this page has a browser of its own.
	ctx := soleBrowser(t, "en-US")
	run(t, ctx, chromedp.Navigate(px.URL+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form') && document.body.textContent.includes("Zelda")`)
	if shown := evalString(t, ctx, `String(document.querySelector('#offline-banner').hidden)`); shown != "true" {
		t.Error("the offline banner shows while the server answers")
	}
	// The worker installs, takes the page and fills its cache with the shell.
	waitJS(t, ctx, `!!navigator.serviceWorker.controller`)
	waitJS(t, ctx, `(window.__keys = window.__keys || (caches.open("surveyor-shell-v1").then(c => c.keys()).then(ks => { window.__kept = ks.map(r => new URL(r.url).pathname); }), 1)) && (window.__keys = 0, Array.isArray(window.__kept) && window.__kept.includes("/js/main.js"))`)
	var kept []string
	evalJSON(t, ctx, `caches.keys().then(names => Promise.all(names.map(n => caches.open(n).then(c => c.keys())))).then(all => JSON.stringify(all.flat().map(r => new URL(r.url).pathname)))`, &kept)
	want := map[string]bool{"/": false, "/app.css": false, "/js/main.js": false, "/js/carcassonne/table.js": false, "/manifest.json": false, "/icon-192.png": false}
	for _, p := range kept {
		if strings.HasPrefix(p, "/api/") {
			t.Errorf("the worker kept an API answer: %s", p)
		}
		if _, ok := want[p]; ok {
			want[p] = true
		}
	}
	for p, ok := range want {
		if !ok {
			t.Errorf("the worker did not keep %s (kept %v)", p, kept)
		}
	}

	// Installable: a manifest Chromium reads without error, its icons, the worker.
	inst, err := chromedp.Call(ctx, page.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	man, err := chromedp.Call(ctx, page.GetAppManifest, page.GetAppManifestParams{})
	if err != nil {
		t.Fatal(err)
	}
	if man.Manifest == nil || !strings.HasSuffix(man.URL, "/manifest.json") {
		t.Errorf("no manifest read: %q", man.URL)
	}
	errs, manifestErrs := inst.InstallabilityErrors, man.Errors
	for _, ie := range errs {
		t.Errorf("not installable: %s %v", ie.ErrorID, ie.ErrorArguments)
	}
	for _, me := range manifestErrs {
		t.Errorf("the manifest: %s (line %d)", me.Message, me.Line)
	}

	// Offline: the server out of reach, a reload opens the lobby from the shell and says so.
	px.CloseClientConnections()
	px.Listener.Close()
	run(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `!!document.querySelector('#create-form') && !document.querySelector('#offline-banner').hidden`)
	if evalString(t, ctx, `String(document.body.textContent.includes("Zelda"))`) != "false" {
		t.Error("the offline lobby shows the match list it had from the server")
	}
	shots(t, ctx, "offline-lobby")
	banners := map[string]string{}
	for _, l := range []string{"en", "fr", "pt"} {
		setLang(t, ctx, l)
		waitJS(t, ctx, `!!document.querySelector('#offline-banner') && !document.querySelector('#offline-banner').hidden`)
		// The banner is in view at the top of the page, on a phone too.
		if in := evalString(t, ctx, `(() => { const r = document.querySelector('#offline-banner').getBoundingClientRect(); return String(r.top >= 0 && r.bottom <= innerHeight && r.height > 10); })()`); in != "true" {
			t.Errorf("%s: the offline banner is not in view", l)
		}
		banners[l] = evalString(t, ctx, `document.querySelector('#offline-banner').textContent`)
	}
	if !strings.Contains(banners["en"], "offline") || !strings.Contains(banners["fr"], "hors ligne") || !strings.Contains(banners["pt"], "offline") || banners["en"] == banners["pt"] {
		t.Errorf("the offline banner says %q", banners)
	}
}
