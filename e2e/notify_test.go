package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/notify/mail"
	"github.com/surveyor-game/surveyor/notify/mail/mailtest"
	"github.com/surveyor-game/surveyor/server"
)

// pageCall makes an API call from the page, with its cookies and Origin, and decodes the answer.
func pageCall(t *testing.T, ctx context.Context, method, path string, body any, v any) {
	t.Helper()
	b, _ := json.Marshal(body)
	js := fmt.Sprintf(`fetch(%q, {method: %q, headers: {"Content-Type": "application/json"}, body: %s})
		.then(async r => { const j = await r.text(); if (!r.ok) throw new Error(r.status + " " + j); return j || "{}"; })`,
		path, method, map[bool]string{true: "undefined", false: fmt.Sprintf("%q", b)}[body == nil])
	evalJSON(t, ctx, js, v)
}

// signUpIn signs a browser up through the page's API, as the account form would.
func signUpIn(t *testing.T, ctx context.Context, e *env, name string) {
	t.Helper()
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signup", map[string]string{"name": name, "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#signed-in-as')`)
}

// TestYourTurnReachesTheOpenLobby: two signed-in players in two browsers. When one moves, the other's
// open lobby tab shows it on the bell within a second; they talk at the table; once one blocks the
// other, the blocked player's message is refused in words.
func TestYourTurnReachesTheOpenLobby(t *testing.T) {
	e := newEnv(t, 11)
	ada := browser(t, "en-US")
	signUpIn(t, ada, e, "Ada")
	bea := incognito(t, ada)
	signUpIn(t, bea, e, "Bea")

	var m struct{ ID, Token string }
	pageCall(t, ada, "POST", "/api/matches", map[string]any{"game": "carcassonne", "name": "Ada", "max_seats": 2}, &m)
	var b struct{ Token string }
	pageCall(t, bea, "POST", "/api/matches/"+m.ID+"/join", map[string]any{"name": "Bea"}, &b)
	pageCall(t, ada, "POST", "/api/matches/"+m.ID+"/start", map[string]any{}, &struct{}{})

	// Bea's lobby: the start is on the bell.
	run(t, bea, chromedp.Navigate(e.url+"/"))
	waitJS(t, bea, `!!document.querySelector('#bell') && document.querySelector('#unread').textContent === "1" && !document.querySelector('#unread').hidden`)
	evalString(t, bea, `window.addEventListener("surveyor:note", () => { window.badgeAt ||= Date.now(); }), ""`)

	// Ada plays her turn (a tile, then her meeple decision) through the API; the last move hands it to Bea.
	sent := playTurns(t, e, m.ID, m.Token, 0)
	waitJS(t, bea, `!!window.badgeAt`)
	// Two notes about one table: the bell counts the table once.
	if got := evalString(t, bea, `document.querySelector('#unread').textContent`); got != "1" {
		t.Errorf("the bell shows %q for one table with two notes, want 1", got)
	}
	var at int64
	evalJSON(t, bea, `String(window.badgeAt)`, &at)
	took := time.UnixMilli(at).Sub(sent)
	t.Logf("the bell showed the turn %v after the move was sent", took)
	if took > time.Second {
		t.Errorf("the bell took %v, want within a second", took)
	}
	shot(t, bea, "bell-badge")
	click(t, bea, "#bell")
	waitJS(t, bea, `document.querySelectorAll('#notes-panel li.note.unread').length === 2 && !!document.querySelector('#mark-all-read')`)
	if got := evalString(t, bea, `document.querySelector('#notes-panel li.note a').textContent`); got != "Your turn in Carcassonne: Ada has played." {
		t.Errorf("the newest note reads %q", got)
	}
	run(t, bea, chromedp.EmulateViewport(1440, 900))
	shot(t, bea, "bell-panel")
	phoneShot(t, bea, "bell-panel-phone", 1440, 900)
	// Opening the panel reads nothing; the note leads to the table, and the table in view reads its notes.
	if evalString(t, bea, `String(document.querySelector('#unread').hidden)`) != "false" {
		t.Error("opening the panel cleared the bell")
	}
	click(t, bea, "#notes-panel li.note a")
	waitJS(t, bea, `location.pathname === "/m/`+m.ID+`" && !!document.querySelector('#chat-text')`)
	waitJS(t, bea, `document.querySelector('#unread').hidden`)

	// They talk.
	run(t, ada, chromedp.Navigate(e.url+"/m/"+m.ID))
	waitJS(t, ada, `!!document.querySelector('#chat-text')`)
	say := func(ctx context.Context, text string) {
		evalString(t, ctx, fmt.Sprintf(`(i => (i.value = %q, i.dispatchEvent(new Event('input')), ""))(document.querySelector('#chat-text'))`, text))
		click(t, ctx, "#chat-send")
	}
	say(ada, "Your move, Bea")
	waitJS(t, bea, `[...document.querySelectorAll('#chat-list .chat-text')].some(x => x.textContent === "Your move, Bea")`)
	say(bea, "Thinking!")
	waitJS(t, ada, `[...document.querySelectorAll('#chat-list .chat-text')].some(x => x.textContent === "Thinking!")`)
	waitJS(t, bea, `document.querySelectorAll('#presence .seat-presence[data-connected="1"]').length === 2`)
	shot(t, bea, "table-presence")

	// Bea's turn comes while she looks at the table: no note. Ada's follow, noted after it, shows that the
	// notes before it were worked.
	playTurns(t, e, m.ID, b.Token, 1)
	playTurns(t, e, m.ID, m.Token, 0)
	pageCall(t, ada, "POST", "/api/users/Bea/follow", map[string]any{}, &struct{}{})
	var in struct {
		Notes []struct{ Kind string }
	}
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		pageCall(t, bea, "GET", "/api/account/notifications", nil, &in)
		if len(in.Notes) > 0 && in.Notes[0].Kind == "follow" || time.Now().After(end) {
			break
		}
	}
	if len(in.Notes) != 3 || in.Notes[0].Kind != "follow" {
		t.Fatalf("Bea's notes after her turn came at the table: %+v, want the follow, the turn before and the start", in.Notes)
	}
	// Mark all read, in French.
	run(t, bea, chromedp.Navigate(e.url+"/"))
	waitJS(t, bea, `!!document.querySelector('#lang')`)
	run(t, bea, chromedp.SetValue(chromedp.CSS("#lang"), "fr"))
	evalString(t, bea, `document.querySelector('#lang').dispatchEvent(new Event('change')), ""`)
	waitJS(t, bea, `document.documentElement.lang === "fr" && !document.querySelector('#unread').hidden`)
	click(t, bea, "#bell")
	waitJS(t, bea, `!!document.querySelector('#mark-all-read')`)
	shot(t, bea, "bell-panel-fr")
	phoneShot(t, bea, "bell-panel-fr-phone", 1440, 900)
	click(t, bea, "#mark-all-read")
	waitJS(t, bea, `document.querySelector('#unread').hidden && !document.querySelector('#notes-panel li.unread')`)

	// Bea blocks Ada from her page.
	run(t, bea, chromedp.Navigate(e.url+"/u/Ada"))
	waitJS(t, bea, `!!document.querySelector('#block')`)
	shot(t, bea, "profile-social")
	click(t, bea, "#block")
	waitJS(t, bea, `!!document.querySelector('#blocked-note') && !!document.querySelector('#unblock') && !document.querySelector('#follow')`)
	say(ada, "Are you there?")
	waitJS(t, ada, `!!document.querySelector('#chat-error')`)
	if got := evalString(t, ada, `document.querySelector('#chat-error').textContent`); got != "This player does not take your messages or invitations." {
		t.Errorf("the refusal reads %q", got)
	}
	var st struct {
		Match struct {
			Chat []struct{ Text string } `json:"chat"`
		} `json:"match"`
	}
	e.getJSON("/api/matches/"+m.ID, "", &st)
	if len(st.Match.Chat) != 2 {
		t.Errorf("the table's chat holds %d messages, want the 2 sent before the block", len(st.Match.Chat))
	}
}

