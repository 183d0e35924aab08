// Package httpkit is the server's HTTP kit: what any room of the server needs to face the web and that
// knows nothing of matches, accounts or games. Errors as the API sends them (a status, a stable code, a
// message; a Refusal that leaves the status to the caller's table of codes), request bodies read
// strictly (one JSON value, known fields only) within a size and a deadline, bearer tokens (a seat token
// or an account's sv_ API token), identifiers (match ids, seeds, seat tokens), limits (a token bucket
// per client address, the client's address behind trusted proxies, a sliding hourly window per
// account), defences against slow clients (connections capped per address), a writer that remembers the
// status answered (for the request log) and the static files of the browser client.
//
// It imports nothing of the server; the server and its rooms import it.
package httpkit
