package cartographers

import "sort"

// scoreSeason scores the two edicts of the season, the coins and the monster penalty on every sheet.
func (g *Game) scoreSeason() {
	edicts := seasonCards[g.season].Edicts
	for i := range g.players {
		p := &g.players[i]
		var sc SeasonScore
		for j, e := range edicts {
			sc.Edicts[j], _ = scoringCards[g.edicts[e]].Score(&p.sheet)
		}
		sc.Coins = p.sheet.coins
		sc.Monsters, _ = MonsterPenalty(&p.sheet)
		sc.Total = sc.Edicts[0] + sc.Edicts[1] + sc.Coins - sc.Monsters
		p.seasons[g.season] = sc
		p.score += sc.Total
		p.monsterLoss += sc.Monsters
	}
}

// Ranks orders the players (rulings 14): most stars first; a tie goes to the fewest stars lost to
// monsters; players still tied share the rank. Ranks are 1-based with gaps after shared ranks.
func (g *Game) Ranks() []int {
	n := len(g.players)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	better := func(a, b int) bool {
		pa, pb := &g.players[a], &g.players[b]
		if pa.score != pb.score {
			return pa.score > pb.score
		}
		return pa.monsterLoss < pb.monsterLoss
	}
	sort.SliceStable(order, func(x, y int) bool { return better(order[x], order[y]) })
	ranks := make([]int, n)
	for pos, i := range order {
		if pos > 0 && !better(order[pos-1], i) {
			ranks[i] = ranks[order[pos-1]]
		} else {
			ranks[i] = pos + 1
		}
	}
	return ranks
}

// Scores are the players' totals so far.
func (g *Game) Scores() []int {
	out := make([]int, len(g.players))
	for i := range g.players {
		out[i] = g.players[i].score
	}
	return out
}
