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
	out, err := exec.Command("go", "list", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	rooms := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.ImportPath, "/server/") {
			continue
		}
		rooms++
		for _, imp := range p.Imports {
			if strings.HasSuffix(imp, "/server") || imp == "reflect" || imp == "unsafe" {
				t.Errorf("%s imports %s: a room takes from the match core only what it is handed", p.ImportPath, imp)
			}
		}
	}
	if rooms == 0 {
		t.Fatal("no package beside the match host was found: the test reads nothing")
	}
}
