package carcassonne

// mageWitchTiles are the 8 tiles of the Mage & Witch mini-expansion, second edition (C2), every one with a
// magic portal. Named MW1..MW8 in the order of JCloisterZone's tile set "mage-and-witch:2" (Wikicarpedia's
// C2 list could not be read: see docs/carcassonne-tiles.md), in its orientation.
var mageWitchTiles = [...]tileSpec{
	{Name: "MW1", JCZ: "MW/CRRR.3", Count: 1, Edges: "CRRR", Farmhouse: noFarmhouse, Portal: true,
		Segments: "city N | road E | road S | road W | field Wn En >N | field Es Se | field Sw Ws"},
	{Name: "MW2", JCZ: "MW/CcRr.1", Count: 1, Edges: "CRRC", Farmhouse: noFarmhouse, Portal: true,
		Segments: "city N W | road E S | field En Sw >N | field Es Se"},
	{Name: "MW3", JCZ: "MW/CCCR.3", Count: 1, Edges: "CCRC", Farmhouse: noFarmhouse, Portal: true,
		Segments: "city N | city E | city W | road S | field Sw >N >E >W | field Se >E"},
	{Name: "MW4", JCZ: "MW/CRcR", Count: 1, Edges: "RCRC", Farmhouse: noFarmhouse, Portal: true,
		Segments: "city E W | road N | road S | field Nw >W | field Ne >W | field Se >W | field Sw >W"},
	{Name: "MW5", JCZ: "MW/CFC", Count: 1, Edges: "CFCF", Farmhouse: noFarmhouse, Portal: true,
		Segments: "city N | city S | field En Es Ws Wn >N >S"},
	{Name: "MW6", JCZ: "MW/CccR.1", Count: 1, Edges: "CCRC", Farmhouse: noFarmhouse, Portal: true,
		Segments: "city N E W | road S | field Se >N | field Sw >N"},
	{Name: "MW7", JCZ: "MW/CRRr.2", Count: 1, Edges: "CRRR", Farmhouse: noFarmhouse, Portal: true,
		Segments: "city N | road E | road S W | field En >N | field Es Se Wn >N | field Sw Ws"},
	{Name: "MW8", JCZ: "MW/CCRrG", Count: 1, Edges: "CRRC", Farmhouse: noFarmhouse, Portal: true, Garden: true,
		Segments: "city N | city W | road E S | field En Sw >N >W | field Es Se | garden"},
}
