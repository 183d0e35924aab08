package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLobbyShowsTheGames: the lobby shows each game with a picture of its table and two one-click ways in:
// "Play now" starts a solo Cartographers game, or a Carcassonne game against a bot; "Invite a friend"
// opens a table for two whose link is there to share.
func TestLobbyShowsTheGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `document.querySelectorAll('#play-now .game-card').length === 2`)
	for _, g := range []string{"cartographers", "carcassonne"} {
		if n := evalString(t, ctx, `String(document.querySelectorAll('#play-now .game-card[data-game="`+g+`"] .poster-box svg .cell, #play-now .game-card[data-game="`+g+`"] .poster-box svg .ctile').length)`); n == "0" {
			t.Errorf("the %s card has no picture of its table", g)
		}
	}
	shot(t, ctx, "lobby-games")
	phoneShot(t, ctx, "lobby-games-phone", 1280, 1200)

	var st matchState
	click(t, ctx, `[data-play-now="cartographers"]`)
	waitJS(t, ctx, `!!document.querySelector('#main-sheet[data-ready]')`)
	e.getJSON("/api/matches/"+matchID(t, ctx), "", &st)
	if len(st.Match.Players) != 1 {
		t.Errorf("Play now for Cartographers seats %d players, want a solo game", len(st.Match.Players))
	}

	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('[data-play-now="carcassonne"]')`)
	click(t, ctx, `[data-play-now="carcassonne"]`)
	waitJS(t, ctx, `!!document.querySelector('#carc-board[data-ready]')`)
	e.getJSON("/api/matches/"+matchID(t, ctx), "", &st)
	if len(st.Match.Players) != 2 || st.Match.Players[1].Bot == "" {
		t.Errorf("Play now for Carcassonne seats %+v, want the player and a bot", st.Match.Players)
	}

	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('[data-invite-friend="carcassonne"]')`)
	click(t, ctx, `[data-invite-friend="carcassonne"]`)
	waitJS(t, ctx, `!!document.querySelector('#invite-link')`)
	e.getJSON("/api/matches/"+matchID(t, ctx), "", &st)
	if len(st.Match.Players) != 1 || st.Match.Moves != 0 {
		t.Errorf("Invite a friend made %+v, want a table waiting for the friend", st.Match)
	}
}
