package cartographers

// SoloTitles are the solo titles with the lowest rating that earns each, best first (§7.3).
var SoloTitles = []struct {
	Min   int
	Title string
}{
	{30, "Legendary Cartographer"},
	{20, "Master Mapsmith"},
	{10, "Journeyman Topographer"},
	{0, "Apprentice Surveyor"},
	{-5, "Amateur Assessor"},
	{-10, "Inept Assistant"},
	{-20, "Dimwitted Doodler"},
	{-30, "Oblivious Inkdrinker"},
}

// SoloPar is the sum of the solo values printed on the four scoring cards in play.
func (g *Game) SoloPar() int {
	par := 0
	for _, e := range g.edicts {
		par += ScoringCards[e].Solo
	}
	return par
}

// SoloRating is the solo player's score minus the solo values of the four scoring cards.
func (g *Game) SoloRating() int { return g.players[0].score - g.SoloPar() }

// SoloTitle is the title for a rating: the highest threshold it meets or beats; below -30 the lowest
// title still applies (as in the Heroes implementation the data cites).
func SoloTitle(rating int) string {
	for _, t := range SoloTitles {
		if rating >= t.Min {
			return t.Title
		}
	}
	return SoloTitles[len(SoloTitles)-1].Title
}
