package social

import (
	"cmp"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/internal/egress"
	"github.com/surveyor-game/surveyor/notify/mail"
	"github.com/surveyor-game/surveyor/notify/push"
	"github.com/surveyor-game/surveyor/server/httpkit"
	"github.com/surveyor-game/surveyor/server/observe"
	"github.com/surveyor-game/surveyor/store"
)

// The sender works the outbox (notes.go): it claims due rows for a lease, fans a new note out into one
// delivery per channel the account chose (its inbox, each of its browsers' push subscriptions, a mail or
// a line of its daily digest), delivers, and settles. Every instance runs one; the store's claims make sure
// each row is worked by one instance at a time, and a row whose instance died is claimed again when its
// lease ends. A delivery is settled after it is made, so a crash between the two can repeat it: mails
// carry a Message-ID fixed by the row, which lets mail systems drop the copy.

const (
	senderLease = 2 * time.Minute // far longer than a delivery may take (sendTimeout)
	sendTimeout = 30 * time.Second
	senderBatch = 200
	senderIdle  = time.Second // how often an idle sender looks for rows due (clocks, digests, retries)
	// giveUpAfter drops a delivery that keeps failing: a push service or mail server down for two days.
	giveUpAfter = 48 * time.Hour
	// mailEvery is the least time between two mails about one match.
	mailEvery = time.Hour
	// sendWorkers deliver in parallel: pushes and mails wait on the network.
	sendWorkers = 16
)

// sender works the outbox for one server instance.
type sender struct {
	s     *Room
	owner string
	kick  chan struct{}
	push  *push.Sender // nil: no Web Push
	mail  *mail.Config // nil: no e-mail
	base  string       // the site's public URL, for links
	key   []byte       // signs unsubscribe and confirmation links
	lease time.Duration
	// loopback allows push endpoints on this machine (tests)
	loopback bool

	mu    sync.Mutex
	sent  map[string]int // deliveries made, by channel (for tests and figures)
	after func(store.Note, error)
	// quiet counts the rounds that found nothing due; quietCh is closed at the next one (Settled).
	quiet   int
	quietCh chan struct{}

	recentMu sync.Mutex
	recent   recentNotes // the notes let through lately (noterules.go)
}

func newOwner() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// wake asks the sender to look at the outbox now (a note was just written).
func (d *sender) wake() {
	select {
	case d.kick <- struct{}{}:
	default:
	}
}

// Inbox notes are kept inboxKeep; a mail record only as long as it limits the next mail.
const inboxKeep = 90 * 24 * time.Hour

// run works the outbox until ctx ends, and once an hour forgets old inbox notes.
func (d *sender) run(ctx context.Context) {
	t := time.NewTicker(senderIdle)
	defer t.Stop()
	var pruned time.Time
	for {
		if now := d.s.now(); now.Sub(pruned) >= time.Hour {
			pruned = now
			if err := d.s.accounts.Prune(ctx, now.Add(-inboxKeep), now.Add(-mailEvery)); err != nil && ctx.Err() == nil {
				d.s.log.Error("notifications: prune", "err", err)
			}
		}
		for {
			n, err := d.round(ctx)
			if err != nil && ctx.Err() == nil {
				d.s.log.Error("notifications: outbox round failed", "err", err)
			}
			if n == 0 && err == nil {
				d.quieted()
			}
			if n < senderBatch || err != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-d.kick:
		case <-t.C:
		}
	}
}

// round claims, delivers and settles one batch; it returns how many rows it claimed.
func (d *sender) round(ctx context.Context) (int, error) {
	acc := d.s.accounts
	notes, err := acc.ClaimNotes(ctx, d.owner, d.s.now(), d.lease, senderBatch)
	if err != nil || len(notes) == 0 {
		return 0, err
	}
	var st store.Settlement
	var mu sync.Mutex
	var wg sync.WaitGroup
	work := make(chan store.Note)
	for range min(sendWorkers, len(notes)) {
		wg.Go(func() {
			for n := range work {
				one := d.deliver(ctx, n)
				mu.Lock()
				st.Done = append(st.Done, one.Done...)
				st.Retry = append(st.Retry, one.Retry...)
				st.Add = append(st.Add, one.Add...)
				st.Inbox = append(st.Inbox, one.Inbox...)
				st.Mailed = append(st.Mailed, one.Mailed...)
				mu.Unlock()
			}
		})
	}
	var digests []store.Note
	for _, n := range notes {
		if n.Channel == store.ChannelDigest {
			digests = append(digests, n)
			continue
		}
		work <- n
	}
	close(work)
	wg.Wait()
	d.digests(ctx, digests, &st)
	if err := acc.SettleNotes(context.WithoutCancel(ctx), d.owner, st); err != nil {
		return len(notes), fmt.Errorf("settle: %w", err)
	}
	if len(st.Add) > 0 {
		d.wake() // the fan-out's deliveries are due now
	}
	d.wakeInboxes(ctx, st.Inbox)
	return len(notes), nil
}

