package server

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/rating"
)

func (e *env) post(id, action, tok, body string) resp {
	e.t.Helper()
	return e.do("POST", "/api/matches/"+id+"/"+action, tok, body)
}

// In a two-player game a resignation ends the game: the resigner is ranked last, the result says why, and
// nothing more can be played.
func TestResignEndsATwoPlayerGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	e.must(200, e.post(id, "moves", ps[0].token, `{"move":{"pick":3}}`)) // seat 0 leads on points once scored
	before := e.state(id, "").Seq
	ws := e.dial(id, ps[1].token, before)
	st := decodeState(t, e.must(200, e.post(id, "resign", ps[0].token, `{"seat":0}`)).body)
	if heard := ws.stateAt(before + 1); heard.Match.Ended != endResigned || !heard.Match.Players[0].Resigned {
		t.Fatalf("the other player's socket heard %+v", heard.Match)
	}
	if st.Seq != before+1 || st.Match.Status != statusFinished || st.Match.Ended != endResigned {
		t.Fatalf("after resigning: seq %d (was %d), status %q, ended %q", st.Seq, before, st.Match.Status, st.Match.Ended)
	}
	if r := st.Match.Result; r == nil || !slices.Equal(r.Ranks, []int{2, 1}) {
		t.Fatalf("result %+v, want seat 0 (who resigned) second and seat 1 first", st.Match.Result)
	}
	if !st.Match.Players[0].Resigned || st.Match.Players[1].Resigned {
		t.Fatalf("players %+v: seat 0 alone resigned", st.Match.Players)
	}
	if len(st.Match.ToAct) != 0 || st.You.MustAct {
		t.Fatalf("after the end: to_act %v, must_act %v", st.Match.ToAct, st.You.MustAct)
	}
	if r := e.post(id, "moves", ps[1].token, `{"move":{"pick":2}}`); r.status != http.StatusConflict || r.errCode() != codeGameOver {
		t.Fatalf("a move after the resignation: %d %s", r.status, r.body)
	}
	// A finished game's record, replays and rematch are there as for any other end.
	e.must(200, e.do("GET", "/api/matches/"+id+"/record", "", ""))
	e.must(200, e.post(id, "rematch", ps[1].token, ""))
}

// Every bad resignation gets its own precise refusal and changes nothing.
func TestResignRefusals(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 3, "")
	e.must(200, e.post(id, "resign", ps[2].token, ""))
	ended, eps := e.newMatch("toy", `{"rounds":3}`, 2, "")
	e.must(200, e.post(ended, "resign", eps[1].token, ""))
	open := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":2,"name":"Ada"}`)).json(t)
	for _, c := range []struct {
		name, match, tok, body string
		status                 int
		code                   string
	}{
		{"twice", id, ps[2].token, "", http.StatusConflict, codeResigned},
		{"an ended game", ended, eps[0].token, "", http.StatusConflict, codeGameOver},
		{"someone else's seat", id, ps[0].token, `{"seat":1}`, http.StatusForbidden, codeForbidden},
		{"no credential", id, "", "", http.StatusUnauthorized, codeUnauthorized},
		{"a wrong token", id, "not-a-seat-token", "", http.StatusForbidden, codeForbidden},
		{"another match's token", id, eps[0].token, "", http.StatusForbidden, codeForbidden},
		{"an unknown match", "nosuchmatch0", ps[0].token, "", http.StatusNotFound, codeNotFound},
		{"before the start", open["id"].(string), open["token"].(string), "", http.StatusConflict, codeNotStarted},
		{"a body that is not JSON", id, ps[0].token, `{"seat":`, http.StatusBadRequest, codeBadJSON},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.t = t
			var seq int64 = -1
			if c.match != "nosuchmatch0" {
				seq = e.state(c.match, "").Seq
			}
			r := e.post(c.match, "resign", c.tok, c.body)
			if r.status != c.status || r.errCode() != c.code {
				t.Fatalf("%d %s, want %d %s", r.status, r.body, c.status, c.code)
			}
			if seq >= 0 {
				if after := e.state(c.match, ""); after.Seq != seq {
					t.Fatalf("the refusal changed the match: seq %d, was %d", after.Seq, seq)
				}
			}
		})
	}
}

