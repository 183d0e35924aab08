package server

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/surveyor-game/surveyor/game"
)

// The hand-written encodings must give exactly json.Marshal's bytes: clients, the replay and the patches
// (which diff two encodings) read them as before.

// FuzzMatchInfoJSON builds a match info from the fuzzer's strings and numbers and compares
// appendMatchInfo's bytes with json.Marshal's.
func FuzzMatchInfoJSON(f *testing.F) {
	f.Add("m1", "cartographers", `{"preset":"base"}`, "playing", int64(7), 4, "Ann <b>&amp;</b>", "greedy+", "hé \u2028 \"q\" \\ \x01\x1f\t\b\f", "wave", int64(1700000000123456789), int64(-1500), true, 2, "r2")
	f.Add("", "", "", "", int64(0), 0, "", "", "", "", int64(0), int64(0), false, 0, "")
	f.Add("x\xff\xfey", "toy", "{ \"a\" : [1, 2] }\n", "over", int64(-3), 1, "\u2029\u00e9\U0001F600", "", "line\nbreak\r", "", int64(-62135596800000000000/1e9), int64(1<<40), false, 1, "")
	f.Fuzz(func(t *testing.T, id, gameName, options, status string, seq int64, maxSeats int, name, bot, text, phrase string,
		at, bank int64, rated bool, seats int, rematch string) {
		if !json.Valid([]byte(options)) && options != "" {
			options = `{}` // invalid options are refused when a match is made; both encoders would panic
		}
		when := time.Unix(0, at).UTC()
		if when.Year() < 0 || when.Year() > 9999 {
			when = time.Unix(0, 0).UTC()
		}
		seats = min(max(seats, 0), 6)
		mi := matchInfo{ID: id, Game: gameName, Options: json.RawMessage(options), Status: status, Seq: seq,
			MaxSeats: maxSeats, Players: make([]playerInfo, seats), ToAct: []game.Seat{}, Moves: int(seq % 1000),
			Rematch: rematch, Rated: rated, Challenge: rematch, Tournament: rematch, Created: when, SpectatorChat: !rated}
		if options == "" {
			mi.Options = nil
		}
		for i := range mi.Players {
			p := playerInfo{Seat: game.Seat(i), Name: name}
			if i%2 == 1 {
				p.Bot = bot
				d := when.Add(time.Duration(i) * time.Minute).In(time.FixedZone("x", 3600*i))
				p.Deadline = &d
				ms := bank + int64(i)
				p.BankMs = &ms
				p.GoneFrom = &d
			} else {
				p.Resigned = rated
				mi.ToAct = append(mi.ToAct, p.Seat)
			}
			mi.Players[i] = p
		}
		if seats == 0 {
			mi.Players, mi.ToAct = nil, nil
		}
		if seats >= 2 {
			mi.Clock = &clockConf{Mode: phrase, Seconds: maxSeats}
			mi.Chat = []chatData{{N: 1, Seat: -1, Name: name, Text: text, After: 3, At: when},
				{N: 2, Seat: 1, Name: bot, Phrase: phrase, At: when.Add(time.Nanosecond)}}
			mi.Invitations = []invitationInfo{{Name: text, By: name, Status: phrase}, {Name: bot, By: text, Status: status}}
		}
		if seats >= 3 {
			mi.Result = &game.Result{Scores: []int{int(seq), 3}, Ranks: []int{1, 2}, Detail: map[string]any{"t": text}}
			mi.Ended = phrase
		}
		want, err := json.Marshal(mi)
		if err != nil {
			t.Fatalf("json.Marshal: %v", err)
		}
		if got := appendMatchInfo(nil, &mi); string(got) != string(want) {
			t.Fatalf("appendMatchInfo\n got %s\nwant %s", got, want)
		}
		r := wsReply{Type: status, ID: id, Seq: seq}
		if rated {
			r.Error = &apiError{Status: 400, Code: phrase, Message: text, RetryAfter: maxSeats}
		}
		if want, _ := json.Marshal(r); string(appendWSReply(nil, &r)) != string(want) {
			t.Fatalf("appendWSReply\n got %s\nwant %s", appendWSReply(nil, &r), want)
		}
	})
}

// TestJSONStringEveryByte compares appendJSONString with json.Marshal on every single byte, every two-byte
// string of the interesting bytes, and the runes near the escaped ones.
func TestJSONStringEveryByte(t *testing.T) {
	t.Parallel()
	var cases []string
	for c := range 256 {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"z")
	}
	for _, r := range []rune{0x7f, 0x80, 0x2027, 0x2028, 0x2029, 0x202a, 0xfffd, 0x10ffff} {
		cases = append(cases, string(r), "x"+string(r)+"y")
	}
	cases = append(cases, "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x80", "ok")
	for _, s := range cases {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
}

