package social

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/internal/egress"
	"github.com/surveyor-game/surveyor/notify/push"
	"github.com/surveyor-game/surveyor/server/accounts"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/store"
)

// The place around the tables (docs/api.md, "Notifications and friends"): an account's inbox and its live
// stream, how it wants to be told, its browsers' push subscriptions, the people it follows and blocks,
// reports to the operator, invitations by name.

const (
	CodeBlocked = "blocked"
	// onlineWithin is how recently an account must have had a page open to count as online.
	onlineWithin = 2 * time.Minute
	// seenEvery is how often an open stream records that its account is still there.
	seenEvery = time.Minute
	// inboxKeepAlive is the longest an inbox stream stays silent (proxies drop idle connections).
	inboxKeepAlive = 25 * time.Second
)

// noteOut is a note as the API shows it.
type noteOut struct {
	ID       int64      `json:"id"`
	Kind     string     `json:"kind"`
	Match    string     `json:"match,omitempty"`
	Game     string     `json:"game,omitempty"`
	By       string     `json:"by,omitempty"`
	Account  bool       `json:"by_account,omitempty"` // By is an account's name, not a guest's
	Seat     int        `json:"seat"`
	Deadline *time.Time `json:"deadline,omitempty"`
	Created  time.Time  `json:"created"`
	Read     bool       `json:"read"`
	// A tournament's notes: its id and name, the round paired, your final place.
	Tournament string `json:"tournament,omitempty"`
	Title      string `json:"title,omitempty"`
	Round      int    `json:"round,omitempty"`
	Place      int    `json:"place,omitempty"`
}

func toNoteOut(n store.Note) noteOut {
	var d NoteData
	json.Unmarshal(n.Data, &d)
	return noteOut{ID: n.ID, Kind: n.Kind, Match: n.GameID, Game: d.Game, By: d.By, Account: d.Actor != "", Seat: d.Seat, Deadline: d.Deadline, Created: n.Created, Read: n.Read,
		Tournament: d.Tournament, Title: d.Title, Round: d.Round, Place: d.Place}
}

// noteCounts are an account's unread notes and what they are about (the bell's count: each table or
// invitation once, and each note about no match), as every answer about the inbox gives them.
type noteCounts struct {
	Unread  int `json:"unread"`
	Waiting int `json:"waiting"`
}

func (s *Room) noteCounts(ctx context.Context, user string) (noteCounts, error) {
	var c noteCounts
	var err error
	if c.Unread, err = s.accounts.Unread(ctx, user); err != nil {
		return c, err
	}
	c.Waiting, err = s.accounts.Waiting(ctx, user)
	return c, err
}

// Notifications is GET /api/account/notifications?before=ID
func (s *Room) Notifications(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopeRead)
	if err != nil {
		return err
	}
	before, _ := strconv.ParseInt(r.URL.Query().Get("before"), 10, 64)
	ns, err := s.accounts.Inbox(r.Context(), p.User.ID, before, 50)
	if err != nil {
		return fmt.Errorf("notifications: %w", err)
	}
	c, err := s.noteCounts(r.Context(), p.User.ID)
	if err != nil {
		return fmt.Errorf("notifications: %w", err)
	}
	out := make([]noteOut, len(ns))
	for i, n := range ns {
		out[i] = toNoteOut(n)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"notes": out, "unread": c.Unread, "waiting": c.Waiting})
	return nil
}

