package web

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/surveyor-game/surveyor/cartographers"
)

// sameInEnglish are the words a French or Portuguese player legitimately reads as an English player
// does: names (of the site, the games, the places and people of the Heroes box that its rules leave
// untranslated), words spelled alike in both languages, and unit abbreviations. Anything else shown in
// French or Portuguese must differ from its English text.
var sameInEnglish = map[string][]string{
	"fr": {"Surveyor", "Cartographers", "Cartographers Heroes", "Carcassonne", "Solo", "Total", "Meeple", "Meeples",
		"Zoom", "Village", "Orientation", "Score", "Terrain", "Notifications", "E-mail", "pile", "simple", "expert",
		"Craylund", "Jorekburg", "Silos", "centre", "minutes", "T terrain", "h", "min", "s", "SVG", "PNG", "{n} point", "{n} points", "points",
		"Public", "Podium", "Points", "Table {n}", "Buchholz", "SB"},
	"pt": {"Surveyor", "Cartographers", "Cartographers Heroes", "Carcassonne", "Solo", "Total", "Meeple", "Meeples",
		"Zoom", "E-mail", "online", "offline", "Craylund", "Jorekburg", "Silos", "d", "h", "min", "s", "SVG", "PNG", "Arena", "Buchholz", "SB"},
}

// jsObject is an object of the string tables, its keys in source order; its values are strings,
// objects and arrays ([]any).
type jsObject struct {
	keys []string
	vals map[string]any
}

// jsParser reads the subset of JavaScript the string tables are written in: object and array literals of
// double-quoted strings, with comments. Anything else is an error naming its offset, so that a table written
// another way is noticed rather than skipped.
type jsParser struct {
	src string
	pos int
}

func (p *jsParser) skip() {
	for p.pos < len(p.src) {
		switch {
		case unicode.IsSpace(rune(p.src[p.pos])):
			p.pos++
		case strings.HasPrefix(p.src[p.pos:], "//"):
			if i := strings.IndexByte(p.src[p.pos:], '\n'); i >= 0 {
				p.pos += i + 1
			} else {
				p.pos = len(p.src)
			}
		case strings.HasPrefix(p.src[p.pos:], "/*"):
			if i := strings.Index(p.src[p.pos+2:], "*/"); i >= 0 {
				p.pos += i + 4
			} else {
				p.pos = len(p.src)
			}
		default:
			return
		}
	}
}

