package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/surveyor-game/surveyor/game"
	"github.com/surveyor-game/surveyor/server/httpkit"
)

// WebSocket protocol (docs/api.md): the server sends {"type":"state",...} envelopes, the newest only, after
// every change; a client that reconnects with ?since=SEQ gets nothing until the match moves past SEQ, or
// the current state at once if it already has. Clients may send moves and undos on the socket:
// {"type":"move","id":"x","move":{...}}, {"type":"undo","id":"x"}, answered by {"type":"ok","id":"x","seq":N}
// or {"type":"error","id":"x","error":{"code","message"}}. {"type":"visible"} and {"type":"hidden"} say
// whether the page shows the table (notes, server/social).

type wsIn struct {
	Type string          `json:"type"`
	ID   string          `json:"id"`
	Move json.RawMessage `json:"move"`
	// Seq and Key are a move's or an undo's sequence number and idempotency key (docs/api.md).
	Seq *int64 `json:"seq"`
	Key string `json:"key"`
}

type wsReply struct {
	Type  string    `json:"type"`
	ID    string    `json:"id,omitempty"`
	Seq   int64     `json:"seq,omitempty"`
	Error *apiError `json:"error,omitempty"`
}

const wsWriteTimeout = 10 * time.Second

// wsCloseWait bounds the server's end of a WebSocket, from the moment it decides to close: its close frame,
// any write still blocked before it and the peer's answering close frame, after which the connection is
// closed whatever the peer did. A client that vanished cannot hold Close up longer.
const wsCloseWait = 2 * time.Second

func (s *Server) websocket(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	since := int64(-1)
	if v := r.URL.Query().Get("since"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return errf(http.StatusBadRequest, codeBadRequest, "since must be a sequence number")
		}
		since = n
	}
	// The seat is checked before the upgrade, so that a wrong token gets a plain JSON error.
	seat := game.Spectator
	readOnly := false
	err := s.withMatch(r.Context(), id, func(m *match) (err error) {
		if seat, err = s.viewerSeat(r, m); err != nil {
			return err
		}
		readOnly = seat != game.Spectator && !s.mayPlay(r)
		return s.attemptSpectator(m, seat)
	})
	if err != nil {
		return err
	}
	// The socket is counted before its handshake, so that a Close arriving meanwhile waits for it.
	if !s.countSocket() {
		return errf(http.StatusServiceUnavailable, codeUnavailable, "shutting down")
	}

	// Any origin may connect: authority comes from the seat token in the URL, or from a session cookie
	// only when the page is ours (the gate of crosssite.go drops it otherwise), so a foreign page gains
	// nothing it could not do with the token itself.
	client := httpkit.ClientKey(r, s.trusted)
	if !s.sockets.Acquire(client, s.wsPerAddr) {
		s.conns.Done()
		return tooMany(socketRetry, "this address holds %d WebSockets already", s.wsPerAddr)
	}
	cw := &corkingWriter{ResponseWriter: w}
	c, err := websocket.Accept(cw, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		s.sockets.Release(client)
		s.conns.Done()
		return nil // Accept has written the HTTP error
	}
	c.SetReadLimit(s.maxBody)
	ctx, cancel := context.WithCancel(s.ctx)
	sub := newSubscriber(seat, since)
	sub.patches = r.URL.Query().Get("patch") == "1"
	sub.readOnly = readOnly
	if tok := token(r); seat != game.Spectator && (tok == "" || isAPIToken(tok)) {
		sub.stillHolds = s.credentialCheck(r)
	}
	// The connection is served from a goroutine of its own and this handler returns: the HTTP server's
	// goroutine, whose stack grew deep through the middleware, and the request it holds are freed for as
	// long as the table stays open (a quarter of an idle connection's memory).
	go func() {
		defer s.conns.Done() // last: once Close has waited, no socket holds its address's count
		defer s.sockets.Release(client)
		defer cancel()
		s.wsServe(ctx, cancel, c, cw.conn, sub, id, seat, since)
	}()
	return nil
}

