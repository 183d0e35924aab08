package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/store"
)

// Bot seats. A seated player may give a free seat of an open match to one of the server's bots; the bot
// then plays whenever its seat must act, BotDelay after the change that made it so. Its moves go through
// the same path as a player's (checked, logged, broadcast) and are logged as "bot" moves, which nobody can
// take back. With several instances on one store, the instance that made the change plays the bot first
// and the others wait to take over (botTakeover); should two still play at once, the log's optimistic
// append lets exactly one move land, and the other instance catches up.

// isBot reports whether seat s is played by the server: a bot's seat, or a seat that resigned from a game
// that goes on (resign.go).
func (m *match) isBot(s game.Seat) bool {
	return int(s) < len(m.seats) && (m.seats[s].bot != "" || m.hasResigned(s))
}

// addBot seats a bot (by name, "" for the game's default) under a display name ("" for the bot's name).
func (m *match) addBot(ctx context.Context, botName, name string) (game.Seat, string, string, error) {
	if m.srv.bots == nil {
		return 0, "", "", refuse(codeBadRequest, "this server seats no bots")
	}
	names := m.srv.bots.Names(m.row.Game)
	if len(names) == 0 {
		return 0, "", "", refuse(codeBadRequest, "%s has no bots on this server", m.row.Game)
	}
	if botName == "" {
		botName = names[0]
	}
	if !slices.Contains(names, botName) {
		return 0, "", "", refuse(codeBadRequest, "%s has no bot %q (have %s)", m.row.Game, botName, strings.Join(names, ", "))
	}
	if _, ok := m.srv.bots.Rating(m.row.Game, botName); m.cfg.Rated && !ok {
		return 0, "", "", refuse(codeUnratedBot, "%s has no rating of its own: a rated table seats people and rated bots only", botName)
	}
	if name == "" {
		name = botCharacter(m.id, m.seats)
	}
	if err := m.seatFree(); err != nil {
		return 0, "", "", err
	}
	ev := store.Event{Kind: evJoin, Seat: len(m.seats), At: m.srv.now(), Data: mustJSON(joinData{Name: name, Bot: botName})}
	if err := m.record1(ctx, ev, statusOpen); err != nil {
		return 0, "", "", err
	}
	return game.Seat(len(m.seats) - 1), name, botName, nil
}

// botPool keeps idle bots of one game and name. Bots keep scratch space between moves but no memory of the
// game (they read everything from the state), so any idle bot can make any seat's move: matches share
// them, and a server holds as many as are thinking at once rather than one per bot seat (a Cartographers
// bot holds about 170 KB of scratch space).
type botPool struct {
	bots game.Bots
	mu   sync.Mutex
	by   map[string]*sync.Pool // by game and bot name
}

// take returns an idle bot, or a new one.
func (p *botPool) take(gameName, name string) (game.Bot, error) {
	key := gameName + "\x00" + name
	p.mu.Lock()
	pool, ok := p.by[key]
	if !ok {
		pool = &sync.Pool{}
		p.by[key] = pool
	}
	p.mu.Unlock()
	if b, ok := pool.Get().(game.Bot); ok {
		return b, nil
	}
	return p.bots.New(gameName, name)
}

// give returns a bot taken from the pool once its move is made.
func (p *botPool) give(gameName, name string, b game.Bot) {
	p.mu.Lock()
	pool := p.by[gameName+"\x00"+name]
	p.mu.Unlock()
	pool.Put(b)
}

