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
			Rematch: rematch, Rated: rated, Created: when, SpectatorChat: !rated}
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
		}
		if seats >= 3 {
			mi.Result = &game.Result{Scores: []int{int(seq), 3}, Ranks: []int{1, 2}, Detail: map[string]any{"t": text}}
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
