package server

import (
	"encoding/json"
	"unicode/utf8"
)

// parseWSIn reads a client's WebSocket message as strictUnmarshal would, without reflection: every move
// on a socket comes this way. It takes only the plain form clients send — the five known keys, lower case,
// once each, strings without escapes, an integer seq — and reports false for anything else, which the
// caller then gives to strictUnmarshal for its exact answer and error (FuzzParseWSIn holds the two equal).
func parseWSIn(data []byte, in *wsIn) bool { return parseFields(data, in, allFields) }

// The fields of wsIn, as bits of a set of the fields a message may hold.
const (
	fieldType = 1 << iota
	fieldID
	fieldKey
	fieldSeq
	fieldMove
	allFields = fieldType | fieldID | fieldKey | fieldSeq | fieldMove
)

// parseMoveBody reads an HTTP move's body ({"move": ..., "seq": N}) as parseWSIn does a WebSocket message.
func parseMoveBody(data []byte, req *moveReq) bool {
	var in wsIn
	if !parseFields(data, &in, fieldMove|fieldSeq) {
		return false
	}
	req.Move, req.Seq = in.Move, in.Seq
	return true
}

// parseFields is parseWSIn for a message that may hold only the fields of the set allow.
func parseFields(data []byte, in *wsIn, allow int) bool {
	*in = wsIn{}
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	i = skipSpace(data, i+1)
	seen := 0 // the fields read, by their bits
	if i < len(data) && data[i] == '}' {
		return skipSpace(data, i+1) == len(data)
	}
	for {
		key, j, ok := plainString(data, i)
		if !ok {
			return false
		}
		i = skipSpace(data, j)
		if i >= len(data) || data[i] != ':' {
			return false
		}
		i = skipSpace(data, i+1)
		var field int
		switch key {
		case "type":
			field = 0
			in.Type, j, ok = plainString(data, i)
		case "id":
			field = 1
			in.ID, j, ok = plainString(data, i)
		case "key":
			field = 2
			in.Key, j, ok = plainString(data, i)
		case "seq":
			field = 3
			j = i
			if j < len(data) && data[j] == '-' {
				j++
			}
			for j < len(data) && data[j] >= '0' && data[j] <= '9' {
				j++
			}
			var n int64
			// A leading zero, a fraction or an exponent is left to encoding/json.
			if ok = j > i && data[j-1] != '-' && (data[i] != '0' || j == i+1) && (data[i] != '-' || data[i+1] != '0'); ok {
				n, ok = parseInt(data[i:j])
				in.Seq = &n
			}
		case "move":
			field = 4
			if j, ok = skipValue(data, i, 0); ok && json.Valid(data[i:j]) {
				in.Move = append(json.RawMessage(nil), data[i:j]...)
			} else {
				ok = false
			}
		default:
			return false
		}
		if !ok || seen&(1<<field) != 0 || allow&(1<<field) == 0 {
			return false
		}
		seen |= 1 << field
		i = skipSpace(data, j)
		if i >= len(data) {
			return false
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			return skipSpace(data, i+1) == len(data)
		default:
			return false
		}
	}
}

// parseInt reads the digits of b, after a minus sign if any, refusing what does not fit an int64.
func parseInt(b []byte) (int64, bool) {
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	var n uint64
	for _, c := range b {
		if n > (1<<63)/10 {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
		if n > 1<<63 {
			return 0, false
		}
	}
	if neg {
		return -int64(n), true // -1<<63 fits: n = 1<<63 wraps to itself
	}
	if n > 1<<63-1 {
		return 0, false
	}
	return int64(n), true
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// plainString reads a JSON string at data[i] with no escapes and no bytes encoding/json would change
// (control characters, invalid UTF-8), returning it and the index after its closing quote.
func plainString(data []byte, i int) (string, int, bool) {
	if i >= len(data) || data[i] != '"' {
		return "", i, false
	}
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			s := data[i+1 : j]
			switch string(s) { // the message types, without a copy
			case "move":
				return "move", j + 1, true
			case "undo":
				return "undo", j + 1, true
			}
			if !utf8.Valid(s) {
				return "", i, false
			}
			return string(s), j + 1, true
		case c == '\\' || c < 0x20:
			return "", i, false
		}
	}
	return "", i, false
}

// skipValue finds the end of the JSON value at data[i] by its brackets and strings (json.Valid checks it
// after): a move is a small object.
func skipValue(data []byte, i, depth int) (int, bool) {
	if i >= len(data) || depth > 64 {
		return i, false
	}
	switch data[i] {
	case '{', '[':
		close := byte('}')
		if data[i] == '[' {
			close = ']'
		}
		for j := i + 1; j < len(data); {
			switch data[j] {
			case close:
				return j + 1, true
			case '"', '{', '[':
				var ok bool
				if j, ok = skipValue(data, j, depth+1); !ok {
					return j, false
				}
			case '}', ']':
				return j, false
			default:
				j++
			}
		}
		return len(data), false
	case '"':
		for j := i + 1; j < len(data); j++ {
			switch data[j] {
			case '\\':
				j++
			case '"':
				return j + 1, true
			}
		}
		return len(data), false
	}
	j := i
	for j < len(data) && data[j] != ',' && data[j] != '}' && data[j] != ']' && data[j] != ' ' && data[j] != '\t' && data[j] != '\n' && data[j] != '\r' {
		j++
	}
	return j, j > i
}