// ReadNotifications is POST /api/account/notifications/read {"upto": ID} or {"ids": [ID, ...]}
func (s *Room) ReadNotifications(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return err
	}
	var req struct {
		Upto int64   `json:"upto"`
		IDs  []int64 `json:"ids"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if len(req.IDs) > 200 {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "ids: at most 200 notes at once")
	}
	if len(req.IDs) > 0 {
		if err := s.accounts.MarkNotesRead(r.Context(), p.User.ID, req.IDs); err != nil {
			return fmt.Errorf("read notifications: %w", err)
		}
	}
	return s.markRead(w, r, p.User.ID, req.Upto)
}

// ReadAllNotifications is POST /api/account/notifications/read-all: every note read, the bell at zero.
func (s *Room) ReadAllNotifications(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return err
	}
	if err := s.decodeOptional(w, r, &struct{}{}); err != nil {
		return err
	}
	return s.markRead(w, r, p.User.ID, math.MaxInt64)
}

// markRead marks the account's notes up to id upto read, answers the new counts and tells its other pages.
func (s *Room) markRead(w http.ResponseWriter, r *http.Request, user string, upto int64) error {
	if err := s.accounts.MarkRead(r.Context(), user, upto); err != nil {
		return fmt.Errorf("read notifications: %w", err)
	}
	c, err := s.noteCounts(r.Context(), user)
	if err != nil {
		return fmt.Errorf("read notifications: %w", err)
	}
	s.wakeUsers(r.Context(), []string{user})
	httpkit.WriteJSON(w, http.StatusOK, c)
	return nil
}

// AccountEvents is GET /api/account/events: server-sent events for any open page of a signed-in account.
// First "hello" with the unread count, then a "note" for every new note (with the new count). While it is
// open the account counts as online.
func (s *Room) AccountEvents(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopeRead)
	if err != nil {
		return err
	}
	ctx, user := r.Context(), p.User.ID
	wake := s.inboxes.listen(user)
	defer s.inboxes.leave(user, wake)
	last := int64(0)
	if ns, err := s.accounts.Inbox(ctx, user, 0, 1); err == nil && len(ns) > 0 {
		last = ns[0].ID
	}
	c, err := s.noteCounts(ctx, user)
	if err != nil {
		return fmt.Errorf("account events: %w", err)
	}
	s.accounts.Seen(ctx, user, s.now())
	rc := http.NewResponseController(w)
	// The request has no body: the deadline that bounds a body's arrival must not end the stream (the
	// server's watch for a closed connection would cancel the request when it passes).
	rc.SetReadDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(event string, v any) error {
		rc.SetWriteDeadline(time.Now().Add(30 * time.Second))
		var err error
		if event == "" {
			_, err = fmt.Fprint(w, ": keep-alive\n\n")
		} else {
			_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, httpkit.MustJSON(v))
		}
		if err != nil {
			return err
		}
		return rc.Flush()
	}
	if send("hello", c) != nil {
		return nil
	}
	alive := time.NewTicker(inboxKeepAlive)
	defer alive.Stop()
	seen := time.NewTicker(seenEvery)
	defer seen.Stop()
	for {
		select {
		case <-wake:
			if !s.stillSignedIn(r, user) {
				return nil
			}
			ns, err := s.accounts.InboxSince(ctx, user, last)
			if err != nil {
				continue
			}
			c, _ := s.noteCounts(ctx, user)
			for _, n := range ns {
				last = n.ID
				if send("note", map[string]any{"note": toNoteOut(n), "unread": c.Unread, "waiting": c.Waiting}) != nil {
					return nil
				}
			}
			// Notes read elsewhere (another page, a table in view): the counts alone.
			if len(ns) == 0 && send("count", c) != nil {
				return nil
			}
		case <-alive.C:
			if send("", nil) != nil {
				return nil
			}
		case <-seen.C:
			if !s.stillSignedIn(r, user) {
				return nil
			}
			s.accounts.Seen(ctx, user, s.now())
		case <-s.host.Drained:
			return nil
		case <-ctx.Done():
			return nil
		}
	}
}

// stillSignedIn reports whether the credential a stream was opened with still names the account: a
// session ended (signed out everywhere, a password changed or reset) or a token revoked must not go on
// hearing the account's notes.
func (s *Room) stillSignedIn(r *http.Request, user string) bool {
	p, err := s.ident.SignedIn(r, accounts.ScopeRead)
	if e := (*httpkit.Error)(nil); err != nil && !errors.As(err, &e) {
		// The database could not say (away for a moment): the credential is not known to have ended, and
		// ending every open page's stream at once would have them all reconnect together as it returns.
		s.log.Warn("event stream: its credential could not be checked again", "err", err)
		return true
	}
	return err == nil && p != nil && p.User.ID == user
}

// prefsOut is an account's notification settings as the settings page shows them.
type prefsOut struct {
	Page       bool      `json:"page"`
	Push       bool      `json:"push"`
	Mail       string    `json:"mail"` // "off", "each", "digest"
	DigestHour int       `json:"digest_hour"`
	Email      string    `json:"email"`
	Confirmed  bool      `json:"confirmed"`
	Lang       string    `json:"lang"`
	PushKey    string    `json:"push_key,omitempty"` // the VAPID public key browsers subscribe with
	CanMail    bool      `json:"can_mail"`           // the operator configured SMTP
	Browsers   []subOut  `json:"browsers"`
	Updated    time.Time `json:"-"`
}

type subOut struct {
	ID      string    `json:"id"`
	Agent   string    `json:"agent"`
	Created time.Time `json:"created"`
}

var mailModes = []string{store.MailOff: "off", store.MailEach: "each", store.MailDigest: "digest"}

// GetPrefs is GET /api/account/notify
func (s *Room) GetPrefs(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopeRead)
	if err != nil {
		return err
	}
	return s.writePrefs(w, r.Context(), p.User.ID)
}

func (s *Room) writePrefs(w http.ResponseWriter, ctx context.Context, userID string) error {
	pr, err := s.accounts.Prefs(ctx, userID)
	if err != nil {
		return fmt.Errorf("notification settings: %w", err)
	}
	subs, err := s.accounts.PushSubs(ctx, userID)
	if err != nil {
		return fmt.Errorf("notification settings: %w", err)
	}
	out := prefsOut{Page: pr.Page, Push: pr.Push, Mail: mailModes[pr.Mail], DigestHour: pr.DigestHour, Email: pr.Email,
		Confirmed: pr.Confirmed, Lang: pr.Lang, CanMail: s.sender != nil && s.sender.mail != nil, Browsers: []subOut{}}
	if s.sender != nil && s.sender.push != nil {
		out.PushKey = s.sender.push.Keys.Public
	}
	for _, sub := range subs {
		out.Browsers = append(out.Browsers, subOut{ID: sub.ID, Agent: sub.Agent, Created: sub.Created})
	}
	httpkit.WriteJSON(w, http.StatusOK, out)
	return nil
}

// ConfirmBurst is how many confirmation mails an account may ask for an hour.
const ConfirmBurst = 3

// SetPrefs is POST /api/account/notify {page, push, mail, digest_hour, lang, email}: any subset. A new
// address is unconfirmed until the link mailed to it is followed; mails wait for it.
func (s *Room) SetPrefs(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return err
	}
	var req struct {
		Page       *bool   `json:"page"`
		Push       *bool   `json:"push"`
		Mail       *string `json:"mail"`
		DigestHour *int    `json:"digest_hour"`
		Lang       *string `json:"lang"`
		Email      *string `json:"email"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	ctx := r.Context()
	pr, err := s.accounts.Prefs(ctx, p.User.ID)
	if err != nil {
		return fmt.Errorf("notification settings: %w", err)
	}
	if req.Page != nil {
		pr.Page = *req.Page
	}
	if req.Push != nil {
		pr.Push = *req.Push
	}
	if req.Mail != nil {
		i := -1
		for k, m := range mailModes {
			if m == *req.Mail {
				i = k
			}
		}
		if i < 0 {
			return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "mail is off, each or digest")
		}
		pr.Mail = i
	}
	if req.DigestHour != nil {
		if *req.DigestHour < 0 || *req.DigestHour > 23 {
			return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "digest_hour is 0 to 23 (UTC)")
		}
		pr.DigestHour = *req.DigestHour
	}
	if req.Lang != nil {
		if _, ok := noteLangs[*req.Lang]; !ok {
			return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "lang is en, fr or pt")
		}
		pr.Lang = *req.Lang
	}
	confirm := false
	if req.Email != nil && strings.TrimSpace(*req.Email) != pr.Email {
		email := strings.TrimSpace(*req.Email)
		if email != "" {
			a, err := mail.ParseAddress(email)
			if err != nil || a.Name != "" || a.Address != email || len(email) > 254 {
				return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "%q is not an e-mail address", email)
			}
			if s.sender == nil || s.sender.mail == nil {
				return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "this server sends no mail (its operator has not configured SMTP)")
			}
			if retry, err := s.confirmations.Take(ctx, p.User.ID, s.now(), 1); err != nil {
				return fmt.Errorf("confirmation mails: %w", err)
			} else if retry > 0 {
				return httpkit.TooMany(retry, "%d confirmation mails an hour at most", ConfirmBurst)
			}
			confirm = true
		}
		pr.Email, pr.Confirmed = email, false
	}
	if err := s.accounts.SetPrefs(ctx, pr); err != nil {
		return fmt.Errorf("notification settings: %w", err)
	}
	if confirm {
		if err := s.sendConfirmation(ctx, p.User, pr); err != nil {
			s.log.Warn("confirmation mail failed", "user", p.User.ID, "err", err)
			return httpkit.Errf(http.StatusServiceUnavailable, httpkit.CodeUnavailable, "the confirmation mail could not be sent; try again later")
		}
	}
	return s.writePrefs(w, ctx, p.User.ID)
}