// playTurns plays seat's moves through the API while it is the seat to act, and says when the last went.
func playTurns(t *testing.T, e *env, id, token string, seat int) (sent time.Time) {
	t.Helper()
	for range 4 {
		var st struct {
			Match struct {
				ToAct []int `json:"to_act"`
			} `json:"match"`
		}
		e.getJSON("/api/matches/"+id, "", &st)
		if len(st.Match.ToAct) == 0 || st.Match.ToAct[0] != seat {
			break
		}
		moves := legalMoves[json.RawMessage](e, id, token)
		sent = time.Now()
		e.postJSON("/api/matches/"+id+"/moves", token, map[string]json.RawMessage{"move": moves[0]}, nil)
	}
	return sent
}

// TestNotificationSettings: the settings page's notifications section, in French: page and push
// switches, the browsers list, mail offered only where the server sends mail; following a player puts
// them in the lobby's list of people you follow, online.
func TestNotificationSettings(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 12)
	ada := browser(t, "fr-FR")
	signUpIn(t, ada, e, "Ada")
	bea := incognito(t, ada)
	signUpIn(t, bea, e, "Bea")
	run(t, ada, chromedp.Navigate(e.url+"/settings"))
	waitJS(t, ada, `!!document.querySelector('#notify-form')`)
	if got := evalString(t, ada, `document.querySelector('#notify-settings h3').textContent`); got != "Notifications" {
		t.Errorf("section title %q", got)
	}
	if evalString(t, ada, `String(!!document.querySelector('#no-mail'))`) != "true" {
		t.Error("mail is offered on a server without SMTP")
	}
	click(t, ada, "#notify-page")
	click(t, ada, "#save-notify")
	waitJS(t, ada, `document.querySelector('#notify-msg').textContent === "Enregistré."`)
	var p struct{ Page bool }
	pageCall(t, ada, "GET", "/api/account/notify", nil, &p)
	if p.Page {
		t.Error("turning page notices off was not saved")
	}
	shot(t, ada, "settings-notify-fr")
	phoneShot(t, ada, "settings-notify-fr-phone", 1280, 900)
	// Ada follows Bea; Bea has a page open, so the lobby shows her online.
	run(t, ada, chromedp.Navigate(e.url+"/u/Bea"))
	waitJS(t, ada, `!!document.querySelector('#follow')`)
	click(t, ada, "#follow")
	waitJS(t, ada, `!!document.querySelector('#unfollow')`)
	run(t, ada, chromedp.Navigate(e.url+"/"))
	waitJS(t, ada, `!!document.querySelector('#friends li.online')`)
	shot(t, ada, "lobby-friends-fr")
}

