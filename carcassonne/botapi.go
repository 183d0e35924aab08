package carcassonne

// Strength is what a figure counts for in the majority of its feature (the large meeple two; the builder,
// the pig and the neutral figures nothing), for bots that value every kind of figure by one rule.
func (f Figure) Strength() int {
	if f >= numFigures {
		return 0
	}
	return int(figureStrength[f])
}
