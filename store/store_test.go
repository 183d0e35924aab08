package store

import (
	"testing"
	"testing/fstest"
)

func TestReadMigrations(t *testing.T) {
	fsys := fstest.MapFS{
		"m/002_more.sql": {Data: []byte("B")},
		"m/001_init.sql": {Data: []byte("A")},
	}
	ms, err := ReadMigrations(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 || ms[0].Version != 1 || ms[0].SQL != "A" || ms[1].Version != 2 || ms[1].Name != "002_more.sql" {
		t.Fatalf("migrations %+v, want 001 then 002", ms)
	}
	for name, fs := range map[string]fstest.MapFS{
		"bad name":  {"m/init.sql": {}},
		"not sql":   {"m/001_init.txt": {}},
		"duplicate": {"m/001_a.sql": {}, "m/001_b.sql": {}},
	} {
		if _, err := ReadMigrations(fs, "m"); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
