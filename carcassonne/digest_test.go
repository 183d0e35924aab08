//go:build !race

// The digest of seeded games is left out of the race detector's run, like the bots' strength tests: it
// plays one goroutine's games (nothing for the detector to find) and took over three minutes under it.

package carcassonne

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateDigests = flag.Bool("update-digests", false, "rewrite testdata/random_digests.txt from this code (only ever from a commit whose games are right)")

const digestFile = "testdata/random_digests.txt"

// digestGames is how many seeded random games each combination of options plays; digestGreedy how many
// of them GreedyMove plays as well.
const (
	digestGames  = 60
	digestGreedy = 2
)

// digestOf plays the combination's seeded games (the seat count cycles through every one the options
// allow) and hashes what a player or a record can see of them: at each turn the drawn tile, the legal
// placements in their listed order and the move played; at the end the final scores, the supplies, the
// scoring events with their tiles and the expansions' notes.
func digestOf(t testing.TB, o Options) string {
	h := sha256.New()
	g := &Game{}
	var buf []Placement
	var b []byte // a turn's bytes: fmt would make the test ten times slower
	for i := 0; i < digestGames; i++ {
		seed := uint64(1000 + i)
		players := minPlayers + i%(o.maxSeats()-minPlayers+1)
		if err := g.Reset(o, players, seed); err != nil {
			t.Fatalf("%s seed %d: %v", comboName(o), seed, err)
		}
		fmt.Fprintf(h, "game %d players %d\n", seed, players)
		rp := NewRandomPlayer(seed)
		greedy := i < digestGreedy
		for !g.over {
			buf = g.Placements(buf[:0])
			var m Move
			if greedy {
				m = g.GreedyMove()
			} else {
				m = rp.Move(g)
			}
			b = append(b[:0], byte(g.current), byte(len(buf)), byte(len(buf)>>8))
			for _, p := range buf {
				b = append(b, byte(p.X), byte(p.Y), byte(p.Rot))
			}
			b = append(b, byte(m.X), byte(m.Y), byte(m.Rot), byte(m.Meeple), byte(m.Figure), byte(m.RecallAt.X), byte(m.RecallAt.Y),
				byte(m.Magic.Figure), byte(m.Magic.At.X), byte(m.Magic.At.Y), byte(m.Magic.Seg))
			if m.Recall {
				b = append(b, 1)
			}
			if m.Magic.Remove {
				b = append(b, 2)
			}
			h.Write(b)
			if err := g.Play(m); err != nil {
				t.Fatalf("%s seed %d: %v", comboName(o), seed, err)
			}
		}
		hashEnd(h, g)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func hashEnd(h hash.Hash, g *Game) {
	fmt.Fprintf(h, "scores %v supply %v\n", g.scores[:g.players], g.supply[:g.players])
	fmt.Fprintf(h, "events %+v\ntiles %v\nnotes %+v\n", g.events, g.evTiles, g.notes)
}

// TestRandomGamesDigest replays seeded random games (and a few of GreedyMove's) with every combination of
// expansions and compares their digest with the one recorded before the engine was made faster: a change
// meant to be a pure speed-up must leave every game the same, move for move and point for point.
func TestRandomGamesDigest(t *testing.T) {
	got := map[string]string{}
	var names []string
	for _, o := range digestCombos() {
		name := comboName(o)
		names = append(names, name)
		got[name] = digestOf(t, o)
	}
	if *updateDigests {
		var sb strings.Builder
		sb.WriteString("# sha256 of seeded random games per combination of options (digest_test.go); regenerate only from a commit whose games are right\n")
		for _, n := range names {
			fmt.Fprintf(&sb, "%s %s\n", n, got[n])
		}
		if err := os.MkdirAll(filepath.Dir(digestFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(digestFile, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(digestFile)
	if err != nil {
		t.Fatalf("open the recorded digests: %v", err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, d, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s: bad line %q", digestFile, line)
		}
		want[name] = d
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(names) {
		t.Errorf("%s holds %d combinations, want %d", digestFile, len(want), len(names))
	}
	for _, n := range names {
		if got[n] != want[n] {
			t.Errorf("%s: digest %s, recorded %s: the games changed", n, got[n], want[n])
		}
	}
}
