package cartographers

import (
	"math/bits"
	"strings"
)

// Stack is the card back of a scoring card: one card of each stack is drawn at setup.
type Stack uint8

const (
	StackForest Stack = iota
	StackFarmWater
	StackVillage
	StackSpace
)

var stackNames = [...]string{"forest", "farm/water", "village", "space"}

func (st Stack) String() string {
	if int(st) < len(stackNames) {
		return stackNames[st]
	}
	return "stack?"
}

// ScoringCard is one of the 32 scoring cards. Score returns the reputation stars the card gives a sheet
// now and the spaces it counts, for the client's highlight: the spaces that earn stars and, for a card
// that scores clusters, rows, columns or lines, the spaces of those that score (a card scoring nothing
// counts nothing). Score never allocates.
type ScoringCard struct {
	Name string
	// Stack is the card back; Heroes marks the 16 cards of Cartographers Heroes.
	Stack  Stack
	Heroes bool
	// Solo is the value printed in the lower corner, subtracted from a solo score to get the rating.
	Solo int
	// Rule is the card text in English.
	Rule  string
	Score func(*Sheet) (stars int, counted Bits)
}

// scoringCards are the base game's 16 cards (card numbers 26-41) then the 16 of Heroes, each stack in
// card order; texts from the English rules, solo values from cartographers-data.md §7.
var scoringCards = [32]ScoringCard{
	{"Sentinel Wood", StackForest, false, 25, "Earn one reputation star for each forest space adjacent to the edge of the map.", sentinelWood},
	{"Greenbough", StackForest, false, 22, "Earn one reputation star for each row and column with at least one forest space. The same forest space may be scored in a row and a column.", greenbough},
	{"Treetower", StackForest, false, 17, "Earn one reputation star for each forest space surrounded on all four sides by filled spaces or the edge of the map.", treetower},
	{"Stoneside Forest", StackForest, false, 18, "Earn three reputation stars for each mountain space connected to another mountain space by a cluster of forest spaces.", stonesideForest},
	{"Canal Lake", StackFarmWater, false, 24, "Earn one reputation star for each water space adjacent to at least one farm space. Earn one reputation star for each farm space adjacent to at least one water space.", canalLake},
	{"Mages Valley", StackFarmWater, false, 22, "Earn two reputation stars for each water space adjacent to a mountain space. Earn one reputation star for each farm space adjacent to a mountain space.", magesValley},
	{"The Golden Granary", StackFarmWater, false, 20, "Earn one reputation star for each water space adjacent to a ruins space. Earn three reputation stars for each farm space on a ruins space.", theGoldenGranary},
	{"Shoreside Expanse", StackFarmWater, false, 27, "Earn three reputation stars for each cluster of farm spaces not adjacent to a water space or the edge of the map. Earn three reputation stars for each cluster of water spaces not adjacent to a farm space or the edge of the map.", shoresideExpanse},
	{"Wildholds", StackVillage, false, 16, "Earn eight reputation stars for each cluster of six or more village spaces.", wildholds},
	{"Great City", StackVillage, false, 16, "Earn one reputation star for each village space in the largest cluster of village spaces that is not adjacent to a mountain space.", greatCity},
	{"Greengold Plains", StackVillage, false, 21, "Earn three reputation stars for each cluster of village spaces that is adjacent to three or more different terrain types.", greengoldPlains},
	{"Shieldgate", StackVillage, false, 20, "Earn two reputation stars for each village space in the second largest cluster of village spaces. If there are multiple largest clusters, score one of the largest.", shieldgate},
	{"Borderlands", StackSpace, false, 24, "Earn six reputation stars for each complete row or complete column of filled spaces.", borderlands},
	{"Lost Barony", StackSpace, false, 24, "Earn three reputation stars for each space along one edge of the largest square of filled spaces.", lostBarony},
	{"The Broken Road", StackSpace, false, 24, "Earn three reputation stars for each complete diagonal line of filled spaces that touches the left and bottom edges of the map.", theBrokenRoad},
	{"The Cauldrons", StackSpace, false, 20, "Earn one reputation star for each empty space surrounded on all four sides by filled spaces or the edge of the map.", theCauldrons},

	{"Faunlost Thicket", StackForest, true, 16, "Earn two reputation stars for each forest space in the longest unbroken column of forest spaces.", faunlostThicket},
	{"Deepwood", StackForest, true, 18, "Earn six reputation stars for each cluster of five or more forest spaces that is not adjacent to any village spaces.", deepwood},
	{"Heart of the Forest", StackForest, true, 22, "Earn two reputation stars for each forest space surrounded on all four sides by forest spaces or the edge of the map.", heartOfTheForest},
	{"Sleepy Valley", StackForest, true, 24, "Earn four reputation stars for each row that contains three or more forest spaces.", sleepyValley},
	{"Craylund", StackFarmWater, true, 12, "Earn seven reputation stars for each cluster of farm spaces adjacent to three or more water spaces.", craylund},
	{"Ulem's Wallow", StackFarmWater, true, 14, "Earn four reputation stars for each water space adjacent to two or more farm spaces.", ulemsWallow},
	{"Clawsgrave Peaks", StackFarmWater, true, 15, "Earn five reputation stars for each mountain space connected to a farm space by a cluster of water spaces.", clawsgravePeaks},
	{"Jorekburg", StackFarmWater, true, 18, "Earn four reputation stars for each column that contains an equal number of farm spaces and water spaces. There must be at least one of each.", jorekburg},
	{"Traylo Monastery", StackVillage, true, 14, "Earn seven reputation stars for each cluster of village spaces that contains four spaces in a 4x1 or 1x4 rectangle.", trayloMonastery},
	{"Outer Enclave", StackVillage, true, 12, "Choose a cluster of village spaces and earn one reputation star for each empty space adjacent to that cluster.", outerEnclave},
	{"Gnomish Colony", StackVillage, true, 12, "Earn six reputation stars for each cluster of village spaces that contains four village spaces in a 2x2 square.", gnomishColony},
	{"Caravansary", StackVillage, true, 16, "Choose a cluster of village spaces and earn one reputation star for each row and column that contains a space from that cluster.", caravansary},
	{"Dwarvenholds", StackSpace, true, 28, "Earn seven reputation stars for each complete row or complete column of filled spaces that contains a mountain space.", dwarvenholds},
	{"Silos", StackSpace, true, 30, "Earn ten reputation stars for each complete odd-numbered column of filled spaces.", silos},
	{"Banded Hills", StackSpace, true, 28, "Earn four reputation stars for each row of filled spaces that contains five or more different terrain types.", bandedHills},
	{"Starlit Sigil", StackSpace, true, 30, "Earn four reputation stars for each cluster of exactly three empty spaces surrounded on all sides by filled spaces or the edge of the map.", starlitSigil},
}