// At a table of three, the game goes on without the resigned seat, which the server plays by the game's
// automatic move and ranks last whatever it scores; its player can no longer move. The match replays to
// the same state from its log after a restart.
func TestResignedSeatIsPlayedAndRankedLast(t *testing.T) {
	t.Parallel()
	st := openSQLite(t)
	e := newEnv(t, st, nil)
	id, ps := e.newMatch("toy", `{"rounds":2}`, 3, "")
	e.must(200, e.post(id, "resign", ps[0].token, ""))
	mid := e.state(id, ps[0].token)
	if mid.Match.Status != statusPlaying || mid.Match.Ended != "" || !mid.Match.Players[0].Resigned || mid.You.MustAct {
		t.Fatalf("after one of three resigned: %+v, you %+v", mid.Match, mid.You)
	}
	if r := e.post(id, "moves", ps[0].token, `{"move":{"pick":1}}`); r.status != http.StatusConflict || r.errCode() != codeResigned {
		t.Fatalf("a move of the resigned seat: %d %s", r.status, r.body)
	}
	// Seat 0 wins on points: the server picks 1 for it each round (AutoMove), the others tie on 2 and
	// score nothing.
	for range 2 {
		e.waitState(id, ps[1].token, func(s state) bool { return s.You.MustAct })
		for _, p := range ps[1:] {
			e.must(200, e.post(id, "moves", p.token, `{"move":{"pick":2}}`))
		}
	}
	end := e.waitState(id, "", func(s state) bool { return s.Match.Status == statusFinished })
	if r := end.Match.Result; r == nil || !slices.Equal(r.Ranks, []int{3, 1, 1}) || r.Scores[0] <= r.Scores[1] || end.Match.Ended != "" {
		t.Fatalf("result %+v (ended %q), want seat 0 third despite its lead, and the game ended by its rules", r, end.Match.Ended)
	}
	evs, err := st.Events(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	autos := 0
	for _, ev := range evs {
		var d moveData
		if ev.Kind == evMove && json.Unmarshal(ev.Data, &d) == nil && d.Auto == autoResigned {
			if ev.Seat != 0 {
				t.Fatalf("seat %d was played as resigned", ev.Seat)
			}
			autos++
		}
	}
	if autos != 2 {
		t.Fatalf("%d moves played for the resigned seat, want one a round (2)", autos)
	}
	// A server started afresh on the same log shows the same match, byte for byte.
	was := e.must(200, e.do("GET", "/api/matches/"+id, ps[0].token, "")).body
	e2 := newEnv(t, st, nil)
	if now := e2.must(200, e2.do("GET", "/api/matches/"+id, ps[0].token, "")).body; string(now) != string(was) {
		t.Fatalf("after a restart:\n%s\nbefore:\n%s", now, was)
	}
}

// The last two resignations of a table of three end it: the one who stays wins, the later resigner ranks
// above the earlier. The end replays from the log.
func TestResignationsLeavingOnePlayerEndTheGame(t *testing.T) {
	t.Parallel()
	st := openSQLite(t)
	e := newEnv(t, st, nil)
	id, ps := e.newMatch("toy", `{"rounds":3}`, 3, "")
	e.must(200, e.post(id, "resign", ps[1].token, ""))
	end := decodeState(t, e.must(200, e.post(id, "resign", ps[0].token, "")).body)
	if end.Match.Status != statusFinished || end.Match.Ended != endResigned || !slices.Equal(end.Match.Result.Ranks, []int{2, 3, 1}) {
		t.Fatalf("after two of three resigned: status %q ended %q result %+v, want ranks [2 3 1]", end.Match.Status, end.Match.Ended, end.Match.Result)
	}
	e2 := newEnv(t, st, nil)
	if again := e2.state(id, ""); again.Match.Ended != endResigned || !slices.Equal(again.Match.Result.Ranks, []int{2, 3, 1}) {
		t.Fatalf("after a restart: %+v", again.Match)
	}
}

// A solo game resigned ends as abandoned: the profile counts it played, neither won nor scored.
func TestResignSoloAbandons(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":3},"max_seats":1,"name":"Ada"}`), 201).json(t)["id"].(string)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":3}}`), 200)
	st := decodeState(t, ada.must(ada.do("POST", "/api/matches/"+id+"/resign", ""), 200).body)
	if st.Match.Status != statusFinished || st.Match.Ended != endAbandoned {
		t.Fatalf("solo resigned: status %q ended %q", st.Match.Status, st.Match.Ended)
	}
	var p struct {
		Games []struct{ Played, Won int }
		Solo  []struct{ Played int }
	}
	if err := json.Unmarshal(e.must(200, e.do("GET", "/api/users/Ada", "", "")).body, &p); err != nil {
		t.Fatal(err)
	}
	if len(p.Games) != 1 || p.Games[0].Played != 1 || p.Games[0].Won != 0 || len(p.Solo) != 0 {
		t.Fatalf("Ada's profile after an abandoned solo game: games %+v, solo %+v", p.Games, p.Solo)
	}
}

// A rated resignation counts as a loss: the resigner's rating falls and the other's rises, as if beaten.
func TestRatedResignationIsALoss(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, bea := e.browser(), e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	bea.must(bea.do("POST", "/api/account/signup", `{"name":"Bea","password":"correct horse"}`), 201)
	id := ada.must(ada.do("POST", "/api/matches", `{"game":"toy","options":{"rounds":3},"max_seats":2,"name":"Ada","rated":true}`), 201).json(t)["id"].(string)
	bea.must(bea.do("POST", "/api/matches/"+id+"/join", `{"name":"Bea"}`), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/start", ""), 200)
	// Ada leads on the board, but resigns.
	ada.must(ada.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":3}}`), 200)
	bea.must(bea.do("POST", "/api/matches/"+id+"/moves", `{"move":{"pick":1}}`), 200)
	ada.must(ada.do("POST", "/api/matches/"+id+"/resign", ""), 200)
	pa, pb := e.profile("Ada"), e.profile("Bea")
	if len(pa.Ratings) != 1 || len(pb.Ratings) != 1 {
		t.Fatalf("ratings: Ada %+v, Bea %+v; want one each", pa.Ratings, pb.Ratings)
	}
	fresh := rating.Default().New()
	if pa.Ratings[0].Mu >= fresh.Mu || pb.Ratings[0].Mu <= fresh.Mu {
		t.Fatalf("mu after Ada resigned: Ada %v, Bea %v (a newcomer has %v): Ada should fall, Bea rise", pa.Ratings[0].Mu, pb.Ratings[0].Mu, fresh.Mu)
	}
	if pa.Games[0].Won != 0 || pb.Games[0].Won != 1 {
		t.Fatalf("wins: Ada %+v, Bea %+v", pa.Games, pb.Games)
	}
}