// armBots schedules the bots' turn when a bot seat must act and none is scheduled yet. After failed bot
// moves the pause grows, so that a failing store or bot cannot make the match spin.
func (m *match) armBots() {
	if m.botTimer != nil || m.gone || !m.started || m.over() {
		return
	}
	if (len(m.resigned) == 0 && !slices.ContainsFunc(m.seats, func(s seatInfo) bool { return s.bot != "" })) || !slices.ContainsFunc(m.st.ToAct(), m.isBot) {
		return // the first test spares most matches, which have no bot, the engine's ToAct
	}
	srv, id, seq := m.srv, m.id, m.seq
	d := srv.botDelay + time.Duration(min(m.botFailures, 30))*time.Second
	if m.remote {
		d += botTakeover
	}
	var t *time.Timer
	t = time.AfterFunc(d, func() {
		srv.onTimer(id, func(m *match) {
			// t is read under the lock of the match that armed it or of a copy loaded after that one was
			// dropped, both ordered after the write. A timer of a dropped copy finds the new copy, whose
			// own timer it must leave alone: the bots would move before their delay.
			if m.botTimer != t {
				return
			}
			m.botTimer = nil
			if m.seq != seq {
				// the match changed meanwhile: the bots' delay counts from the last change
				m.armBots()
				return
			}
			m.playBots(srv.ctx)
			m.armBots()
		})
	})
	m.botTimer = t
}

// botTakeover is how much longer an instance waits before playing a bot whose turn came from another
// instance's change: that instance plays it first, and the others only take over should it fail or
// stop. Without it every instance holding the match would compute every bot move, and all but one would
// lose the race and reload the match's log.
const botTakeover = 3 * time.Second

// playBots plays one move for each bot seat that must act now; a bot with a further decision (a
// Carcassonne meeple after its tile) makes it at the next call, so that people see each step.
func (m *match) playBots(ctx context.Context) {
	if !m.started || m.over() {
		return
	}
	for _, s := range slices.Clone(m.st.ToAct()) {
		if !m.isBot(s) || !slices.Contains(m.st.ToAct(), s) || m.over() {
			continue
		}
		if err := m.playBot(ctx, s); errors.Is(err, store.ErrConflict) {
			// another instance played first; this one has caught up and looks again
			m.srv.log.Debug("bot move lost a race", "match", m.id, "seat", s)
			return
		} else if err != nil {
			m.botFailures++
			m.srv.log.Error("bot move failed", "match", m.id, "seat", s, "bot", m.seats[s].bot, "err", err)
			return
		}
		m.botFailures = 0
	}
}

// playBot asks seat s's bot for its move and plays it. Should the bot fail (a bug: its moves are legal by
// construction) or be missing from this server (started with --no-bots, or a later version without that
// bot), the game's automatic move is played instead: nobody else can play a bot seat, so the table would
// stall.
func (m *match) playBot(ctx context.Context, s game.Seat) error {
	if m.hasResigned(s) {
		mv, err := m.st.AutoMove(s)
		if err != nil {
			return fmt.Errorf("automatic move of a resigned seat: %w", err)
		}
		return m.move(ctx, s, mv, autoResigned)
	}
	mv, err := m.botMove(s)
	if err == nil {
		if err = m.move(ctx, s, mv, autoBot); err == nil || m.gone || !isRefusal(err) {
			return err
		}
	}
	m.srv.log.Warn("bot cannot move, playing the automatic move", "match", m.id, "seat", s, "bot", m.seats[s].bot, "err", err)
	mv, err = m.st.AutoMove(s)
	if err != nil {
		return fmt.Errorf("automatic move: %w", err)
	}
	return m.move(ctx, s, mv, autoBot)
}

// botMove asks seat s's bot, lent by the pool, for its move.
func (m *match) botMove(s game.Seat) (json.RawMessage, error) {
	if m.srv.botPool == nil {
		return nil, errors.New("this server seats no bots")
	}
	g, name := m.row.Game, m.seats[s].bot
	b, err := m.srv.botPool.take(g, name)
	if err != nil {
		return nil, err
	}
	if v, ok := b.(game.Varied); ok {
		v.Vary(seatSeed(m.id, s, m.seq))
	}
	start := time.Now()
	mv, err := safeBotMove(b, m.st, s)
	m.srv.metrics.BotThink(g, time.Since(start))
	if err == nil {
		// a bot that panicked may have left its scratch space in any state: it is not reused
		m.srv.botPool.give(g, name, b)
	}
	return mv, err
}