func (p *jsParser) errorf(format string, args ...any) error {
	return fmt.Errorf("offset %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *jsParser) value() (any, error) {
	p.skip()
	if p.pos >= len(p.src) {
		return nil, p.errorf("unexpected end")
	}
	switch p.src[p.pos] {
	case '"':
		return p.str()
	case '{':
		return p.object()
	case '[':
		return p.array()
	}
	return nil, p.errorf("unexpected %q", p.src[p.pos:min(len(p.src), p.pos+20)])
}

func (p *jsParser) str() (string, error) {
	end := p.pos + 1
	for ; end < len(p.src) && p.src[end] != '"'; end++ {
		if p.src[end] == '\\' {
			end++
		}
		if end < len(p.src) && p.src[end] == '\n' {
			return "", p.errorf("a string runs past the line's end")
		}
	}
	if end >= len(p.src) {
		return "", p.errorf("unterminated string")
	}
	s, err := strconv.Unquote(p.src[p.pos : end+1])
	if err != nil {
		return "", p.errorf("string %s: %v", p.src[p.pos:end+1], err)
	}
	p.pos = end + 1
	return s, nil
}

var identRe = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*`)

func (p *jsParser) object() (*jsObject, error) {
	p.pos++ // {
	o := &jsObject{vals: map[string]any{}}
	for {
		p.skip()
		if p.pos < len(p.src) && p.src[p.pos] == '}' {
			p.pos++
			return o, nil
		}
		var key string
		if p.pos < len(p.src) && p.src[p.pos] == '"' {
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			key = k
		} else if m := identRe.FindString(p.src[p.pos:]); m != "" {
			key = m
			p.pos += len(m)
		} else {
			return nil, p.errorf("expected a key")
		}
		p.skip()
		if p.pos >= len(p.src) || p.src[p.pos] != ':' {
			return nil, p.errorf("expected : after %q", key)
		}
		p.pos++
		v, err := p.value()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
		if _, dup := o.vals[key]; dup {
			return nil, p.errorf("key %q twice", key)
		}
		o.keys = append(o.keys, key)
		o.vals[key] = v
		if err := p.comma('}'); err != nil {
			return nil, err
		}
	}
}

func (p *jsParser) array() ([]any, error) {
	p.pos++ // [
	var out []any
	for {
		p.skip()
		if p.pos < len(p.src) && p.src[p.pos] == ']' {
			p.pos++
			return out, nil
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		if err := p.comma(']'); err != nil {
			return nil, err
		}
	}
}

// comma consumes the comma after an element, or leaves the closing bracket for the caller.
func (p *jsParser) comma(closing byte) error {
	p.skip()
	if p.pos < len(p.src) && p.src[p.pos] == ',' {
		p.pos++
		return nil
	}
	if p.pos < len(p.src) && p.src[p.pos] == closing {
		return nil
	}
	return p.errorf("expected , or %c", closing)
}

// stringTables parses the tables `const en = {…};`, `const fr = …` and `const pt = …` of i18n.js.
func stringTables(src string) (map[string]*jsObject, error) {
	out := map[string]*jsObject{}
	for _, l := range []string{"en", "fr", "pt"} {
		decl := "\nconst " + l + " = {"
		i := strings.Index(src, decl)
		if i < 0 {
			return nil, fmt.Errorf("no table %q", strings.TrimSpace(decl))
		}
		p := &jsParser{src: src, pos: i + len(decl) - 1}
		o, err := p.object()
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", l, err)
		}
		out[l] = o
	}
	return out, nil
}

var placeholderRe = regexp.MustCompile(`\{\w+\}`)

// untranslated lists, for one language's table, the strings missing from it and those equal to their
// English text (outside the allowed words); path names each one as en.key.subkey[index].
func untranslated(en, other any, path string, allowed []string) []string {
	switch e := en.(type) {
	case string:
		o, ok := other.(string)
		switch {
		case !ok:
			return []string{path + ": not a string"}
		case o == e && !slices.Contains(allowed, e) && strings.ContainsFunc(placeholderRe.ReplaceAllString(e, ""), unicode.IsLetter):
			return []string{fmt.Sprintf("%s = %q, the English text", path, o)}
		}
		return nil
	case *jsObject:
		o, ok := other.(*jsObject)
		if !ok {
			return []string{path + ": not an object"}
		}
		var out []string
		for _, k := range e.keys {
			v, ok := o.vals[k]
			if !ok {
				out = append(out, path+"."+k+": missing")
				continue
			}
			out = append(out, untranslated(e.vals[k], v, path+"."+k, allowed)...)
		}
		return out
	case []any:
		o, ok := other.([]any)
		if !ok || len(o) != len(e) {
			return []string{fmt.Sprintf("%s: not an array of %d", path, len(e))}
		}
		var out []string
		for i := range e {
			out = append(out, untranslated(e[i], o[i], fmt.Sprintf("%s[%d]", path, i), allowed)...)
		}
		return out
	}
	return []string{fmt.Sprintf("%s: unexpected %T", path, en)}
}

func loadTables(t *testing.T) map[string]*jsObject {
	t.Helper()
	b, err := fs.ReadFile(FS(), "js/i18n.js")
	if err != nil {
		t.Fatal(err)
	}
	tables, err := stringTables(string(b))
	if err != nil {
		t.Fatalf("i18n.js: %v", err)
	}
	return tables
}

// TestEveryWordTranslated: every string of the English table has a French and a Portuguese version, and
// none reads as the English does unless it is on the allow-list (a name, or a word spelled alike).
func TestEveryWordTranslated(t *testing.T) {
	tables := loadTables(t)
	if n := len(tables["en"].keys); n < 300 {
		t.Fatalf("the English table has %d keys: the parse stopped short", n)
	}
	for _, l := range []string{"fr", "pt"} {
		for _, u := range untranslated(tables["en"], tables[l], l, sameInEnglish[l]) {
			t.Error(u)
		}
	}
}

var makeshiftPlural = regexp.MustCompile(`\p{L}\((s|es|x|as|os)\)`)

// TestCountsThroughPluralRules: no string writes a count as "coin(s)"; a count's words come in the forms
// plural() of i18n.js picks from with Intl.PluralRules, KEY_one and KEY_other, both present.
func TestCountsThroughPluralRules(t *testing.T) {
	tables := loadTables(t)
	for _, l := range []string{"en", "fr", "pt"} {
		var walk func(v any, path string)
		walk = func(v any, path string) {
			switch v := v.(type) {
			case string:
				if m := makeshiftPlural.FindString(v); m != "" {
					t.Errorf("%s = %q writes a count as %q", path, v, m)
				}
			case *jsObject:
				for _, k := range v.keys {
					walk(v.vals[k], path+"."+k)
				}
			case []any:
				for i, e := range v {
					walk(e, fmt.Sprintf("%s[%d]", path, i))
				}
			}
		}
		walk(tables[l], l)
		o := tables[l]
		for _, k := range o.keys {
			if base, ok := strings.CutSuffix(k, "_one"); ok {
				if _, has := o.vals[base+"_other"]; !has {
					t.Errorf("%s.%s has no %s_other", l, k, base)
				}
			}
		}
	}
	if !makeshiftPlural.MatchString("2 moeda(s)") || !makeshiftPlural.MatchString("{n} masqué(s).") || makeshiftPlural.MatchString("Rules (?)") {
		t.Error("the makeshift plural pattern misreads")
	}
}

// TestEveryCardNamed: every card, scoring card and solo title of the engine is named in French and in
// Portuguese, each differently from its English name (the engine's, which English reads as it is: the
// English table names none) unless it is on the allow-list; and every scoring card has its rule text in
// French and Portuguese.
func TestEveryCardNamed(t *testing.T) {
	tables := loadTables(t)
	table := func(l, name string) *jsObject {
		o, _ := tables[l].vals[name].(*jsObject)
		if o == nil {
			t.Fatalf("%s.%s is not an object", l, name)
		}
		return o
	}
	var cards, titles []string
	for _, c := range cartographers.Cards() {
		cards = append(cards, c.Name)
	}
	for _, c := range cartographers.ScoringCards() {
		cards = append(cards, c.Name)
		for _, l := range []string{"fr", "pt"} {
			if _, ok := table(l, "rules").vals[c.Name]; !ok {
				t.Errorf("%s.rules lacks %q", l, c.Name)
			}
		}
	}
	if len(cards) < 60 {
		t.Fatalf("only %d cards", len(cards))
	}
	titles = append(titles, cartographers.SoloTitles()...)
	for _, l := range []string{"fr", "pt"} {
		for name, names := range map[string][]string{"cards": cards, "titles": titles} {
			o := table(l, name)
			for _, n := range names {
				v, ok := o.vals[n].(string)
				switch {
				case !ok:
					t.Errorf("%s.%s lacks %q", l, name, n)
				case v == n && !slices.Contains(sameInEnglish[l], n):
					t.Errorf("%s.%s[%q] is the English name", l, name, n)
				}
			}
		}
	}
	if _, ok := tables["en"].vals["cards"]; ok {
		t.Error("en.cards: English reads the engine's names as they are")
	}
}

// The check catches a missing key, an untranslated string and a mismatched array, and lets through an
// allowed word and a string with no word outside its placeholders.
func TestUntranslatedCatches(t *testing.T) {
	src := "x\nconst en = { a: \"Hello\", b: { c: \"Total\", \"d e\": \"{n}\" }, s: [\"One\", \"Two\"], m: \"Gone\" };\n" +
		"const fr = { a: \"Hello\", b: { c: \"Total\", \"d e\": \"{n}\" }, s: [\"Un\"] };\n" +
		"const pt = { a: \"Olá\", // a comment\n b: { c: \"Total\", \"d e\": \"{n}\" }, s: [\"Um\", \"Dois\"], m: \"Ido\" };\n"
	tables, err := stringTables(src)
	if err != nil {
		t.Fatal(err)
	}
	got := untranslated(tables["en"], tables["fr"], "fr", []string{"Total"})
	want := []string{`fr.a = "Hello", the English text`, "fr.s: not an array of 2", "fr.m: missing"}
	if !slices.Equal(got, want) {
		t.Errorf("fr: got %q, want %q", got, want)
	}
	if got := untranslated(tables["en"], tables["pt"], "pt", []string{"Total"}); len(got) != 0 {
		t.Errorf("pt: %q", got)
	}
	for _, bad := range []string{"\nconst en = { a: `x` };", "\nconst en = { a: \"x\" b: \"y\" };", "\nconst en = { a: \"x\", a: \"y\" };"} {
		if _, err := stringTables(bad + "\nconst fr = {};\nconst pt = {};"); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// FuzzStringTables: the parser of the string tables returns a table or an error on any input, never
// panics or loops.
func FuzzStringTables(f *testing.F) {
	f.Add("\nconst en = { a: \"x\", b: [\"y\", { c: \"z\" }] };\nconst fr = {};\nconst pt = {};")
	f.Add("\nconst en = { /* c */ \"k\": \"\\u00e9\\\"\" // d\n};\nconst fr = {\nconst pt = }")
	f.Add("\nconst en = { a: [,] };")
	f.Fuzz(func(t *testing.T, src string) {
		tables, err := stringTables(src)
		if err == nil && len(tables) != 3 {
			t.Fatalf("%d tables without an error", len(tables))
		}
	})
}

// TestFrenchPunctuationHeldToItsWord: in French a space stands before ; : ! ? » and after «, and a plain
// one lets the line break there, so that a line on a phone began with "; 0 : aucune" or "». « Lire »". In
// the strings review 4 saw so broken that space is a narrow no-break one (U+202F) or a no-break one.
func TestFrenchPunctuationHeldToItsWord(t *testing.T) {
	fr := loadTables(t)["fr"]
	broken := regexp.MustCompile(` [;:!?»]|« `)
	for _, k := range []string{"tourCheckInMinutes", "tokensWhy", "tourStartsPast"} {
		s, _ := fr.vals[k].(string)
		if s == "" {
			t.Errorf("fr.%s: missing", k)
		} else if m := broken.FindString(s); m != "" {
			t.Errorf("fr.%s = %q: a line may break at %q", k, s, m)
		}
	}
}
