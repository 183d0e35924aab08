package cartographers

// soloTitles are the solo titles with the lowest rating that earns each, best first (§7.3).
var soloTitles = []struct {
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
		par += scoringCards[e].Solo
	}
	return par
}

// SoloRating is the solo player's score minus the solo values of the four scoring cards.
func (g *Game) SoloRating() int { return g.players[0].score - g.SoloPar() }

// SoloTitle is the title for a rating: the highest threshold it meets or beats; below -30 the lowest
// title still applies (as in the Heroes implementation the data cites).
func SoloTitle(rating int) string {
	for _, t := range soloTitles {
		if rating >= t.Min {
			return t.Title
		}
	}
	return soloTitles[len(soloTitles)-1].Title
}

// SoloTitles lists the solo titles, best first (a new slice).
func SoloTitles() []string {
	out := make([]string, len(soloTitles))
	for i, t := range soloTitles {
		out[i] = t.Title
	}
	return out
}
