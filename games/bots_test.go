package games

import (
	"slices"
	"testing"
)

func TestBotsNameTheDefaultFirst(t *testing.T) {
	c := Bots()
	for _, g := range All() {
		if len(g.Bots) == 0 {
			continue
		}
		def := g.Bots[0].Name
		names := c.Names(g.Name())
		if len(names) == 0 || names[0] != def {
			t.Errorf("%s: Bots().Names = %v, want %q first", g.Name(), names, def)
		}
		if !slices.Equal(slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(g.BotNames()))) {
			t.Errorf("%s: Bots().Names = %v, not the game's bots %v", g.Name(), names, g.BotNames())
		}
		b, err := c.New(g.Name(), "")
		if err != nil || b.Name() != def {
			t.Errorf("%s: Bots().New(\"\") = %v, %v; want the default %q", g.Name(), b, err, def)
		}
		if _, err := c.New(g.Name(), "no such bot"); err == nil {
			t.Errorf("%s: Bots().New of an unknown bot succeeded", g.Name())
		}
	}
	if got := c.Names("chess"); len(got) != 0 {
		t.Errorf("Bots().Names(chess) = %v, want none", got)
	}
	if _, err := c.New("chess", ""); err == nil {
		t.Error("Bots().New(chess) succeeded")
	}
}
