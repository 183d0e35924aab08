package carcassonne

// gardenTiles are the base tiles whose second-edition art shows an Abbot's garden: one copy each of E, H,
// I, M, N, R, U and V (8 of the 72). With the Abbot each replaces one copy of its base type in the deck;
// without it they are not played, so that a base game keeps its 72 tiles. A garden is a segment with no
// side, like a monastery, lying in the field around it: the fields are the base tile's.
// Sources: Wikicarpedia's The Abbot page ("8 base tiles and 1 River tile", the C2 pictures
// Abbot-Base_Game_C2_Tile_<letter>_Garden) and wingedsheep/carcassonne's base_deck.py (the same eight
// letters and the base counts less one for each). JCZ names the base type they vary.
var gardenTiles = [...]tileSpec{
	{Name: "Eg", JCZ: "C", Count: 1, Edges: "CFFF", Farmhouse: noFarmhouse, Garden: true,
		Segments: "city N | field En Es Se Sw Ws Wn >N | garden"},
	{Name: "Hg", JCZ: "CFC.2", Count: 1, Edges: "CFCF", Farmhouse: noFarmhouse, Garden: true,
		Segments: "city N | city S | field En Es Ws Wn >N >S | garden"},
	{Name: "Ig", JCZ: "CC.2", Count: 1, Edges: "CFFC", Farmhouse: noFarmhouse, Garden: true,
		Segments: "city N | city W | field En Es Se Sw >N >W | garden"},
	{Name: "Mg", JCZ: "Cc+", Count: 1, Edges: "CFFC", Arms: true, Farmhouse: noFarmhouse, Garden: true,
		Segments: "city N W | field En Es Se Sw >N | garden"},
	{Name: "Ng", JCZ: "Cc.1", Count: 1, Edges: "CFFC", Farmhouse: noFarmhouse, Garden: true,
		Segments: "city N W | field En Es Se Sw >N | garden"},
	{Name: "Rg", JCZ: "Ccc", Count: 1, Edges: "CCFC", Farmhouse: noFarmhouse, Garden: true,
		Segments: "city N E W | field Se Sw >N | garden"},
	{Name: "Ug", JCZ: "RFr", Count: 1, Edges: "FRFR", Farmhouse: noFarmhouse, Garden: true,
		Segments: "road W E | field Wn Nw Ne En | field Es Se Sw Ws | garden"},
	{Name: "Vg", JCZ: "Rr", Count: 1, Edges: "FFRR", Farmhouse: noFarmhouse, Garden: true,
		Segments: "road S W | field Wn Nw Ne En Es Se | field Sw Ws | garden"},
}
