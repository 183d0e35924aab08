package server

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestRoomsKeepOutOfTheMatchCore: the packages beside the match host (server/...) import nothing of it,
// nor reflect or unsafe, the two ways around Go's own rule that they see only its exported names. The core
// hands them what they need (a snapshot, an interface); a room that reached into the core's state would
// tie the two together again.
func TestRoomsKeepOutOfTheMatchCore(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	const module = "github.com/surveyor-game/surveyor"
	// The rooms that import nothing of the project: the HTTP kit (errors, decoding, tokens, limits, ids,
	// static files) is beneath every room, so it may lean on none.
	kit := map[string]bool{"httpkit": true}
	seen := map[string]bool{}
	rooms := 0
	for dec.More() {
		var p struct {
			ImportPath, Doc                    string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.ImportPath, "/server/") {
			continue
		}
		rooms++
		room := strings.TrimPrefix(p.ImportPath, module+"/server/")
		seen[room] = true
		// Each room says what it holds and what the host hands it: its own doc comment.
		if p.Doc == "" {
			t.Errorf("%s has no package doc comment", p.ImportPath)
		}
		// A room's tests are held to it too: a test reaching into the core would pin the core's internals.
		for _, imp := range append(append(p.Imports, p.TestImports...), p.XTestImports...) {
			if strings.HasSuffix(imp, "/server") || imp == "reflect" || imp == "unsafe" {
				t.Errorf("%s imports %s: a room takes from the match core only what it is handed", p.ImportPath, imp)
			}
			if kit[room] && strings.HasPrefix(imp, module+"/") {
				t.Errorf("%s imports %s: the HTTP kit knows nothing of matches, accounts or games", p.ImportPath, imp)
			}
			// The seam between the host and the rooms leans on no room: both sides import it.
			if room == "observe" && strings.HasPrefix(imp, module+"/server/") {
				t.Errorf("%s imports %s: the observer seam is beneath every room", p.ImportPath, imp)
			}
		}
	}
	if rooms == 0 {
		t.Fatal("no package beside the match host was found: the test reads nothing")
	}
	for _, room := range []string{"httpkit", "accounts", "observe", "social", "ratings", "botapi", "metrics"} {
		if !seen[room] {
			t.Errorf("the room server/%s was not found: the test no longer reads it", room)
		}
	}
}
