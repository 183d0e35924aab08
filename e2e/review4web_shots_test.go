package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReview4WebShots takes, when SURVEYOR_SHOTS names a directory, the states of the screens changed in
// the fourth review's session (settings after a password change and at the tokens' cap, the tournament
// form's start said in words, a full chat, a refused sign-up, the lobby, a replay, the leaderboard), in
// English, French and Portuguese, at 1280x900 and on a phone.
func TestReview4WebShots(t *testing.T) {
	if os.Getenv("SURVEYOR_SHOTS") == "" {
		t.Skip("SURVEYOR_SHOTS unset: the screenshots are for a person to look at")
	}
	t.Parallel()
	// The chat's cap and the sign-ups' hour are answered as the server would once reached.
	wrap := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == "POST" && strings.HasSuffix(r.URL.Path, "/chat") {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(409)
				_, _ = w.Write([]byte(`{"error":{"code":"chat_full","message":"1000 messages at most"}}`))
				return
			}
			if r.Method == "POST" && r.URL.Path == "/api/account/signup" && r.Header.Get("Authorization") == "" && strings.Contains(r.Header.Get("User-Agent"), "Chrome") {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Retry-After", "2700")
				w.WriteHeader(429)
				_, _ = w.Write([]byte(`{"error":{"code":"rate_limited","message":"30 accounts an hour at most from one address","retry_after":2700}}`))
				return
			}
			h.ServeHTTP(w, r)
		})
	}
	e := newEnvServing(t, 7, nil, wrap)
	ada, bea := newPlayer(t, e.url, "Ada"), newPlayer(t, e.url, "Bea")
	type created struct {
		ID, Token string
		Seat      int
	}
	var m created
	ada.must("POST", "/api/matches", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 2}, &m)
	bea.must("POST", "/api/matches/"+m.ID+"/join", map[string]any{"name": "Bea"}, nil)
	ada.must("POST", "/api/matches/"+m.ID+"/start", map[string]any{}, nil)
	playUpTo(t, m.ID, map[string]*player{"Ada": ada, "Bea": bea}, 10)
	var solo created
	ada.must("POST", "/api/matches", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &solo)
	ada.must("POST", "/api/matches/"+solo.ID+"/start", map[string]any{}, nil)
	playOut(t, solo.ID, map[string]*player{"Ada": ada})

	sizes := []struct {
		tag  string
		w, h int64
	}{{"desk", 1280, 900}, {"phone", 390, 844}}
	for _, lang := range []string{"en-US", "fr-FR", "pt-BR"} {
		ctx := browser(t, lang)
		run(t, ctx, chromedp.Navigate(e.url+"/"))
		waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
		for _, size := range sizes {
			if size.tag == "phone" {
				run(t, ctx, chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(2), chromedp.EmulateMobile))
			} else {
				run(t, ctx, chromedp.EmulateViewport(size.w, size.h))
			}
			tag := lang[:2] + "-" + size.tag
			look := func(name string) {
				t.Helper()
				time.Sleep(300 * time.Millisecond)
				var diag []string
				evalJSON(t, ctx, reviewDiag, &diag)
				for _, d := range diag {
					t.Logf("%s %s: %s", name, tag, d)
				}
				// What the screen shows, not the whole page: the state is scrolled into view first.
				buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(os.Getenv("SURVEYOR_SHOTS"), name+"-"+tag+".png"), buf, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			// A refused sign-up: the hour's accounts from this address are spent.
			evalJSON(t, ctx, `fetch("/api/account/signout", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(() => "{}")`, &struct{}{})
			run(t, ctx, chromedp.Navigate(e.url+"/"))
			waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
			click(t, ctx, "#sign-in")
			waitJS(t, ctx, `!!document.querySelector('#account-name')`)
			evalString(t, ctx, `document.querySelector('#account-name').value = "Newcomer", document.querySelector('#account-password').value = "correct horse", ""`)
			click(t, ctx, "#do-sign-up")
			waitJS(t, ctx, `document.querySelector('#account-form .error').textContent.length > 0`)
			look("signup-refused")

			// Settings: a password change that revoked three tokens, then the tokens' cap.
			name := "Pw" + strings.ReplaceAll(tag, "-", "")
			p := newPlayer(t, e.url, name)
			for i := range 3 {
				p.must("POST", "/api/account/tokens", map[string]any{"name": fmt.Sprintf("bot %d", i), "scopes": []string{"read", "play"}}, nil)
			}
			pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": name, "password": "correct horse"}, &struct{}{})
			run(t, ctx, chromedp.Navigate(e.url+"/settings"))
			waitJS(t, ctx, `document.querySelectorAll('#tokens tr[data-id]').length === 3`)
			evalString(t, ctx, `document.querySelector('#password-settings').scrollIntoView(), ""`)
			look("settings-before")
			evalString(t, ctx, `document.querySelector('#old-password').value = "correct horse", document.querySelector('#new-password').value = "battery staple", ""`)
			click(t, ctx, "#change-password")
			waitJS(t, ctx, `document.querySelector('#password-msg').textContent.length > 0 && !document.querySelector('#tokens tr[data-id]')`)
			evalString(t, ctx, `document.querySelector('#password-msg').scrollIntoView({block: "center"}), ""`)
			look("settings-password-changed")
			p.must("POST", "/api/account/signin", map[string]string{"name": name, "password": "battery staple"}, nil)
			for i := range 50 {
				p.must("POST", "/api/account/tokens", map[string]any{"name": fmt.Sprintf("script %d", i), "scopes": []string{"read"}}, nil)
			}
			run(t, ctx, chromedp.Navigate(e.url+"/settings"))
			waitJS(t, ctx, `document.querySelectorAll('#tokens tr[data-id]').length === 50`)
			evalString(t, ctx, `document.querySelector('#token-name').value = "one more", ""`)
			click(t, ctx, "#create-token")
			waitJS(t, ctx, `!!document.querySelector('#token-settings .error')`)
			evalString(t, ctx, `document.querySelector('#token-settings .error').scrollIntoView({block: "center"}), ""`)
			look("settings-tokens-full")

			// Ada's screens.
			pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
			b, _ := json.Marshal(map[string]any{"token": m.Token, "seat": m.Seat})
			evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.seat.%s", %q), ""`, m.ID, b))
			run(t, ctx, chromedp.Navigate(e.url+"/"))
			waitJS(t, ctx, `!!document.querySelector('#create-form')`)
			look("lobby")
			run(t, ctx, chromedp.Navigate(e.url+"/tournaments"))
			waitJS(t, ctx, `document.querySelector('#tour-start-said')?.textContent.length > 0`)
			evalString(t, ctx, `document.querySelector('#tour-when').scrollIntoView(), ""`)
			look("tournament-form")
			evalString(t, ctx, `(() => { const i = document.querySelector('#tour-start'); i.value = "2020-01-02T03:04"; i.dispatchEvent(new Event("input", {bubbles: true})); i.dispatchEvent(new Event("change", {bubbles: true})); })(), ""`)
			look("tournament-form-past")
			run(t, ctx, chromedp.Navigate(e.url+"/m/"+m.ID))
			waitJS(t, ctx, `!!document.querySelector('#chat-text')`)
			evalString(t, ctx, `document.querySelector('#chat-text').value = "good luck", ""`)
			evalString(t, ctx, `document.querySelector('#chat-send').click(), ""`)
			waitJS(t, ctx, `!!document.querySelector('#chat-error')`)
			evalString(t, ctx, `document.querySelector('#chat-error').scrollIntoView({block: "center"}), ""`)
			look("chat-full")
			run(t, ctx, chromedp.Navigate(e.url+"/m/"+solo.ID+"/replay?step=4"))
			waitJS(t, ctx, `document.querySelector('#screen').innerText.length > 40`)
			look("replay")
			run(t, ctx, chromedp.Navigate(e.url+"/leaderboard/cartographers"))
			waitJS(t, ctx, `document.querySelector('#screen').innerText.length > 20`)
			look("leaderboard")
		}
	}
}
