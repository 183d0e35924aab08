package carcassonne

// innsTiles are the 18 tiles of Inns & Cathedrals, second edition (C2), 17 types named IC1..IC17 after
// Wikicarpedia's C2 tile list A..Q (Inns_and_Cathedrals, "C2 Edition"); each row is in the orientation of
// that list's picture. Structure from JCloisterZone's tile set "inns-and-cathedrals:2"; sources, the counts
// checked and the doubts are in docs/carcassonne-tiles.md.
//
// IC3 differs from JCloisterZone on purpose: the C2 inn there stands between two of the three roads and
// doubles both (JCloisterZone keeps the first edition's single inn road). No source describes a farmhouse
// on these tiles, so none has one.
var innsTiles = [...]tileSpec{
	{Name: "IC1", JCZ: "IC/Rr.i", Count: 1, Edges: "FFRR", Farmhouse: noFarmhouse,
		Segments: "road S W inn | field Wn Nw Ne En Es Se | field Sw Ws"},
	{Name: "IC2", JCZ: "IC/RFr.iG", Count: 1, Edges: "FRFR", Farmhouse: noFarmhouse, Garden: true,
		Segments: "road W E inn | field Wn Nw Ne En | field Es Se Sw Ws | garden"},
	{Name: "IC3", JCZ: "IC/RRR.i", Count: 1, Edges: "FRRR", Farmhouse: noFarmhouse,
		Segments: "road E inn | road S | road W inn | field Wn Nw Ne En | field Es Se | field Sw Ws"},
	{Name: "IC4", JCZ: "IC/LRFR", Count: 1, Edges: "FRFR", Farmhouse: noFarmhouse,
		Segments: "monastery | road W | road E | field Wn Nw Ne En | field Es Se Sw Ws"},
	{Name: "IC5", JCZ: "IC/RrRr", Count: 1, Edges: "RRRR", Farmhouse: noFarmhouse,
		Segments: "road N W | road E S | field Nw Wn | field Ne En Sw Ws | field Es Se"},
	{Name: "IC6", JCZ: "IC/CcR", Count: 1, Edges: "CRFC", Farmhouse: noFarmhouse,
		Segments: "city N W | road E | field En >W | field Es Se Sw >W"},
	{Name: "IC7", JCZ: "IC/C!", Count: 1, Edges: "FFFC", Farmhouse: noFarmhouse,
		Segments: "city W | field Nw Ne >W | field En Es Se Sw >W"},
	{Name: "IC8", JCZ: "IC/CCCCG", Count: 1, Edges: "CCCC", Farmhouse: noFarmhouse, Garden: true,
		Segments: "city N | city E | city S | city W | field >N >E >S >W | garden"},
	{Name: "IC9", JCZ: "IC/CRCR", Count: 1, Edges: "CRCR", Farmhouse: noFarmhouse,
		Segments: "city N | city S | road E | road W | field En >N | field Wn >N | field Es >S | field Ws >S"},
	{Name: "IC10", JCZ: "IC/CFR", Count: 1, Edges: "CFRF", Farmhouse: noFarmhouse,
		Segments: "city N | road S | field En Es Se >N | field Sw Ws Wn >N"},
	{Name: "IC11", JCZ: "IC/Cccc.c", Count: 2, Edges: "CCCC", Farmhouse: noFarmhouse,
		Segments: "city N E S W cathedral"},
	{Name: "IC12", JCZ: "IC/CcRr+.i", Count: 1, Edges: "CRRC", Arms: true, Farmhouse: noFarmhouse,
		Segments: "city N W | road E S inn | field En Sw >N | field Es Se"},
	{Name: "IC13", JCZ: "IC/RrC.i", Count: 1, Edges: "CFRR", Farmhouse: noFarmhouse,
		Segments: "city N | road S W inn | field Wn En Es Se >N | field Sw Ws"},
	{Name: "IC14", JCZ: "IC/RCc.i", Count: 1, Edges: "CFRC", Farmhouse: noFarmhouse,
		Segments: "city N W | road S inn | field En Es Se >N | field Sw >N"},
	{Name: "IC15", JCZ: "IC/CCC", Count: 1, Edges: "CCFC", Farmhouse: noFarmhouse,
		Segments: "city N | city E | city W | field Se Sw >N >E >W"},
	{Name: "IC16", JCZ: "IC/CCc+", Count: 1, Edges: "CFCC", Arms: true, Farmhouse: noFarmhouse,
		Segments: "city N W | city S | field En Es >N >S"},
	{Name: "IC17", JCZ: "IC/CRcR+", Count: 1, Edges: "RCRC", Arms: true, Farmhouse: noFarmhouse,
		Segments: "city E W | road N | road S | field Nw >W | field Ne >W | field Se >W | field Sw >W"},
}