// cardKey folds a card name for lookup: case, the typographic apostrophe and runs of spaces do not matter.
func cardKey(name string) string {
	name = strings.ReplaceAll(name, "\u2019", "'")
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

// ScoringCardByName finds a card by its English name, ignoring case and accepting either apostrophe.
func ScoringCardByName(name string) (ScoringCard, bool) {
	if i, ok := scoringIndexByName(name); ok {
		return scoringCards[i], true
	}
	return ScoringCard{}, false
}

// ScoringCards are the 32 scoring cards: the base game's 16 (card numbers 26-41) then the 16 of Heroes,
// each stack in card order. Game.Edicts are indices in it.
func ScoringCards() [len(scoringCards)]ScoringCard { return scoringCards }

// CardScore is what one scoring card gives a sheet now.
type CardScore struct {
	Stars   int
	Counted Bits
}

// ProjectedScores scores the sheet with every one of the 32 cards, in ScoringCards order, for the
// client's projected stars and highlights.
func ProjectedScores(s *Sheet) [len(scoringCards)]CardScore {
	var out [len(scoringCards)]CardScore
	for i := range scoringCards {
		out[i].Stars, out[i].Counted = scoringCards[i].Score(s)
	}
	return out
}

// MonsterPenalty is the stars lost to monsters at a season's end: one per empty space orthogonally
// adjacent to at least one monster space, each counted once; also returns those spaces.
func MonsterPenalty(s *Sheet) (int, Bits) {
	p := adjacent(s.layer[Monster]).And(s.EmptySpaces())
	return p.Count(), p
}

// adjacent is every cell orthogonally next to a cell of b. Unlike Neighbours it keeps the cells of b that
// are next to another cell of b, so "x adjacent to b" is x.And(adjacent(b)) even where x and b overlap.
func adjacent(b Bits) Bits {
	// Spelled out in words so that it is inlined: most cards call it. The bits crossing between the
	// words are cells 63 and 64, in columns 8 and 9, which an east or west move never drops.
	return Bits{
		b.Lo>>Size | b.Hi<<(64-Size) | b.Lo<<Size | (b.Lo&^col10Lo)<<1 | (b.Lo&^col0Lo)>>1 | b.Hi<<63,
		(b.Hi>>Size | b.Hi<<Size | b.Lo>>(64-Size) | (b.Hi&^col10Hi)<<1 | b.Lo>>63 | (b.Hi&^col0Hi)>>1) & hiCells,
	}
}

// enclosed is the cells of x whose four sides are all in sides or off the map.
func enclosed(x, sides Bits) Bits {
	return x.AndNot(adjacent(sides.Not()))
}

// rowsAndCols counts the rows and the columns that hold at least one cell of b.
func rowsAndCols(b Bits) (rows, cols int) {
	return rowMarks(b).Count(), bits.OnesCount(columns(b))
}

// columns is the columns that hold a cell of b, as bit c for column c: the rows are folded onto row 0
// by shifts of 11, 22 and 44 in each word. The low word holds rows 0 to 4 and nine cells of row 5; the
// high word's first two bits end row 5, and its rows start at bit 2.
func columns(b Bits) uint {
	lo := b.Lo
	lo |= lo >> Size
	lo |= lo >> (2 * Size)
	lo |= lo >> (4 * Size)
	hi := b.Hi >> 2
	hi |= hi >> Size
	hi |= hi >> (2 * Size)
	hi |= hi >> (4 * Size)
	return uint(lo|hi|(b.Hi&3)<<9) & (1<<Size - 1)
}

// The words of the even rows (0, 2, ..., 10) and of the odd rows (1, 3, ..., 9). Row 5 crosses the word
// boundary: nine cells at the top of the low word, two at the bottom of the high word.
const (
	evenRowsLo = 0x7ff | 0x7ff<<22 | 0x7ff<<44
	evenRowsHi = 0x7ff<<2 | 0x7ff<<24 | 0x7ff<<46
	oddRowsLo  = 0x7ff<<11 | 0x7ff<<33 | 0x1ff<<55
	oddRowsHi  = 0x3 | 0x7ff<<13 | 0x7ff<<35
)

// rowMarks is the cell in column 0 of every row that holds a cell of b. Adding eleven ones to a row's
// eleven cells carries out of the row exactly when one of them is set. Even and odd rows are added
// apart, so that the carry lands in the first cell of the next row, which that half leaves empty (or,
// from row 10, in bit 57 of the high word, just past the map); the carries are then moved back a row.
func rowMarks(b Bits) Bits {
	evenLo, carry := bits.Add64(b.Lo&evenRowsLo, evenRowsLo, 0)
	evenHi, _ := bits.Add64(b.Hi&evenRowsHi, evenRowsHi, carry)
	oddLo, carry := bits.Add64(b.Lo&oddRowsLo, oddRowsLo, 0)
	oddHi, _ := bits.Add64(b.Hi&oddRowsHi, oddRowsHi, carry)
	lo := (evenLo&oddRowsLo | oddLo&evenRowsLo) & col0Lo
	hi := (evenHi&^evenRowsHi | oddHi&evenRowsHi) & (col0Hi | 1<<57)
	return Bits{lo>>Size | hi<<(64-Size), hi >> Size}
}

// completeRowsAndCols finds the complete rows (as rowMarks) and columns (as columns) of filled spaces:
// those without an empty space.
func completeRowsAndCols(s *Sheet) (rows Bits, cols uint) {
	empty := s.EmptySpaces()
	return colMasks[0].AndNot(rowMarks(empty)), ^columns(empty) & (1<<Size - 1)
}

// wholeColumns is every cell of the columns set in cols (as columns gives them). Multiplying by a one in
// column 0 of every row copies the columns onto each row; the copies do not overlap.
func wholeColumns(cols uint) Bits {
	carry, lo := bits.Mul64(uint64(cols), colMasks[0].Lo)
	return Bits{lo, uint64(cols)*colMasks[0].Hi + carry}
}

// wholeRows is every cell of the rows whose column 0 cell is in marks. Multiplying by eleven ones copies
// each mark over its row; the copies do not overlap, so no carry crosses a row.
func wholeRows(marks Bits) Bits {
	carry, lo := bits.Mul64(marks.Lo, 1<<Size-1)
	return Bits{lo, marks.Hi*(1<<Size-1) + carry}
}

// completeLines returns how many of the lines are complete lines of filled spaces that meet need (pass
// allCells to need nothing more), and their cells.
func completeLines(filled Bits, lines []Bits, need Bits) (n int, cells Bits) {
	for _, l := range lines {
		if filled.And(l) == l && l.Intersects(need) {
			n++
			cells = cells.Or(l)
		}
	}
	return n, cells
}
