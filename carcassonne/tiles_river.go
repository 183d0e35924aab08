package carcassonne

// riverTiles are the River (second edition, 2014: twelve tiles, the spring first and the lake last), in
// the order of Wikicarpedia's C2 tile list (A to L; D and F are the same straight, one type of two).
// Sources: Wikicarpedia's River page (tile list and rules), JCloisterZone's river.xml (edges and fields,
// its ids in JCZ), and wingedsheep/carcassonne's the_river_deck.py (the same twelve tiles by their C2
// pictures, J with flowers: the Abbot's garden). Canonical orientations are JCloisterZone's, turned so
// that the spring flows south and the lake is entered from the north. Four tiles bend the river (RV5,
// RV6, RV8, RV9), six run it straight; TestRiverTiles checks these counts.
var riverTiles = [...]tileSpec{
	{Name: "RV1", JCZ: "I.s", Count: 1, Edges: "FFWF", Farmhouse: noFarmhouse,
		Segments: "river S | field Nw Ne En Es Se Sw Ws Wn"},
	{Name: "RV2", JCZ: "CIRI", Count: 1, Edges: "CWRW", Farmhouse: noFarmhouse,
		Segments: "city N | road S | river W E | field En >N | field Wn >N | field Es Se | field Sw Ws"},
	{Name: "RV3", JCZ: "CICI", Count: 1, Edges: "CWCW", Farmhouse: noFarmhouse,
		Segments: "city N | city S | river W E | field En Wn >N | field Es Ws >S"},
	{Name: "RV4", JCZ: "IFI", Count: 2, Edges: "FWFW", Farmhouse: noFarmhouse,
		Segments: "river W E | field Wn Nw Ne En | field Es Se Sw Ws"},
	{Name: "RV5", JCZ: "CcII", Count: 1, Edges: "CCWW", Farmhouse: noFarmhouse,
		Segments: "city N E | river W S | field Wn Se >N | field Sw Ws"},
	{Name: "RV6", JCZ: "II.1", Count: 1, Edges: "FFWW", Farmhouse: noFarmhouse,
		Segments: "river W S | field Wn Nw Ne En Es Se | field Sw Ws"},
	{Name: "RV7", JCZ: "LIRI", Count: 1, Edges: "FWRW", Farmhouse: noFarmhouse,
		Segments: "monastery | road S | river W E | field Wn Nw Ne En | field Es Se | field Sw Ws"},
	{Name: "RV8", JCZ: "RrII", Count: 1, Edges: "RRWW", Farmhouse: noFarmhouse,
		Segments: "road N E | river W S | field Wn Nw Es Se | field Ne En | field Sw Ws"},
	{Name: "RV9", JCZ: "II.2", Count: 1, Edges: "FFWW", Farmhouse: noFarmhouse, Garden: true,
		Segments: "river W S | field Wn Nw Ne En Es Se | field Sw Ws | garden"},
	{Name: "RV10", JCZ: "RIrI", Count: 1, Edges: "RWRW", Farmhouse: noFarmhouse,
		Segments: "road N S | river W E | field Wn Nw | field Ne En | field Es Se | field Sw Ws"},
	{Name: "RV11", JCZ: "I.e", Count: 1, Edges: "WFFF", Farmhouse: noFarmhouse,
		Segments: "river N | field Nw Ne En Es Se Sw Ws Wn"},
}