// wakeInboxes tells the accounts' open pages, on every instance, that their inbox grew.
func (d *sender) wakeInboxes(ctx context.Context, inbox []store.Note) {
	if len(inbox) == 0 {
		return
	}
	var users []string
	for _, n := range inbox {
		users = append(users, n.UserID)
	}
	d.s.wakeUsers(ctx, users)
}

// retry puts a failed delivery back with a growing pause, or gives it up after giveUpAfter.
func (d *sender) retry(n store.Note, err error, after time.Duration) store.Settlement {
	now := d.s.now()
	if now.Sub(n.Created) > giveUpAfter {
		d.s.log.Error("notifications: giving a delivery up", "channel", n.Channel, "user", n.UserID, "attempts", n.Attempts, "err", err)
		return store.Settlement{Done: []int64{n.ID}}
	}
	if after <= 0 {
		after = min(time.Duration(1<<min(n.Attempts, 12))*time.Second, time.Hour)
	}
	d.s.log.Warn("notifications: delivery failed, will retry", "channel", n.Channel, "user", n.UserID, "attempts", n.Attempts, "in", after, "err", err)
	return store.Settlement{Retry: []store.Retry{{ID: n.ID, Due: now.Add(after)}}}
}

func (d *sender) count(n store.Note, err error) {
	if d.s.host.Delivered != nil {
		d.s.host.Delivered(n.Channel, err)
	}
	d.mu.Lock()
	if err == nil {
		if d.sent == nil {
			d.sent = map[string]int{}
		}
		d.sent[n.Channel]++
	}
	after := d.after
	d.mu.Unlock()
	if after != nil {
		after(n, err)
	}
}

// deliver works one claimed row.
func (d *sender) deliver(ctx context.Context, n store.Note) store.Settlement {
	done := store.Settlement{Done: []int64{n.ID}}
	switch n.Channel {
	case store.ChannelNew:
		st, err := d.fanOut(ctx, n)
		if err != nil {
			return d.retry(n, err, 0)
		}
		return st
	case store.ChannelPush:
		if d.push == nil || d.s.stale(ctx, n) {
			return done
		}
		err := d.sendPush(ctx, n)
		var re *push.RetryError
		switch {
		case errors.As(err, &re):
			return d.retry(n, err, re.RetryAfter)
		case errors.Is(err, push.ErrGone):
			var nd NoteData
			json.Unmarshal(n.Data, &nd)
			d.s.accounts.DeletePushSub(ctx, n.UserID, nd.Sub)
		case err != nil:
			d.s.log.Error("notifications: push refused", "user", n.UserID, "err", err)
		}
		d.count(n, err)
		return done
	case store.ChannelMail:
		if d.mail == nil || d.s.stale(ctx, n) {
			return done
		}
		if n.GameID != "" {
			last, err := d.s.accounts.LastMailed(ctx, n.UserID, n.GameID)
			if err != nil {
				return d.retry(n, err, 0)
			}
			if !last.IsZero() && d.s.now().Sub(last) < mailEvery {
				return done
			}
		}
		err := d.sendMail(ctx, n, []store.Note{n})
		if err != nil && !mail.IsPermanent(err) {
			d.count(n, err)
			return d.retry(n, err, 0)
		}
		d.count(n, err)
		if err == nil && n.GameID != "" {
			done.Mailed = []store.Mailed{{UserID: n.UserID, GameID: n.GameID, At: d.s.now()}}
		}
		return done
	}
	return done
}