// TestMailSettings: on a server that sends mail, a player (in Portuguese) gives an address and asks for a
// daily digest; the page says the address waits for its link; the link, followed in the browser, confirms
// it, and the settings say so.
func TestMailSettings(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	mc, err := mail.ParseURL(smtp.URL("Surveyor <noreply@surveyor.example>"))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvWith(t, 13, func(c *server.Config) { c.SMTP = &mc; c.PublicURL = "http://placeholder" })
	ctx := browser(t, "pt-PT")
	signUpIn(t, ctx, e, "Ana")
	run(t, ctx, chromedp.Navigate(e.url+"/settings"))
	waitJS(t, ctx, `!!document.querySelector('#notify-email')`)
	run(t, ctx, chromedp.SendKeys(chromedp.CSS("#notify-email"), "ana@example.org"),
		chromedp.SetValue(chromedp.CSS("#notify-mail"), "digest"), chromedp.SetValue(chromedp.CSS("#notify-hour"), "19"))
	click(t, ctx, "#save-notify")
	waitJS(t, ctx, `!!document.querySelector('#email-state') && document.querySelector('#notify-msg').textContent === "Salvo."`)
	if got := evalString(t, ctx, `document.querySelector('#email-state').textContent`); got != "aguardando: siga o link enviado para este endereço" {
		t.Errorf("the address's state reads %q", got)
	}
	shot(t, ctx, "settings-mail-pt")
	phoneShot(t, ctx, "settings-mail-pt-phone", 1280, 900)
	got := smtp.Wait(t, 1, 10*time.Second)
	link := regexp.MustCompile(`http://placeholder(/confirm-email\?\S+)`).FindStringSubmatch(got[0].Body)
	if link == nil || got[0].Header.Get("Subject") == "" {
		t.Fatalf("confirmation mail: %v\n%s", got[0].Header, got[0].Body)
	}
	run(t, ctx, chromedp.Navigate(e.url+link[1]))
	waitJS(t, ctx, `document.body.textContent.includes("ana@example.org ✓")`)
	shot(t, ctx, "mail-confirmed")
	run(t, ctx, chromedp.Navigate(e.url+"/settings"))
	waitJS(t, ctx, `!!document.querySelector('#email-state') && document.querySelector('#email-state').textContent === "confirmado"`)
	if v := evalString(t, ctx, `document.querySelector('#notify-mail').value + " " + document.querySelector('#notify-hour').value`); v != "digest 19" {
		t.Errorf("the mail settings read %q after confirming", v)
	}
}
