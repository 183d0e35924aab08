package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestServiceWorkerShowsAndOpens runs the service worker's code (/sw.js) against a stand-in for its
// global scope: a push with the server's payload shows a notification with its title, sentence and tag,
// and tapping it focuses an open Surveyor tab and takes it to the match, or opens one.
func TestServiceWorkerShowsAndOpens(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	// The site's pages forbid evaluating code (CSP): the worker's code runs in a blank page.
	res, err := http.Get(e.url + "/sw.js")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "javascript") {
		t.Fatalf("/sw.js: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	src, _ := json.Marshal(string(raw))
	const origin = "https://surveyor.example"
	run(t, ctx, chromedp.Navigate("about:blank"))
	var got struct {
		Shown   []any
		Focused []string
		Opened  []string
	}
	evalJSON(t, ctx, `(async () => {
		const src = `+string(src)+`, origin = "`+origin+`";
		const on = {}, out = { shown: [], focused: [], opened: [] };
		const waiting = [];
		const win = { url: origin + "/", focus: async () => { out.focused.push("focus"); }, navigate: async (u) => { out.focused.push(u); } };
		const self = {
			location: { origin: origin },
			addEventListener: (type, fn) => { on[type] = fn; },
			registration: { showNotification: async (title, opts) => { out.shown.push({ title, body: opts.body, tag: opts.tag, url: opts.data.url }); } },
			clients: { matchAll: async () => self.windows, openWindow: async (u) => { out.opened.push(u); } },
			windows: [win],
		};
		new Function("self", src)(self);
		const payload = { title: "Surveyor · Carcassonne", body: "Your turn in Carcassonne: Ada has played.", url: origin + "/m/abcdefghijklmnop", tag: "abcdefghijklmnop" };
		on.push({ data: { json: () => payload, text: () => JSON.stringify(payload) }, waitUntil: (p) => waiting.push(p) });
		const note = { data: { url: payload.url }, close: () => {} };
		on.notificationclick({ notification: note, waitUntil: (p) => waiting.push(p) });
		await Promise.all(waiting);
		self.windows = [];
		on.notificationclick({ notification: note, waitUntil: (p) => waiting.push(p) });
		await Promise.all(waiting);
		return JSON.stringify(out);
	})()`, &got)
	if len(got.Shown) != 1 {
		t.Fatalf("notifications shown: %v", got.Shown)
	}
	n := got.Shown[0].(map[string]any)
	if n["title"] != "Surveyor · Carcassonne" || n["body"] != "Your turn in Carcassonne: Ada has played." || n["tag"] != "abcdefghijklmnop" || n["url"] != origin+"/m/abcdefghijklmnop" {
		t.Errorf("the notification: %v", n)
	}
	if len(got.Focused) != 2 || got.Focused[1] != origin+"/m/abcdefghijklmnop" {
		t.Errorf("a tap with a tab open: %v", got.Focused)
	}
	if len(got.Opened) != 1 || got.Opened[0] != origin+"/m/abcdefghijklmnop" {
		t.Errorf("a tap with no tab open: %v", got.Opened)
	}
}
