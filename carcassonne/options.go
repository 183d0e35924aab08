package carcassonne

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// Options are a game's settings. Besides the Land Surveyors switch they hold the data switches of
// shared/reference/rulings.md, so that another reading of an unconfirmed fact is one field away.
type Options struct {
	// Surveyors plays with the Land Surveyors mini-expansion.
	Surveyors bool `json:"surveyors"`
	// RoadBonus is the road pile's ±3 tile: "poverty" (−3, the default) or "wealth" (+3).
	RoadBonus string `json:"road_bonus"`
	// MonasteryBonus is the monastery pile's ±3 tile: "wealth" (+3, the default) or "poverty" (−3).
	MonasteryBonus string `json:"monastery_bonus"`
	// Farmhouses names the tile types whose art counts as a farmhouse for Peasant Uprising: "K" (the
	// default) or "KLWX" (the crossroads villages too).
	Farmhouses string `json:"farmhouses"`
	// MonasteryOwnTile makes Hermit Monastery and Pilgrimage Route look at the monastery's own tile as well
	// as its eight neighbours. On by default: the rules page says "chacune des 9 tuiles de l'évaluation
	// d'une abbaye" (each of the 9 tiles), which ruling 7 (the eight neighbours only) contradicts; off is
	// ruling 7's reading.
	MonasteryOwnTile bool `json:"monastery_own_tile"`
	// Caps names the city segments Bad Neighbourhood leaves out: "all" caps, city segments touching one
	// side (the default, ruling 5), or only the "arched" ones drawn as semicircles in the C2 art (H, J, L).
	Caps string `json:"caps"`
	// Expansions are the expansions played besides the Land Surveyors; in JSON a list of their names in
	// any order, spelled in expansionNames' order, omitted for the base game (so that a base game's
	// options read as they always did).
	Expansions Expansions `json:"expansions,omitempty"`
}

// Expansions is a set of expansions, a bit each in the order of expansionNames.
type Expansions uint8

const (
	RiverExp Expansions = 1 << iota
	AbbotExp
	InnsCathedralsExp
	TradersBuildersExp
	MageWitchExp
	numExpansions = 5
)

// expansionNames are the expansions' names in options, in their canonical order.
var expansionNames = [numExpansions]string{"river", "abbot", "inns_cathedrals", "traders_builders", "mage_witch"}

// Has reports whether every expansion of x is in the set.
func (e Expansions) Has(x Expansions) bool { return e&x == x }

// Names lists the set's names in canonical order.
func (e Expansions) Names() []string {
	out := []string{}
	for i, n := range expansionNames {
		if e&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// MarshalJSON writes the list of names in canonical order.
func (e Expansions) MarshalJSON() ([]byte, error) { return json.Marshal(e.Names()) }

// UnmarshalJSON reads a list of names in any order; an unknown name or a name given twice is refused.
func (e *Expansions) UnmarshalJSON(b []byte) error {
	var names []string
	if err := json.Unmarshal(b, &names); err != nil {
		return fmt.Errorf("expansions: want a list of names: %w", err)
	}
	var set Expansions
	for _, n := range names {
		i := slices.Index(expansionNames[:], n)
		if i < 0 {
			return fmt.Errorf("expansions: unknown %q, want some of %s", n, strings.Join(expansionNames[:], ", "))
		}
		if set&(1<<i) != 0 {
			return fmt.Errorf("expansions: %q given twice", n)
		}
		set |= 1 << i
	}
	*e = set
	return nil
}

// maxSeats is the most players the options allow: six with Inns & Cathedrals (its sixth colour), five
// otherwise.
func (o Options) maxSeats() int {
	if o.Expansions.Has(InnsCathedralsExp) {
		return 6
	}
	return baseMaxPlayers
}

// DefaultOptions are the rulings' defaults (but for MonasteryOwnTile, see there), without the Land Surveyors.
func DefaultOptions() Options {
	return Options{RoadBonus: "poverty", MonasteryBonus: "wealth", Farmhouses: "K", Caps: "all", MonasteryOwnTile: true}
}

// ParseOptions decodes options JSON over the defaults. Unknown fields and values are refused.
func ParseOptions(raw json.RawMessage) (Options, error) {
	o := DefaultOptions()
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return o, nil
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return Options{}, fmt.Errorf("carcassonne options: %w: %v", game.ErrBadOptions, err)
	}
	if dec.More() {
		return Options{}, fmt.Errorf("carcassonne options: %w: trailing data", game.ErrBadOptions)
	}
	if err := o.validate(); err != nil {
		return Options{}, err
	}
	return o, nil
}

func (o Options) validate() error {
	if o.RoadBonus != "wealth" && o.RoadBonus != "poverty" {
		return fmt.Errorf("carcassonne options: %w: road_bonus %q is neither \"wealth\" nor \"poverty\"", game.ErrBadOptions, o.RoadBonus)
	}
	if o.MonasteryBonus != "wealth" && o.MonasteryBonus != "poverty" {
		return fmt.Errorf("carcassonne options: %w: monastery_bonus %q is neither \"wealth\" nor \"poverty\"", game.ErrBadOptions, o.MonasteryBonus)
	}
	if o.Farmhouses != "K" && o.Farmhouses != "KLWX" {
		return fmt.Errorf("carcassonne options: %w: farmhouses %q is neither \"K\" nor \"KLWX\"", game.ErrBadOptions, o.Farmhouses)
	}
	if o.Caps != "all" && o.Caps != "arched" {
		return fmt.Errorf("carcassonne options: %w: caps %q is neither \"all\" nor \"arched\"", game.ErrBadOptions, o.Caps)
	}
	if o.Expansions >= 1<<numExpansions {
		return fmt.Errorf("carcassonne options: %w: expansions %b", game.ErrBadOptions, o.Expansions)
	}
	if off := o.Expansions &^ playable; off != 0 {
		return fmt.Errorf("carcassonne options: %w: expansions %s not playable yet", game.ErrBadOptions, strings.Join(off.Names(), ", "))
	}
	return nil
}

// badCap reports whether a segment is one Bad Neighbourhood leaves out under these options.
func (o *Options) badCap(t int, seg *segment) bool {
	return seg.cap && (o.Caps == "all" || archedCapTile(t))
}

// archedCapTile reports whether a tile type's caps are drawn as arches in the C2 art: H, J and L, and the
// Abbot's garden variants of them (Hg), which are those tiles with a garden added.
func archedCapTile(t int) bool {
	name := ""
	switch types[t].set {
	case baseSet:
		name = types[t].name
	case gardenSet:
		name = tileTable[gardenBase[t-len(tileTable)]].Name
	}
	return name != "" && strings.Contains(archedCaps, name)
}

// isFarmhouse reports whether a tile type counts as showing a farmhouse under these options.
func (o *Options) isFarmhouse(t int) bool {
	switch types[t].farmhouse {
	case hasFarmhouse:
		return true
	case village:
		return o.Farmhouses == "KLWX"
	}
	return false
}

// playable are the expansions this engine plays; options naming another are refused.
const playable = RiverExp | AbbotExp | InnsCathedralsExp | TradersBuildersExp | MageWitchExp