// credentialCheck is what a socket keeps of its request to ask again whether its credential still names
// the same account: the URL and headers (the request itself, and its goroutine's stack, are let go).
func (s *Server) credentialCheck(r *http.Request) func(ctx context.Context) bool {
	want := ""
	if p, err := s.ident.WhoIs(r); err == nil && p != nil {
		want = p.User.ID
	}
	u := *r.URL
	h := r.Header.Clone()
	return func(ctx context.Context) bool {
		again := (&http.Request{Method: http.MethodGet, URL: &u, Header: h}).WithContext(ctx)
		p, err := s.ident.WhoIs(again)
		if e := (*httpkit.Error)(nil); err != nil && !errors.As(err, &e) {
			// The database could not say (away for a moment): the credential is not known to have ended, and
			// dropping every account's table at once would have them all reconnect together as it returns.
			s.log.Warn("socket: its credential could not be checked again", "err", err)
			return true
		}
		return err == nil && p != nil && p.User.ID == want
	}
}

// wsServe subscribes a connection to its match and writes it every change until it ends.
func (s *Server) wsServe(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, cork *corkConn, sub *subscriber, id string, seat game.Seat, since int64) {
	keepAlive(ctx, cancel, c, s.wsPing, sub.stillHolds)
	var m *match
	var upToDate, rewound bool
	var cur int64
	err := s.withMatch(ctx, id, func(mm *match) error {
		m, cur = mm, mm.seq
		// A client ahead of the log saw changes the log no longer holds (the database was restored from
		// a backup): it is told so, then sent the current state, which it must take although its seq is
		// lower than the one it had.
		if rewound = since > m.seq; rewound {
			sub.seq = -1
		}
		m.subscribe(sub)
		upToDate = since >= 0 && m.seq == since
		return nil
	})
	if err != nil {
		if s.ctx.Err() != nil {
			wsClose(c, cork, websocket.StatusGoingAway, "server shutting down")
		} else {
			wsClose(c, cork, websocket.StatusInternalError, "match unavailable")
		}
		return
	}
	switch {
	case upToDate:
		wsSend(ctx, c, cork, wsReply{Type: "uptodate", Seq: since})
	case rewound:
		wsSend(ctx, c, cork, wsReply{Type: "rewound", Seq: cur})
	}
	mark, err := s.presence.arrive(ctx, id, seat, s.now())
	if err != nil {
		s.log.Warn("cannot mark a seat present for the other instances", "match", id, "err", err)
	}
	defer func() {
		m.mu.Lock()
		m.unsubscribe(sub)
		m.mu.Unlock()
		s.presence.leave(context.WithoutCancel(ctx), mark)
	}()

	// The reader sends each reply itself, with the state its message caused (held from the writer
	// meanwhile), in one write and without waking the writer; wmu keeps the two from interleaving.
	var wmu sync.Mutex
	go func() {
		defer cancel()
		s.wsRead(ctx, c, cork, &wmu, sub, id, seat)
	}()
	// end closes the connection once the writer stops. A closing server says so with a close frame (the
	// reader leaves the connection to it, wsRead): the client reconnects at once, to another instance.
	// Close waited for the messages being handled, whose replies their readers wrote (a move is in the
	// log once accepted).
	end := func() {
		if s.ctx.Err() != nil {
			wmu.Lock()
			wsClose(c, cork, websocket.StatusGoingAway, "server shutting down")
			wmu.Unlock()
		} else {
			c.CloseNow() // the client has gone, or cannot be written to
		}
	}
	for {
		select {
		case <-ctx.Done():
			end()
			return
		case <-sub.done:
			wsClose(c, cork, websocket.StatusTryAgainLater, "match reloaded; reconnect")
			return
		case <-sub.wake:
		}
		wmu.Lock()
		err := wsWriteAll(ctx, c, cork, sub.take(), nil)
		wmu.Unlock()
		if err != nil {
			end()
			return
		}
	}
}

