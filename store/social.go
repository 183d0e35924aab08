package store

import (
	"context"
	"encoding/json"
	"time"
)

// The social side of the accounts store: notifications (a durable outbox and an inbox), how each account
// wants to be told, its browsers' push subscriptions, the people it follows and blocks, reports to the
// operator, and when it was last seen.
//
// A notification is born as an outbox row written in the same transaction as the change that causes it
// (Update.Notes on Append), so that a crash never loses one. Any instance claims due rows for a lease
// (ClaimNotes), delivers them, and settles them (SettleNotes): a settled row is gone, so a retry never
// doubles one; a row whose claimant died is claimed again once its lease ends. A new row (channel
// ChannelNew) is fanned out into one row per channel the account chose, so that a channel that is down
// (an SMTP server, a push service) delays only its own deliveries.

// Outbox channels.
const (
	ChannelNew    = ""       // just written: to be fanned out by the account's preferences
	ChannelPush   = "push"   // Web Push to each of the account's browsers
	ChannelMail   = "mail"   // one e-mail
	ChannelDigest = "digest" // part of the account's daily e-mail, due at its digest hour
)

// Note is one notification, in the outbox or in an account's inbox.
type Note struct {
	ID      int64
	UserID  string
	Channel string // outbox only
	Kind    string // "turn", "start", "invite", "rematch", "clock", "end", "follow"
	GameID  string // "" when it concerns no match
	Data    json.RawMessage
	Due     time.Time // outbox: not before
	Created time.Time
	// Attempts counts the claims of an outbox row (the first delivery is attempt 1).
	Attempts int
	// Read: the inbox note was read.
	Read bool
	// Replace, on a note settled into an inbox, removes the account's unread notes of the same kind about
	// the same match first: one unread turn note per table.
	Replace bool
}

// Retry puts a claimed outbox row back, due again at Due.
type Retry struct {
	ID  int64
	Due time.Time
}

// Mailed records that an account was mailed about a match, for the one-mail-per-match-per-hour rule.
type Mailed struct {
	UserID, GameID string
	At             time.Time
}

// Settlement is what an instance did with the outbox rows it claimed, applied in one transaction and only
// to rows it still holds.
type Settlement struct {
	Done   []int64 // delivered, or dropped for good
	Retry  []Retry
	Add    []Note // new outbox rows (a fan-out's deliveries)
	Inbox  []Note // notes for the accounts' inboxes (the page channel)
	Mailed []Mailed
}

// Prefs are how an account wants to be told that a match needs it.
type Prefs struct {
	UserID string
	Page   bool // in any open Surveyor tab (the inbox is kept either way)
	Push   bool // Web Push, to the browsers that subscribed
	// Mail is MailOff, MailEach (at most one per match per hour) or MailDigest (one a day at DigestHour UTC).
	Mail       int
	DigestHour int
	// Email is the address mails go to, once Confirmed (by the link sent to it).
	Email     string
	Confirmed bool
	// Lang is the language of pushes and mails ("en", "fr", "pt").
	Lang string
}

// Mail settings.
const (
	MailOff    = 0
	MailEach   = 1
	MailDigest = 2
)

// DefaultPrefs are an account's preferences until it changes them.
func DefaultPrefs(userID string) Prefs {
	return Prefs{UserID: userID, Page: true, Push: true, Mail: MailOff, DigestHour: 8, Lang: "en"}
}

// PushSub is one browser's Web Push subscription (Data is the browser's subscription JSON).
type PushSub struct {
	ID       string
	UserID   string
	Endpoint string
	Data     json.RawMessage
	Agent    string
	Created  time.Time
}

// Contact is an account another one follows or blocks, as listed to it.
type Contact struct {
	UserID string
	Name   string
	Since  time.Time
	Seen   time.Time // when the account last had Surveyor open (zero: never recorded)
}

// Report is a player's report of another's behaviour, for the operator.
type Report struct {
	ID       string
	FromID   string
	AboutID  string
	GameID   string
	Text     string
	Created  time.Time
	Resolved bool
}

