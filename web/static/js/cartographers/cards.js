// Every Cartographers card but the scoring cards, for the rules reference: the explore cards (time,
// terrains, shapes in the map text notation, the first of two shapes printed with the coin), the ruins and
// rift cards, the ambushes (shape, arrow) and the heroes (attack pattern as [row, column] offsets from the
// hero). The engine's table (cartographers/cards.go) is the source; e2e TestRulesEveryCard checks that
// this one says the same.

const explore = (name, time, terrains, ...shapes) => ({ name, type: "explore", time, terrains, shapes });
const ambush = (name, shape, direction) => ({ name, type: "ambush", terrains: ["monster"], shapes: [shape], direction });
const hero = (name, ...attack) => ({ name, type: "hero", terrains: ["hero"], shapes: ["#"], attack });
const RIFT = ["forest", "village", "farm", "water", "monster"];

export const BASE_EXPLORE = [
  explore("Great River", 1, ["water"], "#/#/#", "..#/.##/##."),
  explore("Farmland", 1, ["farm"], "#/#", ".#./###/.#."),
  explore("Hamlet", 1, ["village"], "#./##", "###/##."),
  explore("Forgotten Forest", 1, ["forest"], "#./.#", "#./##/.#"),
  explore("Hinterland Stream", 2, ["farm", "water"], "###/#../#.."),
  explore("Homestead", 2, ["village", "farm"], "#./##/#."),
  explore("Orchard", 2, ["forest", "farm"], "###/..#"),
  explore("Treetop Village", 2, ["forest", "village"], "..##/###."),
  explore("Marshlands", 2, ["forest", "water"], "#../###/#.."),
  explore("Fishing Village", 2, ["village", "water"], "####"),
];
export const HEROES_EXPLORE = [
  explore("Lagoon", 1, ["water"], ".#/#.", "###/.#."),
  explore("Pasture", 1, ["farm"], "#.#", ".##/##."),
  explore("Settlement", 1, ["village"], "#/#", "..#/.##/##."),
  explore("Timber Grove", 1, ["forest"], "#./##", "#.#/#.#"),
  explore("Hillside Terrace", 2, ["farm", "water"], "##/##"),
  explore("Frontier Dwelling", 2, ["village", "farm"], "###/.#./.#."),
  explore("Wildwood Garden", 2, ["forest", "farm"], ".##/#.."),
  explore("Woodland Crossroads", 2, ["forest", "village"], ".#./###/.#."),
  explore("Coastal Encampment", 2, ["village", "water"], "###/#.."),
  explore("Mangrove Swamp", 2, ["forest", "water"], "###/#.#"),
];
export const RUINS = [{ name: "Temple Ruins", type: "ruins", time: 0 }, { name: "Outpost Ruins", type: "ruins", time: 0 }];
export const BASE_RIFT = { name: "Rift Lands", type: "rift", time: 0, terrains: RIFT, shapes: ["#"] };
export const HEROES_RIFT = { name: "Kethra's Gates", type: "rift", time: 0, terrains: RIFT, shapes: ["#"] };
export const BASE_AMBUSH = [
  ambush("Goblin Attack", "#../.#./..#", "counterclockwise"),
  ambush("Bugbear Assault", "#.#/#.#", "clockwise"),
  ambush("Kobold Onslaught", "#./##/#.", "clockwise"),
  ambush("Gnoll Raid", "##/#./##", "counterclockwise"),
];
export const HEROES_AMBUSH = [
  ambush("Dragon Inferno", "..#/###/#..", "counterclockwise"),
  ambush("Zombie Plague", "#", "counterclockwise"),
  ambush("Giant Troll Ravage", "###/.#.", "clockwise"),
  ambush("Gorgon Gaze", "#.#/.#.", "clockwise"),
];
export const HEROES = [
  hero("Dobrik of Lorkheim", [-1, 0], [0, -1], [0, 1], [1, 0]),
  hero("Wren the Lioness", [-1, 2], [0, 2], [1, 2]),
  hero("Freyla the True", [0, 1], [0, 2], [0, 3]),
  hero("Dal of Jolev", [-1, -1], [-1, 1], [1, -1], [1, 1]),
];
// Season lengths (the time that ends each season), by the option that picks them.
export const THRESHOLDS = { base: [8, 8, 7, 6], heroes: [8, 7, 7, 6] };

// cellsOf reads a shape of the map text notation ("#./##") as [row, column] cells.
export function cellsOf(grid) {
  const out = [];
  grid.split("/").forEach((row, r) => [...row].forEach((ch, c) => { if (ch === "#") out.push([r, c]); }));
  return out;
}

// inPlay is the content of a game by its options (the engine's defaults for each preset): which explore
// cards, ambushes and season lengths, and whether heroes come.
export function inPlay(options) {
  const o = options || {};
  const preset = o.preset || "cartographers";
  const d = { cartographers: ["base", "base", "base", false], heroes: ["heroes", "heroes", "heroes", true],
    both: ["both", "heroes", "both", true] }[preset] || ["base", "base", "base", false];
  const pick = (set, base, heroes) => (set === "base" ? base : set === "heroes" ? heroes : base.concat(heroes));
  const explore = o.explore || d[0], ambushes = o.ambush || d[2];
  return {
    explore: pick(explore, BASE_EXPLORE, HEROES_EXPLORE),
    ruins: explore === "heroes" ? [] : RUINS,
    rift: pick(explore, [BASE_RIFT], [HEROES_RIFT]),
    ambush: pick(ambushes, BASE_AMBUSH, HEROES_AMBUSH),
    heroes: (o.heroes ?? d[3]) ? HEROES : [],
    thresholds: THRESHOLDS[o.seasons || d[1]] || THRESHOLDS.base,
  };
}
