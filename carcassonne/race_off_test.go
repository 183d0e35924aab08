//go:build !race

package carcassonne

// underRace: see race_on_test.go.
const underRace = false