// fanOut turns a new note into its deliveries, by the account's preferences, once the gate of notes has
// let it through (noterules.go).
func (d *sender) fanOut(ctx context.Context, n store.Note) (_ store.Settlement, err error) {
	acc := d.s.accounts
	st := store.Settlement{Done: []int64{n.ID}}
	ok, key, err := d.admit(ctx, n)
	if err != nil || !ok {
		return st, err
	}
	defer func() {
		if err != nil {
			d.unadmit(key) // the note will be tried again: it is no repeat of itself
		}
	}()
	p, err := acc.Prefs(ctx, n.UserID)
	if err != nil {
		return st, err
	}
	now := d.s.now()
	if n.Kind == NoteClock && d.s.stale(ctx, n) {
		return st, nil // the player moved in time: the reminder has nothing left to say
	}
	// A player looking at the table needs no note, push or mail about it.
	if n.GameID != "" && d.s.host.Watching(n.GameID, n.UserID) {
		return st, nil
	}
	st.Inbox = []store.Note{n}
	st.Inbox[0].Created = now
	// One unread turn note per table: the newest says all the older ones did.
	st.Inbox[0].Replace = n.Kind == NoteTurn
	child := func(channel string, data json.RawMessage, due time.Time) store.Note {
		c := n
		c.ID, c.Channel, c.Data, c.Due, c.Attempts = 0, channel, data, due, 0
		return c
	}
	if p.Push && d.push != nil {
		subs, err := acc.PushSubs(ctx, n.UserID)
		if err != nil {
			return st, err
		}
		for _, sub := range subs {
			var nd map[string]any
			json.Unmarshal(n.Data, &nd)
			if nd == nil {
				nd = map[string]any{}
			}
			nd["sub"] = sub.ID
			st.Add = append(st.Add, child(store.ChannelPush, httpkit.MustJSON(nd), n.Due))
		}
	}
	if d.mail != nil && p.Confirmed && p.Email != "" {
		switch p.Mail {
		case store.MailEach:
			st.Add = append(st.Add, child(store.ChannelMail, n.Data, n.Due))
		case store.MailDigest:
			st.Add = append(st.Add, child(store.ChannelDigest, n.Data, nextDigest(now, p.DigestHour)))
		}
	}
	return st, nil
}

// nextDigest is the next time it is hour o'clock UTC. The day is now's in UTC: the server's clock reads
// local time, whose date is another one for part of each day.
func nextDigest(now time.Time, hour int) time.Time {
	now = now.UTC()
	t := time.Date(now.Year(), now.Month(), now.Day(), hour, 0, 0, 0, time.UTC)
	if !t.After(now) {
		t = t.AddDate(0, 0, 1)
	}
	return t
}

// digests sends each account one mail listing its claimed digest lines that still matter.
func (d *sender) digests(ctx context.Context, ns []store.Note, st *store.Settlement) {
	by := map[string][]store.Note{}
	var order []string
	for _, n := range ns {
		if d.mail == nil || d.s.stale(ctx, n) {
			st.Done = append(st.Done, n.ID)
			continue
		}
		if by[n.UserID] == nil {
			order = append(order, n.UserID)
		}
		by[n.UserID] = append(by[n.UserID], n)
	}
	for _, u := range order {
		lines := by[u]
		err := d.sendMail(ctx, lines[0], lines)
		d.count(lines[0], err)
		for _, n := range lines {
			if err != nil && !mail.IsPermanent(err) {
				r := d.retry(n, err, 0)
				st.Retry, st.Done = append(st.Retry, r.Retry...), append(st.Done, r.Done...)
			} else {
				st.Done = append(st.Done, n.ID)
			}
		}
	}
}

// pushMessage is what the service worker receives.
type pushMessage struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url"`
	Tag   string `json:"tag"`
}