// wsWriteAll writes the state and then the reply (either may be nil), corked into one write to the
// socket. Not cancelled with the connection's context: a reply owed when the server shuts down still goes
// out; a peer that has gone fails the write by itself.
func wsWriteAll(ctx context.Context, c *websocket.Conn, cork *corkConn, state, reply []byte) error {
	if state == nil && reply == nil {
		return nil
	}
	var err error
	if cork == nil {
		wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), wsWriteTimeout)
		defer cancel()
		for _, b := range [2][]byte{state, reply} {
			if b != nil && err == nil {
				err = c.Write(wctx, websocket.MessageText, b)
			}
		}
		return err
	}
	// Corked, the messages are framed into the buffer; the socket's write, uncork's, has the deadline
	// (and no timer is made for each message).
	cork.cork()
	for _, b := range [2][]byte{state, reply} {
		if b != nil && err == nil {
			err = cork.frame(b)
		}
	}
	if uerr := cork.uncork(); err == nil {
		err = uerr
	}
	return err
}

// wsClose closes the WebSocket with a status, after the last message frame, waiting at most wsCloseWait
// for the peer's answer (the library would wait up to 10 s).
func wsClose(c *websocket.Conn, cork *corkConn, code websocket.StatusCode, reason string) {
	if cork != nil {
		cork.close()
		cork.shut(time.Now().Add(wsCloseWait))
	}
	c.Close(code, reason)
}

// wsSend writes one reply before the connection's reader and writer start.
func wsSend(ctx context.Context, c *websocket.Conn, cork *corkConn, r wsReply) error {
	return wsWriteAll(ctx, c, cork, nil, appendWSReply(nil, &r))
}

// wsRead handles what a client sends until the connection ends. It writes each reply itself, after the
// state the message caused (sub holds it from the writer while the message is handled), so that both
// leave in one write: a move on a socket costs one read and one write for its sender.
func (s *Server) wsRead(ctx context.Context, c *websocket.Conn, cork *corkConn, wmu *sync.Mutex, sub *subscriber, id string, seat game.Seat) {
	// The reads are not given ctx, for which the library would hook and unhook a cancellation on every
	// frame's header and payload: the connection is closed once when ctx ends, which ends a read too.
	// Unless the server is closing: the writer then sends the close frame of status 1001 (wsServe), which
	// closing the connection here would often beat, and the client would see a bare end of the connection.
	// The read goes on until the client answers that frame, within the cap set here.
	stop := context.AfterFunc(ctx, func() {
		if s.ctx.Err() != nil && cork != nil {
			cork.shut(time.Now().Add(wsCloseWait))
			return
		}
		c.CloseNow()
	})
	defer stop()
	rctx := context.WithoutCancel(ctx)
	for {
		typ, data, err := c.Read(rctx)
		if err != nil {
			var ce websocket.CloseError
			if !errors.As(err, &ce) && ctx.Err() == nil {
				s.log.Debug("websocket read", "match", id, "err", err)
			}
			return
		}
		s.busy.RLock()
		if s.ctx.Err() != nil { // the server is closing: the message is not taken
			s.busy.RUnlock()
			return
		}
		sub.hold()
		reply := s.wsHandle(ctx, typ, data, id, seat, sub)
		b := appendWSReply(make([]byte, 0, 64), &reply)
		// Written before Close may go on (busy): a reply the server owes leaves even as it shuts down.
		wmu.Lock()
		err = wsWriteAll(ctx, c, cork, sub.release(), b)
		wmu.Unlock()
		s.busy.RUnlock()
		if err != nil {
			return
		}
	}
}