// A bot of the open bot API resigns with its API token, as a person does.
func TestBotAPIResigns(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	_, botTok := botAccount(t, e, "Robo")
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","options":{"rounds":2},"max_seats":2,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	e.must(200, e.post(id, "join", botTok, `{"name":"Robo"}`))
	e.must(200, e.post(id, "start", ada, ""))
	st := decodeState(t, e.must(200, e.post(id, "resign", botTok, "")).body)
	if st.You == nil || st.You.Seat != 1 || st.Match.Ended != endResigned || !st.Match.Players[1].Resigned {
		t.Fatalf("the bot's resignation: you %+v, match %+v", st.You, st.Match)
	}
}

// Victory can be claimed once every other player's clock ran out and a clock length more went by without
// them playing; not before, not if they come back, not without a clock.
func TestClaimVictory(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	id, ps := e.newMatch("toy", `{"rounds":5}`, 2, `,"clock":{"mode":"move","seconds":30}`)
	claim := func(want int, code string) state {
		t.Helper()
		seq := e.state(id, "").Seq
		r := e.post(id, "claim", ps[0].token, "")
		if r.status != want || r.errCode() != code {
			t.Fatalf("claim: %d %s, want %d %q", r.status, r.body, want, code)
		}
		if want != 200 {
			if after := e.state(id, ""); after.Seq != seq {
				t.Fatalf("a refused claim changed the match: seq %d, was %d", after.Seq, seq)
			}
			return state{}
		}
		return decodeState(t, r.body)
	}
	claim(http.StatusConflict, codeNotClaimable) // Bea has not missed a move
	e.must(200, e.post(id, "moves", ps[0].token, `{"move":{"pick":1}}`))
	e.clock.Advance(31 * time.Second)
	e.srv.expire(id) // Bea's time runs out: her move is played for her
	if from := e.state(id, "").Match.Players[1].GoneFrom; from == nil || !from.Equal(e.clock.Now().Add(30*time.Second)) {
		t.Fatalf("gone_from %v, want one clock length after her timeout", from)
	}
	claim(http.StatusConflict, codeNotClaimable) // too early
	// Bea comes back: she is playing again.
	e.must(200, e.post(id, "moves", ps[1].token, `{"move":{"pick":2}}`))
	e.clock.Advance(31 * time.Second)
	claim(http.StatusConflict, codeNotClaimable)
	if from := e.state(id, "").Match.Players[1].GoneFrom; from != nil {
		t.Fatalf("gone_from %v after she played", from)
	}
	e.srv.expire(id) // Ada's own time ran out meanwhile (she claims all the same: she is here)
	for range 2 {
		e.must(200, e.post(id, "moves", ps[0].token, `{"move":{"pick":3}}`))
		e.clock.Advance(31 * time.Second)
		e.srv.expire(id) // Bea's time runs out again, and again
	}
	e.must(200, e.post(id, "moves", ps[0].token, `{"move":{"pick":3}}`))
	end := claim(http.StatusOK, "")
	if end.Match.Status != statusFinished || end.Match.Ended != endClaimed || !slices.Equal(end.Match.Result.Ranks, []int{1, 2}) {
		t.Fatalf("after the claim: status %q ended %q result %+v", end.Match.Status, end.Match.Ended, end.Match.Result)
	}
	claim(http.StatusConflict, codeGameOver)
	// Without a clock nobody's time runs out.
	id2, ps2 := e.newMatch("toy", `{"rounds":5}`, 2, "")
	if r := e.post(id2, "claim", ps2[0].token, ""); r.status != http.StatusConflict || r.errCode() != codeNotClaimable || !strings.Contains(r.body2(), "no clock") {
		t.Fatalf("claim without a clock: %d %s", r.status, r.body)
	}
}