// botNames are the names bots sit at a table under, each seat its own, the level shown beside it ("Mira
// (strong)"): a table of five bots of one level reads as five players, not "strong" five times. Names
// that read alike in English, French and Portuguese.
var botNames = [...]string{"Mira", "Tomás", "Inès", "Oskar", "Lena", "Rafael", "Yara", "Bruno", "Clara",
	"Hugo", "Noor", "Emil", "Sofia", "Marco", "Ana", "Kai"}

// botCharacter is a name for a new bot seat: none of the table's names, the first from a place in the list
// that depends on the table, so that tables do not all seat Mira first.
func botCharacter(matchID string, seats []seatInfo) string {
	h := fnv.New32a()
	h.Write([]byte(matchID))
	start := int(h.Sum32() % uint32(len(botNames)))
	for i := range botNames {
		name := botNames[(start+i)%len(botNames)]
		if !slices.ContainsFunc(seats, func(s seatInfo) bool { return strings.EqualFold(s.name, name) }) {
			return name
		}
	}
	return fmt.Sprintf("%s %d", botNames[start], len(seats)+1)
}

// seatSeed is a bot seat's seed for one decision: its own for every table and seat (so two bots of one
// level play different games) and for every point of the game (so a pooled bot plays each seat afresh),
// yet the same when a decision is asked again after a restart.
func seatSeed(matchID string, s game.Seat, seq int64) uint64 {
	h := fnv.New64a()
	h.Write([]byte(matchID))
	return h.Sum64() ^ uint64(s+1)*0x9e3779b97f4a7c15 ^ uint64(seq)*0xbf58476d1ce4e5b9
}

// isRefusal tells a move the game refused (the bot's fault) from a failure of the server or the store.
func isRefusal(err error) bool {
	switch toAPIError(err).Status {
	case http.StatusBadRequest, http.StatusUnprocessableEntity:
		return true
	}
	return false
}

// safeBotMove turns a bot's panic into an error: bots run on the server's goroutines.
func safeBotMove(b game.Bot, st game.State, s game.Seat) (mv json.RawMessage, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bot %s panicked: %v", b.Name(), r)
		}
	}()
	return b.Move(st, s)
}

// addBot handles POST /api/matches/{id}/bots: a seated player gives the next free seat to a bot.
func (s *Server) addBot(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Bot  string  `json:"bot"`
		Name *string `json:"name"` // absent: the bot's own name; present, it is checked as a player's
	}
	if err := s.decodeOptional(w, r, &req); err != nil {
		return err
	}
	name := ""
	if req.Name != nil {
		if err := checkName(*req.Name); err != nil {
			return err
		}
		name = strings.TrimSpace(*req.Name)
		// A bot carries no account: a name that reads as one (the host's own included) would pass it for
		// that player at the table.
		if account, err := s.ident.SeatName(r, name); err != nil {
			return err
		} else if account != "" {
			return refuse(codeNameTaken, "%q reads as the name of an account: a bot takes another", name)
		}
	}
	var resp botResp
	err := s.withMatch(r.Context(), r.PathValue("id"), func(m *match) (err error) {
		if _, err := s.actingSeat(r, m); err != nil {
			return err
		}
		if name != "" {
			if err := m.distinctName(name); err != nil {
				return err
			}
		}
		resp.Seat, resp.Name, resp.Bot, err = m.addBot(r.Context(), req.Bot, name)
		return err
	})
	if err != nil {
		return err
	}
	resp.ID = r.PathValue("id")
	writeJSON(w, http.StatusOK, resp)
	return nil
}

type botResp struct {
	ID   string    `json:"id"`
	Seat game.Seat `json:"seat"`
	Name string    `json:"name"`
	Bot  string    `json:"bot"`
}

// botNames are the names of every bot the server offers: no account may take one.
func (s *Server) botNames() []string {
	if s.bots == nil {
		return nil
	}
	var out []string
	for name := range s.games {
		out = append(out, s.bots.Names(name)...)
	}
	return out
}
