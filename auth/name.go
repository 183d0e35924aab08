package auth

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Name limits for accounts.
const (
	MinNameRunes = 2
	MaxNameRunes = 24
)

// ErrBadName is wrapped by CheckName's errors.
var ErrBadName = errors.New("bad name")

// reserved are names no account may take (compared by NameKey): the operator's, the system's and the
// neutral name of deleted accounts. Bot names are added by the caller, which knows the games' bots.
var reserved = []string{"admin", "administrator", "operator", "moderator", "system", "surveyor", "root",
	"deleted", "deleted player", "guest", "anonymous", "bot", "spectator", "null", "undefined"}

// CheckName validates an account name: 2 to 24 characters, letters (any script), digits, and single
// spaces, hyphens, underscores, dots or apostrophes between them; not a reserved name nor one of extra
// (the bots' names), compared by NameKey.
func CheckName(name string, extra ...string) error {
	n := utf8.RuneCountInString(name)
	if n < MinNameRunes || n > MaxNameRunes {
		return errWrap("a name has %d to %d characters", MinNameRunes, MaxNameRunes)
	}
	if !norm.NFC.IsNormalString(name) {
		return errWrap("the name is not in Unicode normal form C")
	}
	prevSep := true // no separator first
	for _, c := range name {
		switch {
		case unicode.IsLetter(c) || unicode.IsDigit(c) || unicode.Is(unicode.Mn, c) && !prevSep:
			prevSep = false
		case strings.ContainsRune(" -_.'", c):
			if prevSep {
				return errWrap("spaces and punctuation only between letters or digits")
			}
			prevSep = true
		default:
			return errWrap("a name holds letters, digits, spaces and - _ . ' only")
		}
	}
	if prevSep {
		return errWrap("spaces and punctuation only between letters or digits")
	}
	key := NameKey(name)
	for _, r := range append(reserved, extra...) {
		if NameKey(r) == key {
			return errWrap("%q is reserved", name)
		}
	}
	return nil
}

func errWrap(format string, args ...any) error {
	return &nameError{msg: fmt.Sprintf(format, args...)}
}

type nameError struct{ msg string }

func (e *nameError) Error() string { return e.msg }
func (e *nameError) Unwrap() error { return ErrBadName }

// homoglyphs maps letters that look like a Latin letter or digit in common fonts to that letter, after
// case folding: Cyrillic and Greek look-alikes, and the digits people swap for letters.
var homoglyphs = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'ё': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c',
	'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ї': 'i', 'ј': 'j', 'ԁ': 'd', 'ɡ': 'g', 'һ': 'h',
	'ԛ': 'q', 'ԝ': 'w', 'ӏ': 'l',
	// Greek
	'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't',
	'υ': 'u', 'χ': 'x', 'γ': 'y', 'ζ': 'z', 'μ': 'u',
	// digits and letters people swap
	'0': 'o', '1': 'l', 'i': 'l', '|': 'l', '5': 's', '$': 's',
}

var folder = cases.Fold()

// NameKey is a name's canonical form: compatibility-normalised (NFKD, so that full-width and styled
// letters become plain ones), marks removed, case folded, look-alike letters mapped to one, and
// separators dropped. Two names with the same key are the same name to people reading them, so an
// account's key is unique and a seat's name may not take another seated name's key.
func NameKey(name string) string {
	s := folder.String(norm.NFKD.String(name))
	var b strings.Builder
	for _, c := range s {
		switch {
		case unicode.Is(unicode.Mn, c) || unicode.Is(unicode.Cf, c):
			continue // accents, zero-width joiners and the like
		case unicode.IsSpace(c) || strings.ContainsRune("-_.'", c):
			continue
		}
		if m, ok := homoglyphs[c]; ok {
			c = m
		}
		b.WriteRune(c)
	}
	// "rn" reads as "m" and "vv" as "w" in many fonts.
	return strings.NewReplacer("rn", "m", "vv", "w").Replace(b.String())
}
