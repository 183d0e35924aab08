package server

import (
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"
)

// The match info goes out after every move, to every seat and spectator; encoding/json spent most of its
// time there walking the struct by reflection. These functions write the same bytes json.Marshal would
// (FuzzMatchInfoJSON compares them) for the few types the envelope holds.

// appendMatchInfo appends mi's JSON encoding.
func appendMatchInfo(b []byte, mi *matchInfo) []byte {
	b = append(b, `{"id":`...)
	b = appendJSONString(b, mi.ID)
	b = append(b, `,"game":`...)
	b = appendJSONString(b, mi.Game)
	b = append(b, `,"options":`...)
	b = appendRawJSON(b, mi.Options)
	b = append(b, `,"status":`...)
	b = appendJSONString(b, mi.Status)
	b = append(b, `,"seq":`...)
	b = strconv.AppendInt(b, mi.Seq, 10)
	b = append(b, `,"max_seats":`...)
	b = strconv.AppendInt(b, int64(mi.MaxSeats), 10)
	b = append(b, `,"players":`...)
	if mi.Players == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range mi.Players {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendPlayerInfo(b, &mi.Players[i])
		}
		b = append(b, ']')
	}
	b = append(b, `,"to_act":`...)
	if mi.ToAct == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range mi.ToAct {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(s), 10)
		}
		b = append(b, ']')
	}
	b = append(b, `,"moves":`...)
	b = strconv.AppendInt(b, int64(mi.Moves), 10)
	if mi.Clock != nil {
		b = append(b, `,"clock":{"mode":`...)
		b = appendJSONString(b, mi.Clock.Mode)
		b = append(b, `,"seconds":`...)
		b = strconv.AppendInt(b, int64(mi.Clock.Seconds), 10)
		b = append(b, '}')
	}
	if mi.Result != nil {
		// Once a game, at its end: the game's own detail is any value, left to encoding/json.
		b = append(b, `,"result":`...)
		b = append(b, mustJSON(mi.Result)...)
	}
	if mi.Ended != "" {
		b = append(b, `,"ended":`...)
		b = appendJSONString(b, mi.Ended)
	}
	if mi.Rematch != "" {
		b = append(b, `,"rematch":`...)
		b = appendJSONString(b, mi.Rematch)
	}
	if mi.Rated {
		b = append(b, `,"rated":true`...)
	}
	if mi.Challenge != "" {
		b = append(b, `,"challenge":`...)
		b = appendJSONString(b, mi.Challenge)
	}
	if mi.Tournament != "" {
		b = append(b, `,"tournament":`...)
		b = appendJSONString(b, mi.Tournament)
	}
	b = append(b, `,"created":`...)
	b = appendJSONTime(b, mi.Created)
	if len(mi.Chat) > 0 {
		b = append(b, `,"chat":[`...)
		for i := range mi.Chat {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendChatData(b, &mi.Chat[i])
		}
		b = append(b, ']')
	}
	if mi.SpectatorChat {
		b = append(b, `,"spectator_chat":true`...)
	}
	if len(mi.Invitations) > 0 {
		b = append(b, `,"invitations":[`...)
		for i, iv := range mi.Invitations {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			b = appendJSONString(b, iv.Name)
			b = append(b, `,"by":`...)
			b = appendJSONString(b, iv.By)
			b = append(b, `,"status":`...)
			b = appendJSONString(b, iv.Status)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendPlayerInfo(b []byte, p *playerInfo) []byte {
	b = append(b, `{"seat":`...)
	b = strconv.AppendInt(b, int64(p.Seat), 10)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, p.Name)
	if p.Bot != "" {
		b = append(b, `,"bot":`...)
		b = appendJSONString(b, p.Bot)
	}
	if p.Account != "" {
		b = append(b, `,"account":`...)
		b = appendJSONString(b, p.Account)
	}
	if p.Deadline != nil {
		b = append(b, `,"deadline":`...)
		b = appendJSONTime(b, *p.Deadline)
	}
	if p.BankMs != nil {
		b = append(b, `,"bank_ms":`...)
		b = strconv.AppendInt(b, *p.BankMs, 10)
	}
	if p.Resigned {
		b = append(b, `,"resigned":true`...)
	}
	if p.GoneFrom != nil {
		b = append(b, `,"gone_from":`...)
		b = appendJSONTime(b, *p.GoneFrom)
	}
	return append(b, '}')
}

func appendChatData(b []byte, c *chatData) []byte {
	b = append(b, `{"n":`...)
	b = strconv.AppendInt(b, int64(c.N), 10)
	b = append(b, `,"seat":`...)
	b = strconv.AppendInt(b, int64(c.Seat), 10)
	b = append(b, `,"name":`...)
	b = appendJSONString(b, c.Name)
	if c.Text != "" {
		b = append(b, `,"text":`...)
		b = appendJSONString(b, c.Text)
	}
	if c.Phrase != "" {
		b = append(b, `,"phrase":`...)
		b = appendJSONString(b, c.Phrase)
	}
	b = append(b, `,"after":`...)
	b = strconv.AppendInt(b, int64(c.After), 10)
	b = append(b, `,"at":`...)
	b = appendJSONTime(b, c.At)
	return append(b, '}')
}

// appendWSReply appends a WebSocket reply's encoding: {"type":..} with its id, seq and error when set.
func appendWSReply(b []byte, r *wsReply) []byte {
	b = append(b, `{"type":`...)
	b = appendJSONString(b, r.Type)
	if r.ID != "" {
		b = append(b, `,"id":`...)
		b = appendJSONString(b, r.ID)
	}
	if r.Seq != 0 {
		b = append(b, `,"seq":`...)
		b = strconv.AppendInt(b, r.Seq, 10)
	}
	if r.Error != nil {
		b = append(b, `,"error":{"code":`...)
		b = appendJSONString(b, r.Error.Code)
		b = append(b, `,"message":`...)
		b = appendJSONString(b, r.Error.Message)
		if r.Error.RetryAfter != 0 {
			b = append(b, `,"retry_after":`...)
			b = strconv.AppendInt(b, int64(r.Error.RetryAfter), 10)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendJSONTime appends t as time.Time's MarshalJSON does (RFC 3339 with the nanoseconds it has). A year
// outside 0-9999, which MarshalJSON refuses, does not occur in the server's own times.
func appendJSONTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}

// appendRawJSON appends raw as json.Marshal does a json.RawMessage: null when empty, compacted. The
// server's raw values (a match's options) are already compact, so they are copied as they are unless
// they hold a byte that could be white space.
func appendRawJSON(b []byte, raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return append(b, "null"...)
	}
	for _, c := range raw {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			return append(b, mustJSON(raw)...) // compacts (and panics on invalid JSON, as before)
		}
	}
	return append(b, raw...)
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string the way encoding/json writes it: the HTML characters <, >
// and & escaped (the envelope may be shown in a page), control characters escaped, invalid UTF-8 as
// U+FFFD, and U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
