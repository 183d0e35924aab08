package cartographers

// drawMode decides how a player may meet a draw decision (rulings 8, 6 and 15). With a ruins demand
// pending, an offered shape must cover an unfilled ruins space if any placement allows it; otherwise,
// or when no unfilled ruins space is left, the draw is the 1x1 fallback, and an offered shape drawn
// elsewhere is illegal. Without a demand, the fallback is allowed only when no offered shape fits.
func (g *Game) drawMode(s *Sheet, c *Card, empty Bits) (DrawMode, Bits) {
	if g.ruinsPending {
		ruins := s.ruins.And(empty)
		if ruins.Any() && anyFits(s, c, ruins) {
			return DrawRuins, ruins
		}
		return DrawFallback, Bits{}
	}
	if anyFits(s, c, Bits{}) {
		return DrawFree, Bits{}
	}
	return DrawFallback, Bits{}
}