var confirmWords = map[string][2]string{
	"en": {"Surveyor: confirm your e-mail address", "Follow this link to receive Surveyor's notifications at this address:"},
	"fr": {"Surveyor : confirmez votre adresse", "Suivez ce lien pour recevoir les notifications de Surveyor à cette adresse :"},
	"pt": {"Surveyor: confirme seu endereço", "Siga este link para receber as notificações do Surveyor neste endereço:"},
}

func (s *Room) sendConfirmation(ctx context.Context, u store.User, pr store.Prefs) error {
	d := s.sender
	words, ok := confirmWords[pr.Lang]
	if !ok {
		words = confirmWords["en"]
	}
	link := d.base + "/confirm-email?" + d.signed("confirm", u.ID, pr.Email)
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	return d.mail.Send(ctx, mailMessage(pr.Email, words[0], words[1]+"\n\n"+link+"\n", "confirm-"+httpkit.NewID(), s.now()))
}

// pageTmpl is the small page the mails' links open.
var pageTmpl = template.Must(template.New("p").Parse(`<!doctype html><html lang="{{.Lang}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Surveyor</title><link rel="stylesheet" href="/app.css"></head>
<body><main class="mailpage"><h1>Surveyor</h1><p>{{.Text}}</p>{{if .Form}}<form method="post"><button type="submit">{{.Button}}</button></form>{{end}}
<p><a href="/">{{.Home}}</a></p></main></body></html>`))