func (s *Server) wsHandle(ctx context.Context, typ websocket.MessageType, data []byte, id string, seat game.Seat, sub *subscriber) wsReply {
	arrived := time.Now()
	fail := func(ae *apiError, msgID string) wsReply { return wsReply{Type: "error", ID: msgID, Error: ae} }
	if wait := s.limiterWait("ws:" + id + ":" + strconv.Itoa(int(seat))); wait > 0 {
		// The refusal names the message it refuses, so that the client knows which one to send again.
		var named struct {
			ID string `json:"id"`
		}
		json.Unmarshal(data, &named)
		return fail(tooMany(wait, "too many messages; slow down"), named.ID)
	}
	if typ != websocket.MessageText {
		return fail(errf(http.StatusBadRequest, codeBadJSON, "messages must be JSON text"), "")
	}
	var in wsIn
	if !parseWSIn(data, &in) {
		if err := strictUnmarshal(data, &in); err != nil {
			return fail(errf(http.StatusBadRequest, codeBadJSON, "invalid JSON message: %v", err), "")
		}
	}
	switch in.Type {
	case "visible", "hidden":
		// The page says whether the table is in view: a player looking at it gets no notes about it, and
		// its unread notes are read.
		sub.hidden.Store(in.Type == "hidden")
		if in.Type == "visible" && seat >= 0 && !sub.readOnly { // reading the notes is a change
			s.tableSeen(ctx, id, seat)
		}
		return wsReply{Type: "ok", ID: in.ID}
	}
	if seat < 0 {
		return fail(errf(http.StatusForbidden, codeForbidden, "spectators cannot play; connect with a seat token"), in.ID)
	}
	if sub.readOnly {
		return fail(errf(http.StatusForbidden, codeForbidden, `the API token lacks the "play" scope`), in.ID)
	}
	if len(in.Key) > maxKeyLen {
		return fail(errf(http.StatusBadRequest, codeBadRequest, "key is longer than %d characters", maxKeyLen), in.ID)
	}
	if sub.stillHolds != nil && !sub.stillHolds(ctx) {
		return fail(errf(http.StatusUnauthorized, codeUnauthorized, "the session or API token this socket was opened with has ended; sign in again"), in.ID)
	}
	rq := request{seq: in.Seq, key: in.Key, at: arrived}
	var seq int64
	err := s.withMatch(ctx, id, func(m *match) error {
		var err error
		switch in.Type {
		case "move":
			if len(in.Move) == 0 || string(in.Move) == "null" {
				return errf(http.StatusBadRequest, codeBadMove, `a move message is {"type":"move","move":...}`)
			}
			err = m.moveOnce(ctx, seat, in.Move, "", rq)
		case "undo":
			err = m.undoOnce(ctx, seat, rq)
		default:
			err = errf(http.StatusBadRequest, codeBadRequest, `unknown message type %q (want "move", "undo", "visible" or "hidden")`, in.Type)
		}
		seq = m.seq
		return err
	})
	if err != nil {
		return fail(toAPIError(err), in.ID)
	}
	return wsReply{Type: "ok", ID: in.ID, Seq: seq}
}

// keepAlive pings the peer now and then and ends the connection (cancel) when a ping goes unanswered:
// a peer that vanished without closing would otherwise hold its socket until a write failed. It runs on a
// timer rather than a goroutine of its own, so that an idle connection costs no stack for it (10,000 open
// tables hold 10,000 connections). still, when set, is asked first: a socket whose session or API token
// has ended is ended too, as the account's streams are, rather than go on showing the seat's view.
func keepAlive(ctx context.Context, cancel context.CancelFunc, c *websocket.Conn, every time.Duration, still func(context.Context) bool) {
	var mu sync.Mutex
	mu.Lock()
	defer mu.Unlock()
	var t *time.Timer
	t = time.AfterFunc(every, func() {
		pctx, pcancel := context.WithTimeout(ctx, every/2)
		err := c.Ping(pctx)
		if err == nil && still != nil && !still(pctx) && ctx.Err() == nil {
			err = errors.New("the socket's credential has ended")
		}
		pcancel()
		if err != nil {
			cancel()
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if ctx.Err() == nil {
			t.Reset(every)
		}
	})
	context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		t.Stop()
	})
}
