// Package rating rates players from the results of free-for-all games, from two players (Carcassonne)
// to a hundred (a large Cartographers table), with the Weng-Lin Bayesian approximation (Weng and Lin,
// "A Bayesian Approximation Method for Online Ranking", JMLR 12, 2011) under the Plackett-Luce model,
// the model OpenSkill uses by default.
//
// The story of the model. A player's skill is unknown; the package keeps a belief about it, a normal
// distribution with mean Mu and standard deviation Sigma. A new player starts at Mu 25, Sigma 25/3: we
// know little. In a game each player performs at their skill plus noise (Beta), and the finishing order
// is read as a Plackett-Luce ranking: the winner is drawn from everyone with probability proportional to
// exp(skill/c), second place from those left, and so on. After the game the belief is moved towards
// what the result suggests, by one analytic step (no iteration, no numerical integration): beating
// players you were expected to lose to moves Mu a lot, beating the expected losers moves it a little,
// and every game shrinks Sigma, because each result is more evidence. Players who finish level share
// their places (a tie). Before each game Sigma is widened a little by Tau, because skill drifts over
// time; without it Sigma would shrink towards zero and ratings would freeze.
//
// What to show players is the Ordinal, Mu - 3*Sigma: three deviations below the mean, a skill the
// player has at least with probability about 99.87% under the belief. It rises as Sigma shrinks, so new players start at 0 and climb by playing. A rating is
// Provisional while Sigma is still large (see ProvisionalSigma).
//
// docs/ratings.md has the formulas exactly as implemented.
package rating