type pageData struct {
	Lang, Text, Button, Home string
	Form                     bool
}

func (s *Room) page(w http.ResponseWriter, status int, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	httpkit.PageHeaders(w.Header())
	w.WriteHeader(status)
	pageTmpl.Execute(w, d)
}

// ConfirmEmail is GET /confirm-email?u&a&t: the link of a confirmation mail.
func (s *Room) ConfirmEmail(w http.ResponseWriter, r *http.Request) {
	if s.sender == nil {
		http.NotFound(w, r)
		return
	}
	user, email, ok := s.sender.checkSigned("confirm", r.URL.Query())
	pr, err := s.accounts.Prefs(r.Context(), user)
	if !ok || err != nil || pr.Email != email {
		s.page(w, http.StatusBadRequest, pageData{Lang: "en", Text: "This link is not valid (or the address has changed since).", Home: "Surveyor"})
		return
	}
	pr.Confirmed = true
	if err := s.accounts.SetPrefs(r.Context(), pr); err != nil {
		s.page(w, http.StatusInternalServerError, pageData{Lang: "en", Text: "Please try again later.", Home: "Surveyor"})
		return
	}
	s.page(w, http.StatusOK, pageData{Lang: pr.Lang, Text: email + " ✓", Home: "Surveyor"})
}

var unsubWords = map[string][4]string{
	"en": {"Stop Surveyor's mails to %s?", "Stop the mails", "Surveyor will mail %s no more. You can turn mails back on in your settings.", "Back to Surveyor"},
	"fr": {"Ne plus envoyer de mails de Surveyor à %s ?", "Arrêter les mails", "Surveyor n'écrira plus à %s. Vous pouvez les réactiver dans vos réglages.", "Retour à Surveyor"},
	"pt": {"Parar de enviar e-mails do Surveyor para %s?", "Parar os e-mails", "O Surveyor não enviará mais e-mails para %s. Você pode reativá-los nas suas configurações.", "Voltar ao Surveyor"},
}

