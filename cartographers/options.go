package cartographers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/surveyor-game/surveyor/game"
)

// Options configure a game (rulings 13). Empty fields take the preset's value; the preset defaults to
// "cartographers". Every ruling that is a choice among readings is a field here, so another reading is
// one switch away.
type Options struct {
	// Preset is "cartographers" (base box), "heroes" (Heroes box) or "both" (the two mixed, as on Yucata).
	Preset string `json:"preset,omitempty"`
	// Side is the map side: "A", "B" (base), "C", "D" (Heroes).
	Side string `json:"side,omitempty"`
	// Explore is the explore deck: "base" (13 cards with the ruins), "heroes" (11) or "both" (24).
	Explore string `json:"explore,omitempty"`
	// Seasons is the set of season thresholds: "base" (8/8/7/6) or "heroes" (8/7/7/6).
	Seasons string `json:"seasons,omitempty"`
	// Ambush is the ambush pool: "base", "heroes" or "both" (all eight in one ambush deck).
	Ambush string `json:"ambush,omitempty"`
	// Heroes adds one hero card to the explore deck each season.
	Heroes *bool `json:"heroes,omitempty"`
	// Scoring pools per stack: "base", "heroes" or "both".
	ScoringForest    string `json:"scoring_forest,omitempty"`
	ScoringFarmWater string `json:"scoring_farm_water,omitempty"`
	ScoringVillage   string `json:"scoring_village,omitempty"`
	ScoringSpace     string `json:"scoring_space,omitempty"`
	// Edicts fixes the scoring cards under edicts A-D (four names, one per stack in any order), for
	// learning games and tests; empty draws them from the seed.
	Edicts []string `json:"edicts,omitempty"`
	// FallbackTerrains are the terrains of the 1x1 fallback. "base" (the cartographers preset's): the
	// revealed card's terrains when no offered shape fits, as the base rulebooks say ("the chosen terrain
	// type"), and forest, village, farm, water or monster after a ruins demand that cannot be met (the
	// base texts differ there; rulings 6 decides). "all" (the heroes and both presets'): any of those or
	// hero, as the Heroes text says ("any terrain type excluding mountains"). "rulings": rulings 6's five
	// terrains in both cases. "card": the card's terrains in both cases, as the French text words both.
	FallbackTerrains string `json:"fallback_terrains,omitempty"`
	// ClockwiseToPrevious reads a clockwise ambush arrow as passing the sheet to the previous seat
	// (rulings 9 reads clockwise as the player to the left, the next seat).
	ClockwiseToPrevious bool `json:"clockwise_to_previous,omitempty"`
	// GorgonByOwner lets the sheet's owner choose the Gorgon's target in multiplayer (rulings 12: the
	// player who drew it chooses).
	GorgonByOwner bool `json:"gorgon_by_owner,omitempty"`
	// FixedHeroPattern forbids rotating or flipping a hero's attack pattern (rulings 11 allows both).
	FixedHeroPattern bool `json:"fixed_hero_pattern,omitempty"`
}

// presetNames name the three content sets of rulings 13.
var presetNames = []string{"cartographers", "heroes", "both"}

// Presets name the three content sets of rulings 13 (a new slice).
func Presets() []string { return slices.Clone(presetNames) }

// config is Options resolved against the preset and checked.
type config struct {
	opts       Options
	side       string
	explore    []CardID
	thresholds [4]int
	ambushes   []CardID
	heroes     bool
	pools      [4][]int // scoring card indices per stack, in ScoringCards order
	edicts     []int    // fixed scoring cards under A-D, or nil
	// fallback and ruinsFallback are the terrains of the 1x1 when no offered shape fits and when a ruins
	// demand cannot be met; nil means the revealed card's terrains.
	fallback, ruinsFallback []Kind
	rotateHero              bool
}

// stackOrder is the order in which one scoring card is drawn per stack at setup.
var stackOrder = [4]Stack{StackForest, StackFarmWater, StackVillage, StackSpace}

// ParseOptions reads options JSON (empty or null = defaults). Unknown fields are an error.
func ParseOptions(raw json.RawMessage) (Options, error) {
	var o Options
	if t := bytes.TrimSpace(raw); len(t) == 0 || bytes.Equal(t, []byte("null")) {
		return o, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return Options{}, fmt.Errorf("%w: cartographers options: %v", game.ErrBadOptions, err)
	}
	if dec.More() {
		return Options{}, fmt.Errorf("%w: cartographers options: trailing data", game.ErrBadOptions)
	}
	if err := exactKeys(raw, optionFields); err != nil {
		return Options{}, fmt.Errorf("%w: cartographers options: %v", game.ErrBadOptions, err)
	}
	return o, nil
}

// optionFields are the JSON keys of Options, read from its tags so that the list cannot drift.
var optionFields = func() []string {
	t := reflect.TypeFor[Options]()
	out := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		out = append(out, name)
	}
	return out
}()

func pick(v, def string) string {
	if v == "" {
		return def
	}
	return strings.ToLower(v)
}

// Canonical returns the options with every content switch spelled out as the preset sets it, after
// checking them all. A game set up from them is the same game as one set up from o.
func (o Options) Canonical() (Options, error) {
	c, err := o.resolve()
	if err != nil {
		return Options{}, err
	}
	return c.opts, nil
}

