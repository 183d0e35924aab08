package server

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// sessionOf is the session cookie a browser holds.
func (b *browser) sessionOf() string {
	u, _ := url.Parse(b.e.http.URL)
	for _, c := range b.c.Jar.Cookies(u) {
		if c.Name == sessionCookie {
			return c.Value
		}
	}
	b.t.Fatal("the browser holds no session")
	return ""
}

// crossSiteHeaders are the ways another site's page (or a sandboxed one) sends a request with the user's
// cookie: another Origin, the "null" Origin, no Origin at all (older browsers, some navigations), or a
// browser that says where the request comes from only by Sec-Fetch-Site.
func crossSiteHeaders(cookie string) []map[string]string {
	c := sessionCookie + "=" + cookie
	return []map[string]string{
		{"Cookie": c, "Origin": "https://evil.example"},
		{"Cookie": c, "Origin": "null"},
		{"Cookie": c},
		{"Cookie": c, "Sec-Fetch-Site": "cross-site"},
		{"Cookie": c, "Sec-Fetch-Site": "same-site"},
		{"Cookie": c, "Origin": "https://evil.example", "Authorization": "Bearer a-seat-token"},
	}
}

// mutatingMethods are the methods a route's pattern serves that may change something.
func mutatingMethods(pattern string) []string {
	method, _, ok := strings.Cut(pattern, " ")
	if !ok {
		return []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	}
	if safeMethod(method) {
		return nil
	}
	return []string{method}
}

// fillPath turns a pattern's path into a request path, its wildcards filled in.
func fillPath(pattern string) string {
	p := pattern
	if _, after, ok := strings.Cut(pattern, " "); ok {
		p = after
	}
	for {
		i := strings.IndexByte(p, '{')
		if i < 0 {
			return p
		}
		j := strings.IndexByte(p[i:], '}')
		p = p[:i] + "abcdefghijklmnop" + p[i+j+1:]
	}
}

// Every route of the table that may change something is behind the gate: with the session cookie from
// another site's page it is refused before its handler runs (cross_site), while the same request from our
// own pages is not. A route added to the table is walked here too; one that escaped the gate would fail.
func TestEveryChangeIsBehindTheCrossSiteGate(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada := e.browser()
	ada.must(ada.do("POST", "/api/account/signup", `{"name":"Ada","password":"correct horse"}`), 201)
	cookie := ada.sessionOf()
	if !slices.Equal(crossSiteRoutes, []string{"/unsubscribe"}) {
		t.Fatalf("the routes open to other sites are %v: each one must be argued for in docs/security.md and here", crossSiteRoutes)
	}
	walked := 0
	routes := append(e.srv.routeTable(), route{pattern: "POST /api/no-such-endpoint"}, route{pattern: "POST /no-such-page"})
	for _, rt := range routes {
		for _, m := range mutatingMethods(rt.pattern) {
			path := fillPath(rt.pattern)
			open := slices.Contains(crossSiteRoutes, strings.TrimPrefix(rt.pattern, m+" "))
			for _, h := range crossSiteHeaders(cookie) {
				r := e.rawDo(m, path, `{}`, h)
				if refused := r.status == http.StatusForbidden && r.errCode() == codeCrossSite; refused == open {
					t.Errorf("%s %s with %v: %d %s (open to other sites: %v)", m, path, h, r.status, r.body, open)
				}
			}
			for _, h := range []map[string]string{
				{"Cookie": sessionCookie + "=" + cookie, "Origin": e.http.URL},
				{"Cookie": sessionCookie + "=" + cookie, "Sec-Fetch-Site": "same-origin"},
				{"Origin": e.http.URL},
				{}, // a script with no cookie and no Origin: its token, if any, is its credential
			} {
				if r := e.rawDo(m, path, `{}`, h); r.errCode() == codeCrossSite {
					t.Errorf("%s %s from our pages (%v) refused by the gate: %s", m, path, h, r.body)
				}
			}
			walked++
		}
	}
	if walked < 40 {
		t.Fatalf("walked %d changing routes: the table lost its routes", walked)
	}
}

// The chat's hole: a message posted with the player's cookie from another site's page (another Origin,
// "null", or none) was posted under the player's name, because the chat found its speaker's seat by a path
// that skipped the Origin check. The gate refuses it, and nothing is said at the table.
func TestChatRefusesCrossSiteMessages(t *testing.T) {
	t.Parallel()
	e, _, _ := accEnv(t)
	ada, _, id := twoPlayers(t, e, "")
	cookie := ada.sessionOf()
	for _, h := range crossSiteHeaders(cookie)[:3] {
		h["Content-Type"] = "text/plain" // what a form or a no-cors fetch of another site can send
		if r := e.rawDo("POST", "/api/matches/"+id+"/chat", `{"text":"send me your password"}`, h); r.status != http.StatusForbidden || r.errCode() != codeCrossSite {
			t.Errorf("a cross-site message with %v: %d %s", h, r.status, r.body)
		}
	}
	if st := e.state(id, ""); len(st.Match.Chat) != 0 {
		t.Fatalf("cross-site messages were posted: %+v", st.Match.Chat)
	}
	// From the table's own page it is said, under Ada's name.
	ada.must(ada.do("POST", "/api/matches/"+id+"/chat", `{"text":"hello"}`), 200)
	e.rawDo("POST", "/api/matches/"+id+"/chat", `{"text":"again"}`, map[string]string{"Cookie": sessionCookie + "=" + cookie, "Sec-Fetch-Site": "same-origin"})
	if st := e.state(id, ""); len(st.Match.Chat) != 2 || st.Match.Chat[0].Name != "Ada" || st.Match.Chat[1].Text != "again" {
		t.Fatalf("chat from our pages: %+v", st.Match.Chat)
	}
}

// sameOrigin reads an Origin as the browser writes it, and nothing that merely contains this site's name.
func TestSameOrigin(t *testing.T) {
	t.Parallel()
	for origin, want := range map[string]bool{
		"http://example.com": true, "https://EXAMPLE.com": true, "null": false, "": false, "example.com": false,
		"http://example.com.evil.example": false, "http://evil.example/example.com": false, "http://example.com:8080": false,
		"http://user@example.com": false, "://example.com": false, "ftp://example.com": false,
	} {
		r := httptest.NewRequest("POST", "/api/matches", nil)
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		if got := sameOrigin(r); got != want {
			t.Errorf("Origin %q on host %s: %v, want %v", origin, r.Host, got, want)
		}
	}
	r := httptest.NewRequest("POST", "/api/matches", nil)
	for fetchSite, want := range map[string]bool{"same-origin": true, "same-site": false, "cross-site": false, "none": false} {
		r.Header.Set("Sec-Fetch-Site", fetchSite)
		if got := sameOrigin(r); got != want {
			t.Errorf("Sec-Fetch-Site %q without an Origin: %v, want %v", fetchSite, got, want)
		}
	}
}