func (d *sender) sendPush(ctx context.Context, n store.Note) error {
	var nd NoteData
	json.Unmarshal(n.Data, &nd)
	subs, err := d.s.accounts.PushSubs(ctx, n.UserID)
	if err != nil {
		return &push.RetryError{Err: err}
	}
	var sub *store.PushSub
	for i := range subs {
		if subs[i].ID == nd.Sub {
			sub = &subs[i]
		}
	}
	if sub == nil {
		return nil // unsubscribed meanwhile
	}
	var ps push.Subscription
	if err := json.Unmarshal(sub.Data, &ps); err != nil {
		return fmt.Errorf("push subscription %s: %w", sub.ID, err)
	}
	lang := d.lang(ctx, n.UserID)
	title, body := noteText(lang, n.Kind, nd, gameTitle(nd.Game))
	msg := pushMessage{Title: title, Body: body, URL: d.link(n), Tag: n.GameID}
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	ttl := 24 * time.Hour
	if nd.Deadline != nil {
		ttl = max(time.Minute, time.Until(*nd.Deadline))
	}
	return d.push.Send(ctx, ps, httpkit.MustJSON(msg), ttl, "high", "")
}

// link is where a note leads: its match, or the player's page.
func (d *sender) link(n store.Note) string {
	if n.GameID != "" {
		return d.base + "/m/" + n.GameID
	}
	return d.base + "/"
}

func (d *sender) lang(ctx context.Context, userID string) string {
	p, err := d.s.accounts.Prefs(ctx, userID)
	if err != nil {
		return "en"
	}
	return p.Lang
}

// sendMail mails one note, or several as a digest.
func (d *sender) sendMail(ctx context.Context, first store.Note, ns []store.Note) error {
	p, err := d.s.accounts.Prefs(ctx, first.UserID)
	if err != nil {
		return err
	}
	if !p.Confirmed || p.Email == "" {
		return nil
	}
	var subject, text string
	if len(ns) == 1 && first.Channel != store.ChannelDigest {
		var nd NoteData
		json.Unmarshal(first.Data, &nd)
		title, body := noteText(p.Lang, first.Kind, nd, gameTitle(nd.Game))
		subject, text = title, body+"\n\n"+d.link(first)+"\n"
	} else {
		subject = digestTitle(p.Lang, len(ns))
		for _, n := range ns {
			var nd NoteData
			json.Unmarshal(n.Data, &nd)
			_, body := noteText(p.Lang, n.Kind, nd, gameTitle(nd.Game))
			text += "- " + body + "\n  " + d.link(n) + "\n"
		}
	}
	unsub := d.base + "/unsubscribe?" + d.signed("unsubscribe", first.UserID, p.Email)
	text += "\n" + unsubscribeLine(p.Lang) + "\n" + unsub + "\n"
	ctx, cancel := context.WithTimeout(ctx, sendTimeout)
	defer cancel()
	return d.mail.Send(ctx, mail.Message{To: p.Email, Subject: subject, Text: text,
		ID: "note-" + strconv.FormatInt(first.ID, 10) + "-" + strconv.FormatInt(first.Created.UnixMicro(), 36), Unsubscribe: unsub, Date: d.s.now()})
}

// signed is a link's query for an action on an account's address: bound to both by an HMAC under the
// server's key, so it cannot be guessed nor moved to another account or address.
func (d *sender) signed(action, userID, email string) string {
	mac := hmac.New(sha256.New, d.key)
	mac.Write([]byte(action + "\x00" + userID + "\x00" + email))
	return url.Values{"u": {userID}, "a": {email}, "t": {base64.RawURLEncoding.EncodeToString(mac.Sum(nil))}}.Encode()
}

// checkSigned verifies a link made by signed.
func (d *sender) checkSigned(action string, q url.Values) (userID, email string, ok bool) {
	userID, email = q.Get("u"), q.Get("a")
	got, err := base64.RawURLEncoding.DecodeString(q.Get("t"))
	if err != nil || userID == "" {
		return "", "", false
	}
	mac := hmac.New(sha256.New, d.key)
	mac.Write([]byte(action + "\x00" + userID + "\x00" + email))
	return userID, email, hmac.Equal(got, mac.Sum(nil))
}

// SenderConfig configures the sender (the server's Config says what each field means).
type SenderConfig struct {
	PublicURL    string
	SMTP         *mail.Config
	NoPush       bool
	PushLoopback bool
	OutboxLease  time.Duration
}

