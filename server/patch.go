package server

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"

	"github.com/surveyor-game/surveyor/game"
)

// Patches: a WebSocket that asks for them (?patch=1) is sent, after each change, only what changed since
// the state it has, instead of the whole state. At a Cartographers table of a hundred, every seat's view
// holds every sheet: whole states cost the server a hundred views per move and the network megabytes;
// patches cost one public view (game.SplitViewer) and a few hundred bytes per seat.
//
// A patch is {"type":"patch","seq":N,"base":B,"match":{...},"you":{...},"view":{...}}, to be applied to
// the state of sequence number B (else the client asks for the whole state): each field of match and view
// replaces the one of that name, null removes it, {"$len":n,"$set":{"i":value}} changes the elements of
// an array and {"$len":n,"$del":i} removes its element i. docs/api.md describes it.

// jsonDoc is a JSON object cut into its fields, and its arrays into their elements, to compare with the
// next one field by field.
type jsonDoc struct {
	fields map[string]json.RawMessage
	elems  map[string][]json.RawMessage
}

func cutDoc(raw []byte) (jsonDoc, bool) {
	d := jsonDoc{fields: map[string]json.RawMessage{}, elems: map[string][]json.RawMessage{}}
	if json.Unmarshal(raw, &d.fields) != nil {
		return d, false
	}
	for k, v := range d.fields {
		if len(v) > 0 && v[0] == '[' {
			var es []json.RawMessage
			if json.Unmarshal(v, &es) == nil {
				d.elems[k] = es
			}
		}
	}
	return d, true
}

// diffDoc writes the patch from old to cur as the fields of a JSON object (without braces), and reports
// the names of the fields it changed.
func diffDoc(b []byte, old, cur jsonDoc) ([]byte, map[string]bool) {
	changed := map[string]bool{}
	keys := make([]string, 0, len(cur.fields))
	for k := range cur.fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	field := func(k string) {
		if len(changed) > 0 {
			b = append(b, ',')
		}
		changed[k] = true
		b = strconv.AppendQuote(b, k)
		b = append(b, ':')
	}
	for _, k := range keys {
		v := cur.fields[k]
		if bytes.Equal(old.fields[k], v) {
			continue
		}
		oe, ok1 := old.elems[k]
		ce, ok2 := cur.elems[k]
		if ok1 && ok2 && len(ce) == len(oe)-1 {
			// One element gone (a seat leaving the list of those to act): say which.
			i := 0
			for i < len(ce) && bytes.Equal(ce[i], oe[i]) {
				i++
			}
			same := true
			for j := i; j < len(ce) && same; j++ {
				same = bytes.Equal(ce[j], oe[j+1])
			}
			if same {
				field(k)
				b = append(b, `{"$len":`...)
				b = strconv.AppendInt(b, int64(len(ce)), 10)
				b = append(b, `,"$del":`...)
				b = strconv.AppendInt(b, int64(i), 10)
				b = append(b, '}')
				continue
			}
		}
		if ok1 && ok2 && len(ce) > 0 && len(ce) >= len(oe)/2 {
			field(k)
			b = append(b, `{"$len":`...)
			b = strconv.AppendInt(b, int64(len(ce)), 10)
			b = append(b, `,"$set":{`...)
			n := 0
			for i, e := range ce {
				if i < len(oe) && bytes.Equal(oe[i], e) {
					continue
				}
				if n > 0 {
					b = append(b, ',')
				}
				n++
				b = append(b, '"')
				b = strconv.AppendInt(b, int64(i), 10)
				b = append(b, `":`...)
				b = append(b, e...)
			}
			b = append(b, `}}`...)
			continue
		}
		field(k)
		b = append(b, v...)
	}
	for k := range old.fields {
		if _, ok := cur.fields[k]; !ok {
			field(k)
			b = append(b, "null"...)
		}
	}
	return b, changed
}

// patchBase is what the last broadcast sent, for the next one to be told as a difference.
type patchBase struct {
	seq  int64
	info jsonDoc
	pub  jsonDoc
}

