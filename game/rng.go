package game

import "math/rand/v2"

// RNG is the only source of randomness in the engines. It wraps PCG (whose output is fixed by its
// specification) and implements the derived operations itself, so that a seed yields the same game on
// every Go version and platform; library helpers such as rand.Shuffle carry no such promise.
type RNG struct{ pcg rand.PCG }

// NewRNG returns a generator for a seed. The stream argument separates independent uses of one seed.
func NewRNG(seed, stream uint64) *RNG {
	r := &RNG{}
	r.pcg.Seed(seed, stream^0x9e3779b97f4a7c15)
	return r
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform integer in [0, n); n must be positive. Rejection sampling removes modulo bias.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		panic("game.RNG.IntN: n must be positive")
	}
	un := uint64(n)
	v := r.pcg.Uint64()
	// The rejection limit is never below 2⁶⁴-n: a draw up to that is accepted without working the limit
	// out (a 64-bit division), which nearly every draw is. The results are the same as the loop's.
	if v <= -un {
		return int(v % un)
	}
	limit := ^uint64(0) - (^uint64(0)%un+1)%un
	for ; v > limit; v = r.pcg.Uint64() {
	}
	return int(v % un)
}

// Shuffle permutes n items with the Fisher-Yates algorithm, from the last position down.
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// ShuffleSlice permutes xs exactly as r.Shuffle(len(xs), swap) would, without a call of a swap function
// for each item (a game's deck is shuffled a hundred items at a time, in every game a bot or a
// benchmark plays).
func ShuffleSlice[T any](r *RNG, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}
