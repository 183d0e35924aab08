// Package release holds what one release of Surveyor promises the one before it, as tests: a rolling
// upgrade of instances sharing one PostgreSQL database, one instance at a time, loses and doubles no
// move while games are played, and the new binary's migrations run while the old one still serves
// (docs/operations.md, "Upgrades and schema migrations").
//
// The tests build the previous release's binary from this repository's git history (PreviousRelease)
// and the current one from the working tree.
package release

// PreviousRelease is the commit of the last release: the binary a rolling upgrade starts from. Move it
// forward with each release (the last commit CI passed that operators may run).
const PreviousRelease = "0e76a99f75337632c854f0b0c4c9aef76378c7c7"