// Unsubscribe is /unsubscribe?u&a&t: GET shows a button (mail scanners follow links; they must not
// unsubscribe anyone), POST unsubscribes — the mail's List-Unsubscribe-Post one click (RFC 8058) or the
// button. The link is its own credential, bound to the account and the address.
func (s *Room) Unsubscribe(w http.ResponseWriter, r *http.Request) {
	if s.sender == nil || (r.Method != http.MethodGet && r.Method != http.MethodPost) {
		http.NotFound(w, r)
		return
	}
	user, email, ok := s.sender.checkSigned("unsubscribe", r.URL.Query())
	pr, err := s.accounts.Prefs(r.Context(), user)
	if !ok || err != nil {
		s.page(w, http.StatusBadRequest, pageData{Lang: "en", Text: "This link is not valid.", Home: "Surveyor"})
		return
	}
	words, found := unsubWords[pr.Lang]
	if !found {
		words = unsubWords["en"]
	}
	if r.Method == http.MethodGet {
		s.page(w, http.StatusOK, pageData{Lang: pr.Lang, Text: fmt.Sprintf(words[0], email), Button: words[1], Form: true, Home: words[3]})
		return
	}
	if pr.Email == email {
		pr.Mail = store.MailOff
		if err := s.accounts.SetPrefs(r.Context(), pr); err != nil {
			s.page(w, http.StatusInternalServerError, pageData{Lang: "en", Text: "Please try again later.", Home: "Surveyor"})
			return
		}
	}
	s.page(w, http.StatusOK, pageData{Lang: pr.Lang, Text: fmt.Sprintf(words[2], email), Home: words[3]})
}

// MaxBrowsers is how many push subscriptions an account keeps, the newest: each note is pushed to every
// one of them by the outbox's workers, which every account shares.
const MaxBrowsers = 10

