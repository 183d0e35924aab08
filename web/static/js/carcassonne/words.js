// A tile named by what it shows, in the page's language ("a city cap with a straight road", "a river
// bend with a garden"), never by the engine's id ("D", "RV6"): people know a tile by its picture.
// The words are built from the tile's row (tiles.js): the main feature first (the river's course, the
// monastery, the city, else the roads), then what else it holds.

import { t, goodsName, carcName, dirName, figureName } from "../i18n.js";
import { TILES, spotOf } from "./tiles.js";

const opposite = (sides) => sides.length === 2 && Math.abs(sides[0] - sides[1]) === 2;

// cityShape names one city segment by the sides it covers: a cap, a corner, across the tile, three or
// four sides.
function cityShape(seg) {
  switch (seg.sides.length) {
    case 1: return "Cap";
    case 2: return opposite(seg.sides) ? "Across" : "Corner";
    case 3: return "3";
    default: return "4";
  }
}

// citiesWords names the tile's cities, the biggest first, alike ones counted ("a city corner and two
// city caps").
function citiesWords(cities) {
  const parts = [];
  for (const shape of ["4", "3", "Across", "Corner", "Cap"]) {
    const n = cities.filter(c => cityShape(c) === shape).length;
    if (n) parts.push(t(n === 1 ? "twCity" + shape : `twCity${shape}s${n}`));
  }
  return and(parts);
}

// roadsWords names the roads: road ends that meet in the middle (three or four) are a crossroads; those
// leaving a monastery are roads; a road between two sides is straight or a bend. (The counts are in the
// keys: "two" agrees with its noun in Portuguese.)
function roadsWords(roads, crossroads, monastery) {
  const ends = roads.filter(r => r.sides.length === 1), through = roads.filter(r => r.sides.length === 2);
  const parts = [];
  if (crossroads && ends.length >= 3) parts.push(t("twCross" + ends.length));
  else if (ends.length) parts.push(t((monastery ? "twRoads" : "twRoadEnds") + (ends.length > 1 ? ends.length : "1")));
  const straight = through.filter(r => opposite(r.sides)).length, bends = through.length - straight;
  if (straight === 1) parts.push(t("twRoadStraight"));
  if (straight > 1) parts.push(t("twRoadsCrossing"));
  if (bends) parts.push(t("twRoadBends" + bends));
  return parts;
}

// and joins phrases: "a, b and c".
function and(parts) {
  if (parts.length < 2) return parts[0] || "";
  return parts.slice(0, -1).join(", ") + t("twAnd") + parts[parts.length - 1];
}

// tileWords names a tile type by what it shows; the id itself only for a type the client does not know.
export function tileWords(id) {
  const tt = TILES[id];
  if (!tt) return id;
  const segs = tt.segments;
  const of = (k) => segs.filter(s => s.kind === k);
  const river = of("river")[0], cities = of("city"), roads = of("road"), monastery = of("monastery").length > 0;
  const head = [], rest = [];
  if (river) {
    if (river.sides.length === 1) head.push(t(river.lake ? "twLake" : "twSpring"));
    else head.push(t(opposite(river.sides) ? "twRiverStraight" : "twRiverBend"));
  }
  if (monastery) (head.length ? rest : head).push(t("twMonastery"));
  if (cities.length) (head.length ? rest : head).push(citiesWords(cities));
  const roadParts = roadsWords(roads, !monastery && !cities.some(c => c.sides.length === 3), monastery);
  if (head.length) rest.push(...roadParts);
  else head.push(and(roadParts));
  // What the expansions drew on it, and the coat of arms.
  if (tt.arms) rest.push(t("twArms"));
  if (segs.some(s => s.cathedral)) rest.push(t("twCathedral"));
  const inns = segs.filter(s => s.inn).length;
  if (inns) rest.push(t("twInns" + inns));
  for (const g of segs.flatMap(s => s.goods || [])) rest.push(t("twGoods", { goods: goodsName(g).toLowerCase() }));
  if (tt.garden || of("garden").length) rest.push(t("twGarden"));
  if (tt.portal) rest.push(t("twPortal"));
  return rest.length ? t("twWith", { a: head[0], b: and(rest) }) : head[0];
}

// whereWords says where a cell lies from the start tile, in words ("2 north, 1 east of the start tile",
// "on the start tile"): the board has no printed coordinates, and "(3,-2)" means nothing to a player.
export function whereWords(x, y) {
  const steps = [];
  if (y) steps.push(t(y < 0 ? "carcNorth" : "carcSouth", { n: Math.abs(y) }));
  if (x) steps.push(t(x < 0 ? "carcWest" : "carcEast", { n: Math.abs(x) }));
  return steps.length ? t("carcOfStart", { list: steps.join(", ") }) : t("carcStartTile");
}

// segLabel names a meeple spot by its feature and where it lies on the tile as laid.
export function segLabel(letter, rot, name) {
  const kind = name.split(":")[0];
  const [x, y] = spotOf(letter, rot, name);
  const dx = x - 50, dy = y - 50;
  let dir = "c";
  if (Math.hypot(dx, dy) > 14) dir = ["e", "se", "s", "sw", "w", "nw", "n", "ne"][Math.round(Math.atan2(dy, dx) / (Math.PI / 4) + 8) % 8];
  return `${carcName(kind)} (${dirName(dir)})`;
}

// laidTile is the id of the tile a move laid, found on a board that holds it (a replay's step after the
// move), or "" when it is not there.
export function laidTile(v, mv) {
  const laid = (v.board || []).find(tl => tl.x === mv.x && tl.y === mv.y);
  return laid ? laid.tile : "";
}

// placementWords says in words a move laying the tile `letter` (a move's JSON form, docs/records.md): the
// tile by what it shows, how far north or south, east or west of the start tile (y grows southwards), how
// it is turned, then the figure and where it stands, an abbot recalled, the mage or the witch moved.
export function placementWords(letter, mv) {
  let more = mv.meeple && letter ? " · " + t("labelled", { label: mv.figure ? figureName(mv.figure) : t("carcMeeple"), text: segLabel(letter, mv.rotation / 90, mv.meeple) }) : "";
  if (mv.recall) more += ` · ${t("carcRecalled")}`;
  // The mage or the witch: where it went (the feature and its tile from the start, in words), or its removal.
  if (mv.magic) more += ` · ${mv.magic.remove ? t("carcMagicRemove_" + mv.magic.figure)
    : `${figureName(mv.magic.figure)} → ${carcName(mv.magic.segment.split(":")[0])} · ${whereWords(mv.magic.x, mv.magic.y)}`}`;
  const turn = mv.rotation ? t("carcTurn" + mv.rotation) : "";
  return t("carcPlacement", { tile: letter ? tileWords(letter) : "?", where: whereWords(mv.x, mv.y), turn }) + more;
}

// capital starts a phrase with a capital letter, for the start of a sentence.
export const capital = (s) => s.charAt(0).toLocaleUpperCase() + s.slice(1);
