package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surveyor-game/surveyor/store/sqlite"
)

// A backup taken while the server runs holds its matches; the refusals are clear.
func TestBackupWhileServing(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	base, _ := startServe(t, "--data", data)
	res, err := http.Post(base+"/api/matches", "application/json", strings.NewReader(`{"game":"carcassonne","name":"Ada"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 201 {
		t.Fatalf("create: %d %s", res.StatusCode, body)
	}
	dst := filepath.Join(dir, "copy.db")
	var out bytes.Buffer
	if c := run(context.Background(), []string{"backup", "--data", data, dst}, nil, &out, io.Discard); c != 0 {
		t.Fatalf("backup: exit %d", c)
	}
	st, err := sqlite.Open(context.Background(), dst)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	gs, err := st.ListGames(context.Background(), "", 10)
	if err != nil || len(gs) != 1 || !strings.Contains(string(body), gs[0].ID) || gs[0].Seq != 1 {
		t.Fatalf("the backup holds %+v, %v; want the match created (%s) with its creator's join", gs, err, body)
	}
	for _, args := range [][]string{
		{"backup", "--data", data, dst},                             // the destination exists
		{"backup", "--data", filepath.Join(dir, "none"), dst + "2"}, // no database there
		{"backup", "--db", "postgres://x/y", dst + "3"},
		{"backup", "--data", data},
	} {
		var errOut bytes.Buffer
		if c := run(context.Background(), args, nil, io.Discard, &errOut); c == 0 {
			t.Errorf("%q succeeded", args)
		}
	}
}
