package server

import (
	"net/http"
	"slices"
	"strings"
)

// The gate of cross-site changes. A browser sends the session cookie with requests that other sites'
// pages make (a form posted to us, an image, a fetch), so a cookie proves who the user is but not that
// the user meant the request. Every request passes this one gate before it is routed: a change (any
// method but GET, HEAD and OPTIONS) that carries the session cookie, or that says it comes from another
// site's page (its Origin), is refused unless it comes from our own pages: its Origin is this site, or,
// when a browser sends no Origin, its Sec-Fetch-Site is same-origin. Requests without a cookie nor an
// Origin (scripts and bots, which authenticate with a token in the Authorization header or the URL) pass:
// another site's page cannot make them with the user's credentials. A WebSocket is opened by GET, but it
// carries moves: one opened from another site's page is served as if it had no cookie (a spectator).
//
// Handlers therefore never check origins themselves; TestEveryChangeIsBehindTheCrossSiteGate walks the
// route table to prove that every route that changes anything is behind the gate.

// codeCrossSite is the gate's refusal.
const codeCrossSite = "cross_site"

// crossSiteRoutes are the patterns that take changes from other sites: the one-click unsubscribe of
// RFC 8058, which a mail provider POSTs from its own servers, and which acts on its signed link alone.
var crossSiteRoutes = []string{"/unsubscribe"}

// crossSiteGate refuses the cross-site changes that mux would otherwise serve.
func crossSiteGate(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if safeMethod(r.Method) {
			if strings.EqualFold(r.Header.Get("Upgrade"), "websocket") && hasSession(r) && !sameOrigin(r) {
				r = r.Clone(r.Context())
				r.Header.Del("Cookie")
			}
		} else if (r.Header.Get("Origin") != "" || hasSession(r)) && !sameOrigin(r) {
			if _, p := mux.Handler(r); !slices.Contains(crossSiteRoutes, p) {
				writeError(w, errf(http.StatusForbidden, codeCrossSite, "a change must come from this site's pages"))
				return
			}
		}
		mux.ServeHTTP(w, r)
	})
}

// safeMethod reports whether a method only reads (RFC 9110 §9.2.1).
func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// hasSession reports whether a request carries a session cookie, valid or not: the cookie acts whenever
// no API token does (whoIs), so its presence, not its validity, is what makes a request need the gate.
func hasSession(r *http.Request) bool {
	c, err := r.Cookie(sessionCookie)
	return err == nil && c.Value != ""
}

// sameOrigin reports whether a request comes from our own pages: its Origin names this site, or, without
// an Origin, the browser says Sec-Fetch-Site: same-origin. "null" (a sandboxed or file page, a redirect
// across sites) is another site.
func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return r.Header.Get("Sec-Fetch-Site") == "same-origin"
	}
	// An Origin is scheme://host[:port] and nothing more (RFC 6454 §7): read without parsing a URL, as
	// every change from a page carries one.
	scheme, host, ok := strings.Cut(o, "://")
	return ok && (scheme == "https" || scheme == "http") && host != "" && strings.EqualFold(host, r.Host)
}
