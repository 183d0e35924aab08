package server

// Invitations to a table. A seated player invites accounts by name (POST /api/matches/{id}/invite, in
// server/botapi); each invitation is an event of the match's log, so the waiting room shows everyone who was
// invited and what became of it: pending, accepted (the account took a seat) or declined (the account said
// no: POST /api/matches/{id}/decline). The invited player's page says who invites them to what, with Accept
// and Decline, instead of a visitor's name box.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/surveyor-game/surveyor/auth"
	"github.com/surveyor-game/surveyor/store"
)

// Event kinds of this file.
const (
	evInvite  = "invite"
	evDecline = "decline"
)

// Invitation states, as the match info gives them.
const (
	invitePending  = "pending"
	inviteAccepted = "accepted"
	inviteDeclined = "declined"
)

type inviteData struct {
	Names []string `json:"names"` // the accounts' names as they spell them
	By    string   `json:"by"`    // the inviting seat's name
}

type declineData struct {
	Name string `json:"name"`
}

// invitation is one account invited to the table, by whom, and whether it declined.
type invitation struct {
	name, by string
	declined bool
}

// invitationInfo is an invitation in the match info.
type invitationInfo struct {
	Name   string `json:"name"`
	By     string `json:"by"`
	Status string `json:"status"`
}

// applyInvite records the names an invitation event lists; inviting again someone who declined asks anew.
func (m *match) applyInvite(raw json.RawMessage) error {
	var d inviteData
	if err := json.Unmarshal(raw, &d); err != nil {
		return err
	}
	for _, name := range d.Names {
		if i := m.invitationOf(name); i >= 0 {
			m.invites[i].declined, m.invites[i].by = false, d.By
			continue
		}
		m.invites = append(m.invites, invitation{name: name, by: d.By})
	}
	return nil
}

func (m *match) applyDecline(raw json.RawMessage) error {
	var d declineData
	if err := json.Unmarshal(raw, &d); err != nil {
		return err
	}
	i := m.invitationOf(d.Name)
	if i < 0 {
		return fmt.Errorf("decline of %q, who was not invited", d.Name)
	}
	m.invites[i].declined = true
	return nil
}

// invitationOf is the index of name's invitation (names compared as accounts compare them), or -1.
func (m *match) invitationOf(name string) int {
	key := auth.NameKey(name)
	return slices.IndexFunc(m.invites, func(iv invitation) bool { return auth.NameKey(iv.name) == key })
}

// invitationsInfo is the table's invitations with their states.
func (m *match) invitationsInfo() []invitationInfo {
	if len(m.invites) == 0 {
		return nil
	}
	out := make([]invitationInfo, len(m.invites))
	for i, iv := range m.invites {
		status := invitePending
		if slices.ContainsFunc(m.seats, func(s seatInfo) bool { return s.account != "" && strings.EqualFold(s.account, iv.name) }) {
			status = inviteAccepted
		} else if iv.declined {
			status = inviteDeclined
		}
		out[i] = invitationInfo{Name: iv.name, By: iv.by, Status: status}
	}
	return out
}

// logInvite records that seat invited the accounts named.
func (m *match) logInvite(ctx context.Context, seat int, names []string) error {
	return m.record1(ctx, store.Event{Kind: evInvite, Seat: seat, At: m.srv.now(),
		Data: mustJSON(inviteData{Names: names, By: m.seats[seat].name})}, statusOpen)
}

// decline is POST /api/matches/{id}/decline: the signed-in account says no to its invitation. Refused
// when the account was not invited, already answered by taking a seat, or the table has started.
func (s *Server) decline(w http.ResponseWriter, r *http.Request) error {
	p, err := s.ident.SignedIn(r, scopePlay)
	if err != nil {
		return err
	}
	err = s.withMatch(r.Context(), r.PathValue("id"), func(m *match) error {
		i := m.invitationOf(p.User.Name)
		switch {
		case i < 0:
			return refuse(codeForbidden, "%s was not invited to this table", p.User.Name)
		case m.started || m.row.Status == statusClosed:
			return refuse(codeAlreadyStarted, "the table has started or closed: there is nothing to decline")
		case m.invitationsInfo()[i].Status == inviteAccepted:
			return refuse(codeConflict, "%s holds a seat here: leave the table instead", p.User.Name)
		case m.invites[i].declined:
			return nil // declined already: the same answer again
		}
		return m.record1(r.Context(), store.Event{Kind: evDecline, Seat: -1, At: s.now(),
			Data: mustJSON(declineData{Name: m.invites[i].name})}, statusOpen)
	})
	if err != nil {
		return err
	}
	return s.show(w, r)
}