// withPreset fills every empty field with the preset's value.
func (o Options) withPreset() (Options, error) {
	var side, explore, seasons, ambushes, scoring, fallback string
	var heroes bool
	switch preset := pick(o.Preset, "cartographers"); preset {
	case "cartographers":
		side, explore, seasons, ambushes, scoring, heroes, fallback = "A", "base", "base", "base", "base", false, "base"
	case "heroes":
		side, explore, seasons, ambushes, scoring, heroes, fallback = "C", "heroes", "heroes", "heroes", "heroes", true, "all"
	case "both":
		side, explore, seasons, ambushes, scoring, heroes, fallback = "A", "both", "heroes", "both", "both", true, "all"
	default:
		return Options{}, fmt.Errorf("%w: cartographers: unknown preset %q (have %s)", game.ErrBadOptions, o.Preset, strings.Join(presetNames, ", "))
	}
	o.Preset = pick(o.Preset, "cartographers")
	o.Side = strings.ToUpper(pick(o.Side, side))
	o.Explore, o.Seasons, o.Ambush = pick(o.Explore, explore), pick(o.Seasons, seasons), pick(o.Ambush, ambushes)
	if o.Heroes == nil {
		o.Heroes = &heroes
	}
	o.ScoringForest, o.ScoringFarmWater = pick(o.ScoringForest, scoring), pick(o.ScoringFarmWater, scoring)
	o.ScoringVillage, o.ScoringSpace = pick(o.ScoringVillage, scoring), pick(o.ScoringSpace, scoring)
	o.FallbackTerrains = pick(o.FallbackTerrains, fallback)
	return o, nil
}

// boxCards lists the cards of a content set ("base", "heroes" or "both") of one kind, whose base cards
// are the ids [base, heroes) and Heroes cards [heroes, end).
func boxCards(set string, base, heroes, end CardID) ([]CardID, bool) {
	switch set {
	case "base":
		return cardRange(base, heroes), true
	case "heroes":
		return cardRange(heroes, end), true
	case "both":
		return cardRange(base, end), true
	}
	return nil, false
}

// resolve applies the preset and validates every field.
func (o Options) resolve() (*config, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: cartographers: %s", game.ErrBadOptions, fmt.Sprintf(format, a...))
	}
	o, err := o.withPreset()
	if err != nil {
		return nil, err
	}
	c := &config{opts: o, rotateHero: !o.FixedHeroPattern, side: o.Side}
	if _, err := MapSide(c.side); err != nil {
		return nil, bad("side %q: %v", o.Side, err)
	}
	var ok bool
	if c.explore, ok = boxCards(o.Explore, firstBaseExplore, firstHeroesExplore, firstBaseAmbush); !ok {
		return nil, bad("explore %q: want base, heroes or both", o.Explore)
	}
	switch s := o.Seasons; s {
	case "base", "heroes":
		for i, sc := range seasonCards {
			c.thresholds[i] = sc.BaseThreshold
			if s == "heroes" {
				c.thresholds[i] = sc.HeroesThreshold
			}
		}
	default:
		return nil, bad("seasons %q: want base or heroes", s)
	}
	if c.ambushes, ok = boxCards(o.Ambush, firstBaseAmbush, firstHeroesAmbush, firstHero); !ok {
		return nil, bad("ambush %q: want base, heroes or both", o.Ambush)
	}
	c.heroes = *o.Heroes
	for i, set := range []string{o.ScoringForest, o.ScoringFarmWater, o.ScoringVillage, o.ScoringSpace} {
		if set != "base" && set != "heroes" && set != "both" {
			return nil, bad("scoring pool %q: want base, heroes or both", set)
		}
		for j := range scoringCards {
			sc := &scoringCards[j]
			if sc.Stack == stackOrder[i] && (set == "both" || sc.Heroes == (set == "heroes")) {
				c.pools[i] = append(c.pools[i], j)
			}
		}
	}
	if len(o.Edicts) > 0 {
		if len(o.Edicts) != 4 {
			return nil, bad("edicts: want 4 scoring card names, got %d", len(o.Edicts))
		}
		var seen [4]bool
		for _, name := range o.Edicts {
			idx, ok := scoringIndexByName(name)
			if !ok {
				return nil, bad("edicts: unknown scoring card %q", name)
			}
			sc := &scoringCards[idx]
			for i, st := range stackOrder {
				if st == sc.Stack {
					if seen[i] {
						return nil, bad("edicts: two cards from the stack of %q", sc.Name)
					}
					seen[i] = true
				}
			}
			c.edicts = append(c.edicts, idx)
		}
	}
	switch f := o.FallbackTerrains; f {
	case "base":
		c.fallback, c.ruinsFallback = nil, riftTerrains
	case "rulings":
		c.fallback, c.ruinsFallback = riftTerrains, riftTerrains
	case "card":
		c.fallback, c.ruinsFallback = nil, nil
	case "all":
		all := []Kind{Forest, Village, Farm, Water, Monster, Hero}
		c.fallback, c.ruinsFallback = all, all
	default:
		return nil, bad("fallback_terrains %q: want base, all, rulings or card", f)
	}
	return c, nil
}

// scoringIndexByName is the index in ScoringCards of the card of an English name (see ScoringCardByName).
func scoringIndexByName(name string) (int, bool) {
	key := cardKey(name)
	for i := range scoringCards {
		if cardKey(scoringCards[i].Name) == key {
			return i, true
		}
	}
	return -1, false
}
