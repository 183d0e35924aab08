package server

import "github.com/surveyor-game/surveyor/server/httpkit"

// newToken is a seat token: 256 random bits, never shaped like an API token.
func newToken() string { return httpkit.NewSeatToken() }
