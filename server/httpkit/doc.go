// Package httpkit is the server's HTTP kit: what any room of the server needs to face the web and that
// knows nothing of matches, accounts or games. Identifiers (match ids, seeds), limits (a token bucket
// per client address, the client's address behind trusted proxies, a sliding hourly window per
// account), defences against slow clients (connections capped per address) and the static files of the
// browser client.
//
// It imports nothing of the server; the server and its rooms import it.
package httpkit