func (r resp) body2() string { return string(r.body) }

// Before the start a player leaves the table and the seat is free; the host closes instead, and once the
// game runs, a player resigns instead.
func TestLeaveBeforeTheStart(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil, nil)
	v := e.must(201, e.do("POST", "/api/matches", "", `{"game":"toy","max_seats":3,"name":"Ada"}`)).json(t)
	id, ada := v["id"].(string), v["token"].(string)
	bea := e.must(200, e.post(id, "join", "", `{"name":"Bea"}`)).json(t)["token"].(string)
	cy := e.must(200, e.post(id, "join", "", `{"name":"Cy"}`)).json(t)["token"].(string)
	st := decodeState(t, e.must(200, e.post(id, "leave", bea, "")).body)
	if st.You != nil || len(st.Match.Players) != 2 || st.Match.Players[1].Name != "Cy" {
		t.Fatalf("after Bea left: you %+v, players %+v", st.You, st.Match.Players)
	}
	if me := e.state(id, cy); me.You == nil || me.You.Seat != 1 {
		t.Fatalf("Cy after Bea left: %+v", me.You)
	}
	for _, c := range []struct {
		name, tok string
		status    int
		code      string
	}{
		{"a seat that left", bea, http.StatusForbidden, codeForbidden},
		{"the host", ada, http.StatusForbidden, codeForbidden},
		{"no credential", "", http.StatusUnauthorized, codeUnauthorized},
	} {
		if r := e.post(id, "leave", c.tok, ""); r.status != c.status || r.errCode() != c.code {
			t.Fatalf("%s: %d %s, want %d %s", c.name, r.status, r.body, c.status, c.code)
		}
	}
	if n := len(e.state(id, "").Match.Players); n != 2 {
		t.Fatalf("refused leaves changed the seats: %d", n)
	}
	// The seat is free again.
	e.must(200, e.post(id, "join", "", `{"name":"Dee"}`))
	e.must(200, e.post(id, "start", ada, ""))
	if r := e.post(id, "leave", cy, ""); r.status != http.StatusConflict || r.errCode() != codeAlreadyStarted || !strings.Contains(r.body2(), "resign") {
		t.Fatalf("leave after the start: %d %s", r.status, r.body)
	}
}