// patches computes, once per change, the parts of a patch every subscriber shares: the changes of the
// match's public info and of the game's public view since the last broadcast. ok is false when the game
// does not split its views or nothing earlier is known.
func (m *match) patches() (infoPatch, viewPatch []byte, viewChanged map[string]bool, ok bool) {
	sv, split := m.st.(game.SplitViewer)
	if !m.started || !split {
		m.base = nil
		return nil, nil, nil, false
	}
	pubRaw, err := json.Marshal(safePublicView(sv))
	if err != nil {
		m.base = nil
		return nil, nil, nil, false
	}
	info, ok1 := cutDoc(m.matchInfo())
	pub, ok2 := cutDoc(pubRaw)
	if !ok1 || !ok2 {
		m.base = nil
		return nil, nil, nil, false
	}
	prev := m.base
	m.base = &patchBase{seq: m.seq, info: info, pub: pub}
	if prev == nil {
		return nil, nil, nil, false
	}
	infoPatch, _ = diffDoc(nil, prev.info, info)
	viewPatch, viewChanged = diffDoc(nil, prev.pub, pub)
	m.patchFrom = prev.seq
	return infoPatch, viewPatch, viewChanged, true
}

// patchFor is one subscriber's patch, or nil when it must be sent the whole state.
func (m *match) patchFor(sub *subscriber, infoPatch, viewPatch []byte, viewChanged map[string]bool) []byte {
	if !sub.patches || sub.pending() || sub.seq != m.patchFrom {
		return nil
	}
	var part []byte
	if sub.seat >= 0 {
		if sub.part == nil {
			return nil // what the client holds of its part is not known: the whole state
		}
		raw := m.seatPart(sub.seat)
		if raw == nil {
			return nil
		}
		// The seat's part goes when it changed, or when the public change touches a field it replaces (a
		// field name found in the part's text may also be a nested one: then the part goes needlessly).
		send := !bytes.Equal(raw, sub.part)
		for k := range viewChanged {
			send = send || bytes.Contains(raw, []byte(strconv.Quote(k)+":"))
		}
		if send {
			// A field the part had and has no more is removed (null), unless the public view has it.
			var fields, old map[string]json.RawMessage
			if json.Unmarshal(raw, &fields) != nil || json.Unmarshal(sub.part, &old) != nil {
				return nil
			}
			part = append([]byte(nil), raw[:len(raw)-1]...)
			for k := range old {
				if _, ok := fields[k]; !ok {
					if _, public := m.base.pub.fields[k]; !public {
						part = append(part, ',')
						part = strconv.AppendQuote(part, k)
						part = append(part, ":null"...)
					}
				}
			}
			part = append(part, '}')
		}
		sub.part = raw
	}
	b := make([]byte, 0, 64+len(infoPatch)+len(viewPatch)+len(part))
	b = append(b, `{"type":"patch","seq":`...)
	b = strconv.AppendInt(b, m.seq, 10)
	b = append(b, `,"base":`...)
	b = strconv.AppendInt(b, m.patchFrom, 10)
	b = append(b, `,"match":{`...)
	b = append(b, infoPatch...)
	b = append(b, '}')
	if sub.seat >= 0 {
		b = m.appendYou(b, sub.seat)
	}
	b = append(b, `,"view":{`...)
	b = append(b, viewPatch...)
	if len(part) > 2 {
		if len(viewPatch) > 0 {
			b = append(b, ',')
		}
		b = append(b, part[1:len(part)-1]...) // the part's fields, after the public ones: they win
	}
	b = append(b, `}}`...)
	return b
}

// seatPart is the JSON of a seat's part of the view, nil if the game does not split its views.
func (m *match) seatPart(seat game.Seat) []byte {
	sv, ok := m.st.(game.SplitViewer)
	if !ok || !m.started {
		return nil
	}
	raw, err := json.Marshal(sv.SeatView(seat))
	if err != nil || len(raw) < 2 || raw[0] != '{' {
		return nil
	}
	return raw
}

// safePublicView is PublicView with the engine's panics contained, as safeView does for View.
func safePublicView(sv game.SplitViewer) (v any) {
	defer func() {
		if recover() != nil {
			v = nil
		}
	}()
	return sv.PublicView()
}
