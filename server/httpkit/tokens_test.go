package httpkit

import (
	"encoding/base64"
	"net/http/httptest"
	"testing"
)

// A seat token never begins like an API token, which the server would look up as one and refuse.
func TestSeatTokenNeverLooksLikeAnAPIToken(t *testing.T) {
	t.Parallel()
	draws := [][]byte{{178, 255, 192}, {1, 2, 3}} // the first encodes to "sv_…"
	if tok := base64.RawURLEncoding.EncodeToString(append(draws[0], make([]byte, 29)...)); !IsAPIToken(tok) {
		t.Fatalf("the test's first draw %q should look like an API token", tok)
	}
	n := 0
	tok := SeatTokenFrom(func(b []byte) (int, error) {
		copy(b, draws[min(n, 1)])
		n++
		return len(b), nil
	})
	if IsAPIToken(tok) || n != 2 || len(tok) != 43 {
		t.Fatalf("token %q after %d draws: want the second draw's", tok, n)
	}
}

// The bearer token comes from the Authorization header, whatever the case of its scheme, or else from
// ?token=; a header of another scheme, or with no token after the scheme, gives no bearer token.
func TestBearerToken(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, header, query, want string
	}{
		{"bearer", "Bearer abc", "", "abc"},
		{"lower case scheme", "bearer abc", "", "abc"},
		{"upper case scheme", "BEARER sv_xyz", "", "sv_xyz"},
		{"spaces around the token", "Bearer   abc  ", "", "abc"},
		{"header before query", "Bearer abc", "def", "abc"},
		{"query only", "", "def", "def"},
		{"basic scheme", "Basic dXNlcjpwYXNz", "", ""},
		{"basic scheme falls back to the query", "Basic dXNlcjpwYXNz", "def", "def"},
		{"scheme without token", "Bearer", "", ""},
		{"no scheme", "abc", "", ""},
		{"nothing", "", "", ""},
	}
	for _, c := range cases {
		r := httptest.NewRequest("GET", "/api/matches/x?token="+c.query, nil)
		if c.header != "" {
			r.Header.Set("Authorization", c.header)
		}
		if got := BearerToken(r); got != c.want {
			t.Errorf("%s: BearerToken = %q, want %q", c.name, got, c.want)
		}
	}
}

// Only a token with the prefix and something after it is an API token; seat tokens and bad tokens are not.
func TestIsAPIToken(t *testing.T) {
	t.Parallel()
	for tok, want := range map[string]bool{
		"sv_abc": true, "sv_": false, "sv": false, "": false, "SV_abc": false, "xsv_abc": false,
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ": false,
	} {
		if got := IsAPIToken(tok); got != want {
			t.Errorf("IsAPIToken(%q) = %v, want %v", tok, got, want)
		}
	}
}
