//go:build race

package carcassonne

// underRace says the tests run under the race detector, where a random game costs ten times as much: the
// tests that sweep many games on one goroutine play fewer there (the full sweeps run without it).
const underRace = true