// AddPush is POST /api/account/push {subscription, agent}: this browser's Web Push subscription (past
// MaxBrowsers, the account's oldest is dropped).
func (s *Room) AddPush(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return err
	}
	if s.sender == nil || s.sender.push == nil {
		return httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "this server sends no pushes")
	}
	var req struct {
		Subscription push.Subscription `json:"subscription"`
		Agent        string            `json:"agent"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := req.Subscription.Check(); err != nil {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "subscription: %v", err)
	}
	if !s.sender.loopback && !publicEndpoint(req.Subscription.Endpoint) {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "subscription: the endpoint must be an https URL on a public host")
	}
	agent := req.Agent
	if len(agent) > 80 {
		agent = agent[:80]
	}
	sub := store.PushSub{ID: httpkit.NewID(), UserID: p.User.ID, Endpoint: req.Subscription.Endpoint,
		Data: httpkit.MustJSON(req.Subscription), Agent: agent, Created: s.now()}
	if err := s.accounts.AddPushSub(r.Context(), sub); err != nil {
		return fmt.Errorf("push subscription: %w", err)
	}
	subs, err := s.accounts.PushSubs(r.Context(), p.User.ID) // the oldest first
	if err != nil {
		return fmt.Errorf("push subscription: %w", err)
	}
	for _, old := range subs[:max(0, len(subs)-MaxBrowsers)] {
		if err := s.accounts.DeletePushSub(r.Context(), p.User.ID, old.ID); err != nil && !errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("push subscription: %w", err)
		}
	}
	httpkit.WriteJSON(w, http.StatusCreated, subOut{ID: sub.ID, Agent: sub.Agent, Created: sub.Created})
	return nil
}

// DeletePush is DELETE /api/account/push/{sid}
func (s *Room) DeletePush(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return err
	}
	err = s.accounts.DeletePushSub(r.Context(), p.User.ID, r.PathValue("sid"))
	if errors.Is(err, store.ErrNotFound) {
		return httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no such subscription of yours")
	} else if err != nil {
		return fmt.Errorf("push subscription: %w", err)
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

// other is the live account a path names, never the caller's own.
func (s *Room) other(r *http.Request, p *accounts.Principal) (store.User, error) {
	u, err := s.accounts.UserByKey(r.Context(), auth.NameKey(r.PathValue("name")))
	if errors.Is(err, store.ErrNotFound) || (err == nil && (u.Deleted || u.Disabled)) {
		return store.User{}, httpkit.Errf(http.StatusNotFound, httpkit.CodeNotFound, "no player is called %q", r.PathValue("name"))
	} else if err != nil {
		return store.User{}, fmt.Errorf("look up %q: %w", r.PathValue("name"), err)
	}
	if u.ID == p.User.ID {
		return store.User{}, httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "that is you")
	}
	return u, nil
}

// Relation handles POST and DELETE /api/users/{name}/follow and /block.
func (s *Room) Relation(kind string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, err := s.ident.SignedIn(r, accounts.ScopePlay)
		if err != nil {
			return err
		}
		if r.Method == http.MethodPost {
			if err := s.decodeOptional(w, r, &struct{}{}); err != nil {
				return err
			}
		}
		u, err := s.other(r, p)
		if err != nil {
			return err
		}
		ctx, on := r.Context(), r.Method == http.MethodPost
		switch {
		case kind == "follow" && on:
			// The followed hears of a new follow only: a repeat changes nothing and tells no one (and the
			// gate of notes drops it if they blocked the follower).
			var isNew bool
			if isNew, err = s.accounts.Follow(ctx, p.User.ID, u.ID, s.now()); err == nil && isNew {
				at := s.now()
				s.AddNotes(ctx, store.Note{UserID: u.ID, Kind: NoteFollow, Data: httpkit.MustJSON(NoteData{By: p.User.Name, Actor: p.User.ID, Seat: -1}), Due: at, Created: at})
			}
		case kind == "follow":
			err = s.accounts.Unfollow(ctx, p.User.ID, u.ID)
		case on:
			err = s.accounts.Block(ctx, p.User.ID, u.ID, s.now())
			if err == nil {
				err = s.accounts.Unfollow(ctx, u.ID, p.User.ID) // a blocked account follows you no more
			}
		default:
			err = s.accounts.Unblock(ctx, p.User.ID, u.ID)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", kind, err)
		}
		httpkit.WriteJSON(w, http.StatusOK, map[string]any{kind: on, "name": u.Name})
		return nil
	}
}

// AddNotes writes notes outside a match's change and wakes the sender.
func (s *Room) AddNotes(ctx context.Context, ns ...store.Note) {
	if len(ns) == 0 {
		return
	}
	if err := s.accounts.AddNotes(ctx, ns); err != nil {
		s.log.Error("notes", "err", err)
		return
	}
	if s.sender != nil {
		s.sender.wake()
	}
}

// ContactOut is an account followed or blocked, as its list shows it.
type ContactOut struct {
	Name   string    `json:"name"`
	Since  time.Time `json:"since"`
	Online bool      `json:"online"`
	Seen   time.Time `json:"seen,omitzero"`
}

// Contacts is GET /api/account/following and /api/account/blocked
func (s *Room) Contacts(kind string) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, err := s.ident.SignedIn(r, accounts.ScopeRead)
		if err != nil {
			return err
		}
		var cs []store.Contact
		if kind == "following" {
			cs, err = s.accounts.Following(r.Context(), p.User.ID)
		} else {
			cs, err = s.accounts.Blocked(r.Context(), p.User.ID)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", kind, err)
		}
		out := make([]ContactOut, 0, len(cs))
		now := s.now()
		for _, c := range cs {
			o := ContactOut{Name: c.Name, Since: c.Since}
			if kind == "following" {
				// An account that blocked the reader is never shown online to it: a blocked account may
				// follow again, silently, but not keep watch on when its blocker comes and goes.
				if blocked, err := s.accounts.Blocks(r.Context(), c.UserID, p.User.ID); err != nil {
					return fmt.Errorf("%s: %w", kind, err)
				} else if blocked {
					out = append(out, o)
					continue
				}
				o.Seen = c.Seen
				o.Online = s.inboxes.online(c.UserID) || (!c.Seen.IsZero() && now.Sub(c.Seen) < onlineWithin)
			}
			out = append(out, o)
		}
		httpkit.WriteJSON(w, http.StatusOK, map[string]any{kind: out})
		return nil
	}
}

// ReportBurst is how many reports one account may file an hour; reportMaxRunes the longest report, as
// long as a line of chat.
const (
	ReportBurst    = 10
	reportMaxRunes = 300
)

// Report is POST /api/users/{name}/report {"text", "match"}: for the operator (surveyor user reports).
func (s *Room) Report(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, accounts.ScopePlay)
	if err != nil {
		return err
	}
	var req struct {
		Text  string `json:"text"`
		Match string `json:"match"`
	}
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	u, err := s.other(r, p)
	if err != nil {
		return err
	}
	text, err := httpkit.CleanText(req.Text, reportMaxRunes)
	if err != nil {
		return err
	}
	if req.Match != "" && !httpkit.ValidID(req.Match) {
		return httpkit.Errf(http.StatusBadRequest, httpkit.CodeBadRequest, "match is a match id")
	}
	now := s.now()
	if retry, err := s.reports.Take(r.Context(), p.User.ID, now, 1); err != nil {
		return fmt.Errorf("report: %w", err)
	} else if retry > 0 {
		return httpkit.TooMany(retry, "%d reports an hour at most", ReportBurst)
	}
	rp := store.Report{ID: httpkit.NewID(), FromID: p.User.ID, AboutID: u.ID, GameID: req.Match, Text: text, Created: now}
	if err := s.accounts.AddReport(r.Context(), rp); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	s.log.Warn("a player was reported", "report", rp.ID, "about", u.Name)
	httpkit.WriteJSON(w, http.StatusCreated, map[string]string{"report": rp.ID})
	return nil
}

// BlockedBy reports whether any of the accounts blocked user.
func (s *Room) BlockedBy(ctx context.Context, holders []string, user string) (bool, error) {
	for _, a := range holders {
		if a == "" || a == user {
			continue
		}
		b, err := s.accounts.Blocks(ctx, a, user)
		if err != nil || b {
			return b, err
		}
	}
	return false, nil
}

// presenceOut is who is at the table: per seat, whether its player has the match (or, for an account,
// any Surveyor page) open now, and when they last moved themselves (not by the clock).
type presenceOut struct {
	Connected bool       `json:"connected"`
	Moved     *time.Time `json:"moved,omitempty"`
}

// Presence is GET /api/matches/{id}/presence. A guest counts as connected while its table is open on this
// instance; an account also while any page of it is open on any instance (its inbox stream records it),
// but that only to a signed-in reader the account has not blocked: anyone may open a match's page, and an
// account that blocked someone is never shown online to them (as in the list of those one follows).
func (s *Room) Presence(w http.ResponseWriter, r *http.Request) error {
	seats, err := s.host.Table(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	reader := ""
	if p, err := s.ident.SignedIn(r, accounts.ScopeRead); err == nil {
		reader = p.User.ID
	}
	out := make([]presenceOut, len(seats))
	for i, seat := range seats {
		out[i].Connected = seat.Here
		if !seat.Moved.IsZero() {
			at := seat.Moved
			out[i].Moved = &at
		}
		if u := seat.Holder; u != "" && !out[i].Connected && reader != "" {
			if u != reader {
				if blocked, err := s.accounts.Blocks(r.Context(), u, reader); err != nil {
					return fmt.Errorf("presence: %w", err)
				} else if blocked {
					continue
				}
			}
			out[i].Connected = s.inboxes.online(u) || s.seenRecently(r.Context(), u)
		}
	}
	httpkit.WriteJSON(w, http.StatusOK, map[string]any{"seats": out})
	return nil
}

// seenRecently reports whether an account had a page open within onlineWithin, on any instance.
func (s *Room) seenRecently(ctx context.Context, user string) bool {
	at, err := s.accounts.LastSeen(ctx, user)
	return err == nil && !at.IsZero() && s.now().Sub(at) < onlineWithin
}

// publicEndpoint reports whether a push endpoint is an https URL whose host the egress rule lets the
// server reach: the server posts to it, so a client must not be able to aim it at the server's own
// machine or network. A name is only read here; the address it resolves to is checked when the push
// connects (egress), where a rebinding name is caught.
func publicEndpoint(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "https" && u.User == nil && egress.Policy{}.HostAllowed(u.Hostname())
}