// Social is the social side of the accounts store; both backends implement it with Accounts.
type Social interface {
	// AddNotes writes outbox rows outside any move (an invitation, a follow).
	AddNotes(ctx context.Context, ns []Note) error
	// ClaimNotes leases up to limit outbox rows due at now to owner until now+lease, oldest first,
	// skipping rows another owner holds; each claim counts an attempt.
	ClaimNotes(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]Note, error)
	// SettleNotes applies a settlement in one transaction; Done and Retry touch only rows owner holds.
	SettleNotes(ctx context.Context, owner string, st Settlement) error
	// LastMailed is when the account was last mailed about the match (zero if never).
	LastMailed(ctx context.Context, userID, gameID string) (time.Time, error)
	// Inbox lists an account's notes with ids below before (0: from the newest), newest first.
	Inbox(ctx context.Context, userID string, before int64, limit int) ([]Note, error)
	// InboxSince lists an account's notes with ids above after, oldest first.
	InboxSince(ctx context.Context, userID string, after int64) ([]Note, error)
	// Prune forgets inbox notes created before inboxBefore and mail records older than mailedBefore.
	Prune(ctx context.Context, inboxBefore, mailedBefore time.Time) error
	// MarkRead marks an account's notes up to id read; Unread counts the others.
	MarkRead(ctx context.Context, userID string, upto int64) error
	Unread(ctx context.Context, userID string) (int, error)
	// MarkNotesRead marks the account's notes with these ids read (another account's ids change nothing).
	MarkNotesRead(ctx context.Context, userID string, ids []int64) error
	// MarkMatchRead marks an account's notes about one match read, and reports how many were unread.
	MarkMatchRead(ctx context.Context, userID, gameID string) (int, error)
	// Waiting counts what the account's unread notes are about: each match once (a table or an
	// invitation), and each note about no match.
	Waiting(ctx context.Context, userID string) (int, error)

	// Prefs returns an account's preferences (DefaultPrefs if it never set them); SetPrefs replaces them.
	Prefs(ctx context.Context, userID string) (Prefs, error)
	SetPrefs(ctx context.Context, p Prefs) error

	// AddPushSub stores a subscription, taking over a row with the same endpoint (the browser's new
	// owner signed in); DeletePushSub removes one of an account's (ErrNotFound if it is not that account's).
	AddPushSub(ctx context.Context, p PushSub) error
	PushSubs(ctx context.Context, userID string) ([]PushSub, error)
	DeletePushSub(ctx context.Context, userID, id string) error

	// Follow and Block are idempotent (a repeat changes nothing); Follow reports whether the follow is
	// new, so that only a new one notifies. Unfollow and Unblock of nothing succeed.
	Follow(ctx context.Context, userID, otherID string, at time.Time) (bool, error)
	Unfollow(ctx context.Context, userID, otherID string) error
	Following(ctx context.Context, userID string) ([]Contact, error)
	Block(ctx context.Context, userID, otherID string, at time.Time) error
	Unblock(ctx context.Context, userID, otherID string) error
	Blocked(ctx context.Context, userID string) ([]Contact, error)
	// Blocks reports whether userID blocked otherID.
	Blocks(ctx context.Context, userID, otherID string) (bool, error)

	AddReport(ctx context.Context, r Report) error
	// Reports lists reports newest first, unresolved only unless all.
	Reports(ctx context.Context, all bool, limit int) ([]Report, error)
	ResolveReport(ctx context.Context, id string) error

	// Seen records that an account had Surveyor open at the time given.
	Seen(ctx context.Context, userID string, at time.Time) error
	// LastSeen is when the account was last seen (zero if never).
	LastSeen(ctx context.Context, userID string) (time.Time, error)

	// ServerKey returns the value stored under name, storing make's result first if there is none, so
	// that every instance ends up with the same one (the VAPID keys, the signing secret).
	ServerKey(ctx context.Context, name string, make func() (string, error)) (string, error)
}
