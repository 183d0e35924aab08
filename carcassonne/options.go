package carcassonne

import (
	"bytes"
	"encoding/json"
	"fmt"
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
	return nil
}

// badCap reports whether a segment is one Bad Neighbourhood leaves out under these options.
func (o *Options) badCap(t int, seg *segment) bool {
	return seg.cap && (o.Caps == "all" || strings.IndexByte(archedCaps, types[t].letter) >= 0)
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
