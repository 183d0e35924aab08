package store

import (
	"errors"
	"slices"
	"testing"
)

func TestExpandMarker(t *testing.T) {
	for sql, want := range map[string]bool{
		"-- surveyor:expand\nCREATE TABLE x (a INTEGER);":                   true,
		"-- a comment\n  -- surveyor:expand  \nCREATE TABLE x (a INTEGER);": true,
		"CREATE TABLE x (a INTEGER); -- surveyor:expand":                    false, // a marker must be a line of its own
		"ALTER TABLE x DROP COLUMN a;":                                      false,
	} {
		if got := (Migration{SQL: sql}).Expand(); got != want {
			t.Errorf("Expand(%q) = %v, want %v", sql, got, want)
		}
	}
}

func TestPending(t *testing.T) {
	files := []Migration{{Version: 1}, {Version: 2}, {Version: 3}}
	versions := func(ms []Migration) []int {
		var out []int
		for _, m := range ms {
			out = append(out, m.Version)
		}
		return out
	}
	cases := []struct {
		name    string
		applied map[int]bool
		want    []int
		newer   bool
	}{
		{"fresh", map[int]bool{}, []int{1, 2, 3}, false},
		{"behind", map[int]bool{1: true}, []int{2, 3}, false},
		{"current", map[int]bool{1: true, 2: true, 3: true}, nil, false},
		{"a newer expand", map[int]bool{1: true, 2: true, 3: true, 4: false}, nil, false},
		{"a newer expand, this binary behind too", map[int]bool{1: true, 2: true, 4: false}, []int{3}, false},
		{"a newer breaking change", map[int]bool{1: true, 2: true, 3: true, 4: false, 5: true}, nil, true},
	}
	for _, c := range cases {
		got, err := Pending(files, c.applied)
		if c.newer {
			if !errors.Is(err, ErrNewerSchema) {
				t.Errorf("%s: err %v, want ErrNewerSchema", c.name, err)
			}
			continue
		}
		if err != nil || !slices.Equal(versions(got), c.want) {
			t.Errorf("%s: %v, %v; want %v", c.name, versions(got), err, c.want)
		}
	}
}