// StartSender reads the server's keys (made by the first instance, shared by all) and builds the sender.
// It returns the sender as an observer (it wakes when an event was logged with notes: the host registers
// it after the observers that write notes) and its loop, which the host runs until it closes.
func (s *Room) StartSender(ctx context.Context, cfg SenderConfig) (observe.Observer, func(context.Context), error) {
	random := func() (string, error) {
		var b [32]byte
		rand.Read(b[:])
		return base64.RawURLEncoding.EncodeToString(b[:]), nil
	}
	key, err := s.accounts.ServerKey(ctx, "link-key", random)
	if err != nil {
		return nil, nil, fmt.Errorf("server: %w", err)
	}
	d := &sender{s: s, owner: newOwner(), kick: make(chan struct{}, 1), quietCh: make(chan struct{}), mail: cfg.SMTP,
		lease: cmp.Or(cfg.OutboxLease, senderLease), loopback: cfg.PushLoopback,
		base: strings.TrimSuffix(cmp.Or(cfg.PublicURL, "http://localhost:8080"), "/")}
	d.key, _ = base64.RawURLEncoding.DecodeString(key)
	if !cfg.NoPush {
		raw, err := s.accounts.ServerKey(ctx, "vapid", func() (string, error) {
			k, err := push.GenerateKeys()
			if err != nil {
				return "", err
			}
			return string(httpkit.MustJSON(k)), nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("server: %w", err)
		}
		var k push.Keys
		if err := json.Unmarshal([]byte(raw), &k); err != nil {
			return nil, nil, fmt.Errorf("server: stored VAPID keys: %w", err)
		}
		// The VAPID subject is how a push service reaches the operator: the site's address.
		d.push = &push.Sender{Keys: k, Subject: d.base} // its default client goes through the egress rule
		if d.loopback {
			d.push.Client = egress.Loopback.Client(sendTimeout)
		}
		if !strings.HasPrefix(d.base, "https://") {
			d.push.Subject = "mailto:operator@" + d.host()
		}
	}
	s.sender = d
	return d, d.run, nil
}

// Before: the sender writes no notes of its own (observe.Observer).
func (d *sender) Before(context.Context, *observe.Snapshot) []store.Note { return nil }

// After wakes the sender when the event was logged with notes, so that they go out now rather than at
// its next round.
func (d *sender) After(_ context.Context, e *observe.Snapshot) {
	if len(e.Notes) > 0 {
		d.wake()
	}
}

// host is the host name of the site's address.
func (d *sender) host() string {
	u, err := url.Parse(d.base)
	if err != nil || u.Hostname() == "" {
		return "localhost"
	}
	return u.Hostname()
}

func mailMessage(to, subject, text, id string, at time.Time) mail.Message {
	return mail.Message{To: to, Subject: subject, Text: text, ID: id, Date: at}
}

// SentCounts is how many deliveries this instance made, by channel (none without a sender).
func (s *Room) SentCounts() map[string]int {
	if s.sender == nil {
		return nil
	}
	d := s.sender
	d.mu.Lock()
	defer d.mu.Unlock()
	return maps.Clone(d.sent)
}

// quieted records a round that found nothing due.
func (d *sender) quieted() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.quiet++
	close(d.quietCh)
	d.quietCh = make(chan struct{})
}

// Settled returns once the sender has found nothing due in a round begun after the call: every note
// written before it, and every delivery they fanned out to, that was due by the server's clock is
// delivered (or put back for a retry). Tests wait on it instead of sleeping before they check that
// nothing (more) came. Without a sender it returns at once.
func (s *Room) Settled(ctx context.Context) error {
	d := s.sender
	if d == nil {
		return nil
	}
	d.mu.Lock()
	start := d.quiet
	d.mu.Unlock()
	for {
		d.mu.Lock()
		n, ch := d.quiet, d.quietCh
		d.mu.Unlock()
		// The first quiet round may have begun before the call; the second began after the first ended.
		if n >= start+2 {
			return nil
		}
		d.wake()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Wake asks the sender to look at the outbox now.
func (s *Room) Wake() {
	if s.sender != nil {
		s.sender.wake()
	}
}

// OnDelivery sets a function told of every delivery made or failed (tests wait on it); nil removes it.
func (s *Room) OnDelivery(f func(n store.Note, err error)) {
	d := s.sender
	d.mu.Lock()
	defer d.mu.Unlock()
	d.after = f
}