// FuzzParseWSIn: whatever parseWSIn takes, strictUnmarshal takes too, with the same result.
func FuzzParseWSIn(f *testing.F) {
	for _, s := range []string{
		`{"type":"move","id":"m1","seq":12,"key":"k","move":{"pick":1,"at":[1,2],"s":"a\"}"}}`,
		` {"type":"undo","id":"u"} `, `{}`, `{"seq":-3}`, `{"seq":0}`, `{"seq":01}`, `{"seq":-0}`, `{"seq":1.5}`,
		`{"seq":9223372036854775808}`, `{"move":null}`, `{"move":"x"}`, `{"move":[{"a":[]}]}`, `{"move":tru}`,
		`{"type":"move","type":"undo"}`, `{"Type":"move"}`, `{"type":"a\u0041"}`, `{"type":"\xff"}`, `{"type":null}`,
		`{"other":1}`, `{"type":"move",}`, `{"type":"move"} x`, `{"move":{"a":1}}}`, `{"move":{"a":}}`, `{"id":"é"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fast wsIn
		if !parseWSIn(data, &fast) {
			return
		}
		var strict wsIn
		if err := strictUnmarshal(data, &strict); err != nil {
			t.Fatalf("parseWSIn took %q, which strictUnmarshal refuses: %v", data, err)
		}
		same := fast.Type == strict.Type && fast.ID == strict.ID && fast.Key == strict.Key &&
			string(fast.Move) == string(strict.Move) && (fast.Move == nil) == (strict.Move == nil) &&
			(fast.Seq == nil) == (strict.Seq == nil) && (fast.Seq == nil || *fast.Seq == *strict.Seq)
		if !same {
			t.Fatalf("%q: parseWSIn %+v, strictUnmarshal %+v", data, fast, strict)
		}
	})
}

// FuzzParseMoveBody: whatever parseMoveBody takes as an HTTP move's body, strictUnmarshal takes too, with
// the same result (and the WebSocket's other fields are not taken).
func FuzzParseMoveBody(f *testing.F) {
	for _, s := range []string{`{"move":{"pick":1}}`, `{"move":{"pick":1},"seq":4}`, ` { "seq" : 0 , "move" : [1] } `,
		`{"move":{"pick":1},"type":"move"}`, `{"move":{"pick":1},"key":"k"}`, `{"move":{"pick":1},"id":"1"}`, `{"seq":1,"seq":2}`, `{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fast moveReq
		if !parseMoveBody(data, &fast) {
			return
		}
		var strict moveReq
		if err := strictUnmarshal(data, &strict); err != nil {
			t.Fatalf("parseMoveBody took %q, which strictUnmarshal refuses: %v", data, err)
		}
		if string(fast.Move) != string(strict.Move) || (fast.Move == nil) != (strict.Move == nil) ||
			(fast.Seq == nil) != (strict.Seq == nil) || (fast.Seq != nil && *fast.Seq != *strict.Seq) {
			t.Fatalf("%q: parseMoveBody %+v, strictUnmarshal %+v", data, fast, strict)
		}
	})
}

// TestParseWSInTakesWhatClientsSend: messages in the forms docs/api.md gives and loadtest sends take the
// fast way (a fallback for all of them would pass FuzzParseWSIn and gain nothing).
func TestParseWSInTakesWhatClientsSend(t *testing.T) {
	t.Parallel()
	for _, s := range []string{
		`{"type":"move","id":"3","move":{"option":0,"shape":[[0,0],[0,1]],"terrain":"forest","at":[4,5]},"seq":17,"key":"k-3"}`,
		`{"type":"undo","id":"4","seq":18}`,
		`{"type":"move","id":"x","move":{"tile":1,"x":0,"y":-1,"rot":90,"meeple":null}}`,
		`{"type": "move", "id": "x", "move": {"pick": 2}, "seq": 3, "key": "KEY"}`,
		`{"type":"move","move":{"pick":1}}`,
	} {
		var in wsIn
		if !parseWSIn([]byte(s), &in) {
			t.Errorf("parseWSIn refused %s", s)
		}
	}
	for _, s := range []string{`{"move":{"pick":1}}`, `{"move": {"option": 1, "at": [3, 4]}, "seq": 12}`} {
		var req moveReq
		if !parseMoveBody([]byte(s), &req) {
			t.Errorf("parseMoveBody refused %s", s)
		}
	}
}

// BenchmarkWSMessage reads a move message the fast way and encoding/json's.
func BenchmarkWSMessage(b *testing.B) {
	msg := []byte(`{"type":"move","id":"17","move":{"pick":2},"seq":33,"key":"k-17"}`)
	b.Run("parseWSIn", func(b *testing.B) {
		b.ReportAllocs()
		var in wsIn
		for b.Loop() {
			if !parseWSIn(msg, &in) {
				b.Fatal("refused")
			}
		}
	})
	b.Run("strictUnmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var in wsIn
			if err := strictUnmarshal(msg, &in); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkMatchInfo encodes a two-seat match's info by hand and with json.Marshal.
func BenchmarkMatchInfo(b *testing.B) {
	d := time.Date(2026, 11, 26, 10, 0, 0, 123456789, time.UTC)
	ms := int64(61000)
	mi := matchInfo{ID: "m-8f3a2c", Game: "cartographers", Options: json.RawMessage(`{"preset":"base"}`), Status: "playing",
		Seq: 42, MaxSeats: 2, Players: []playerInfo{{Seat: 0, Name: "Ann", Deadline: &d, BankMs: &ms}, {Seat: 1, Name: "Bot", Bot: "strong", BankMs: &ms}},
		ToAct: []game.Seat{0}, Moves: 40, Clock: &clockConf{Mode: "game", Seconds: 600}, Created: d}
	b.Run("appendMatchInfo", func(b *testing.B) {
		b.ReportAllocs()
		buf := make([]byte, 0, 512)
		for b.Loop() {
			buf = appendMatchInfo(buf[:0], &mi)
		}
	})
	b.Run("json.Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(mi); err != nil {
				b.Fatal(err)
			}
		}
	})
}
