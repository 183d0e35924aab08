package store

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// Migration is one embedded schema change.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// ReadMigrations reads NNN_name.sql files from dir of fsys, in version order.
func ReadMigrations(fsys fs.FS, dir string) ([]Migration, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var out []Migration
	for _, e := range ents {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || !strings.HasSuffix(name, ".sql") {
			return nil, fmt.Errorf("migration file %q is not named NNN_name.sql", name)
		}
		b, err := fs.ReadFile(fsys, dir+"/"+name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		out = append(out, Migration{Version: v, Name: name, SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("two migrations numbered %d", out[i].Version)
		}
	}
	return out, nil
}

// ExpandMarker, as a line of its own in a migration's SQL, says the change only adds (a table, a column
// with a default, an index): binaries that predate it still serve the database, so that a rolling upgrade
// can run the migration while older instances serve (expand now, contract in a later release, once no
// older binary runs). A migration without it may change what older binaries rely on: they then refuse
// the database instead of misreading it.
const ExpandMarker = "-- surveyor:expand"

// Expand reports whether the migration carries ExpandMarker.
func (m Migration) Expand() bool {
	for line := range strings.SplitSeq(m.SQL, "\n") {
		if strings.TrimSpace(line) == ExpandMarker {
			return true
		}
	}
	return false
}

// ErrNewerSchema means the database was migrated by a newer binary in a way this one cannot serve.
var ErrNewerSchema = errors.New("the database was upgraded by a newer Surveyor")

// Pending returns the binary's migrations the database has not applied, in order, given the versions it
// has applied (each with whether it breaks binaries that do not know it). It refuses, with
// ErrNewerSchema, a database holding a version this binary does not know that breaks older binaries.
func Pending(files []Migration, applied map[int]bool) ([]Migration, error) {
	known := 0
	if len(files) > 0 {
		known = files[len(files)-1].Version
	}
	newest := 0
	for v, breaks := range applied {
		if v > known && breaks && v > newest {
			newest = v
		}
	}
	if newest > 0 {
		return nil, fmt.Errorf("%w: its schema has migration %d, which binaries knowing only up to %d cannot serve; run a Surveyor at least as new as the one that upgraded it",
			ErrNewerSchema, newest, known)
	}
	var out []Migration
	for _, m := range files {
		if _, ok := applied[m.Version]; !ok {
			out = append(out, m)
		}
	}
	return out, nil
}
