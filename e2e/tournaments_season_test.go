package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestLeagueNextSeasonFromThePage: a league of four plays its season (two groups of two, each its own
// division); its creator makes the next season from the finished league's page (a start time gone by,
// and the server's refusal once signed out, are said in words first), and once it starts its divisions are those promotion and relegation give
// (docs/tournaments.md): the lower group's winner up, the upper group's loser down. A reader whose clock
// runs three hours ahead still sees the time left to the start by the server's clock.
func TestLeagueNextSeasonFromThePage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 36)
	names := []string{"Ada", "Bea", "Cyd", "Dee"}
	ps := map[string]*player{}
	for _, n := range names {
		ps[n] = newPlayer(t, e.url, n)
	}
	var made struct{ ID string }
	ps["Ada"].must("POST", "/api/tournaments", map[string]any{"name": "Winter league", "game": "carcassonne", "format": "league", "group_size": 3,
		"clock": map[string]any{"mode": "move", "seconds": 86400}, "starts_at": time.Now().Add(time.Hour).Format(time.RFC3339)}, &made)
	id := made.ID
	for _, n := range names {
		ps[n].must("POST", "/api/tournaments/"+id+"/join", map[string]any{}, nil)
	}
	ps["Ada"].must("POST", "/api/tournaments/"+id+"/start", map[string]any{}, nil)
	type groupJSON struct {
		Group, Division int
		Standings       []struct{ Name string }
	}
	var st struct{ Groups []groupJSON }
	ps["Ada"].must("GET", "/api/tournaments/"+id+"/standings", nil, &st)
	if len(st.Groups) != 2 || st.Groups[0].Division == st.Groups[1].Division {
		t.Fatalf("four players in groups of at most three: %+v", st.Groups)
	}
	division := map[string]int{}
	for _, g := range st.Groups {
		for _, s := range g.Standings {
			division[s.Name] = g.Division
		}
	}
	// Each group's one game: the seat the test picks (the first name alphabetically) resigns, so the
	// other wins the group. The winner of division 2 goes up, the loser of division 1 down.
	want := map[string]int{}
	waitFor(t, "the games", func() bool { rs := ps["Ada"].rounds(id); return len(rs) == 1 && len(rs[0].Pairings) == 2 })
	for _, p := range ps["Ada"].rounds(id)[0].Pairings {
		a, b := p.Seats[0].Name, p.Seats[1].Name
		loser, winner := min(a, b), max(a, b)
		ps[loser].must("POST", "/api/matches/"+p.Match+"/resign", nil, nil)
		want[winner], want[loser] = division[winner], division[loser]
		if division[winner] == 2 {
			want[winner] = 1
		}
		if division[loser] == 1 {
			want[loser] = 2
		}
	}
	waitFor(t, "the season's end", func() bool { return ps["Ada"].tournament(id).Status == "finished" })

	// Bea, a player but not the creator, is offered no next season.
	ctx := browser(t, "en-US")
	bea := incognito(t, ctx)
	for who, c := range map[string]context.Context{"Ada": ctx, "Bea": bea} {
		run(t, c, chromedp.Navigate(e.url+"/"))
		waitJS(t, c, `!!document.querySelector('#sign-in')`)
		pageCall(t, c, "POST", "/api/account/signin", map[string]string{"name": who, "password": "correct horse"}, &struct{}{})
		run(t, c, chromedp.Navigate(e.url+"/t/"+id))
	}
	waitJS(t, bea, `!!document.querySelector('#tour-podium') && !document.querySelector('#tour-next-season')`)
	waitJS(t, ctx, `!!document.querySelector('#tour-next-season') && !!document.querySelector('#tour-podium')`)
	shot(t, ctx, "tour-season-end")
	phoneShot(t, ctx, "tour-season-end-phone", 1280, 1200)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#tour-next-start"), "2020-01-01T10:00"))
	click(t, ctx, "#tour-next-season")
	waitJS(t, ctx, `document.querySelector('#tour-error').textContent === "Give a start date and time to come."`)
	// In two and a half hours, to the minute, in the browser's own time zone.
	evalString(t, ctx, `(() => { const d = new Date(Date.now() + 150 * 60000); d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
		document.querySelector('#tour-next-start').value = d.toISOString().slice(0, 16); return ""; })()`)
	// Signed out meanwhile (in another tab, say): the server's refusal, in words.
	pageCall(t, ctx, "POST", "/api/account/signout", nil, &struct{}{})
	click(t, ctx, "#tour-next-season")
	waitJS(t, ctx, `document.querySelector('#tour-error').textContent === "You are not signed in, or this seat's key has ended."`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
	click(t, ctx, "#tour-next-season")
	waitJS(t, ctx, fmt.Sprintf(`location.pathname.startsWith("/t/") && location.pathname !== "/t/%s" && !!document.querySelector('#tour-start-now')`, id))
	next := evalString(t, ctx, `location.pathname.slice(3)`)
	if got := evalString(t, ctx, `document.querySelector('#tour-what').textContent`); got != "Carcassonne · Correspondence league · groups of 3 · season 2 · 1 day a move · casual" {
		t.Errorf("the next season reads %q", got)
	}
	if n := evalString(t, ctx, `String(document.querySelectorAll('#tour-players li[data-player]').length)`); n != "4" {
		t.Errorf("the next season has %s players, want the 4", n)
	}

	// A reader three hours ahead of the server: the countdown is the server's.
	ahead := incognito(t, ctx)
	if _, err := chromedp.Call(ahead, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: `Date.now = ((now) => () => now() + 3 * 3600e3)(Date.now);`}); err != nil {
		t.Fatal(err)
	}
	run(t, ahead, chromedp.Navigate(e.url+"/t/"+next))
	waitJS(t, ahead, `!!document.querySelector('#tour-countdown')?.textContent`)
	var obj struct {
		StartsAt time.Time `json:"starts_at"`
	}
	ps["Ada"].must("GET", "/api/tournaments/"+next, nil, &obj)
	left := time.Until(obj.StartsAt)
	said := func(d time.Duration) string {
		m := int(d.Round(time.Second).Seconds()) / 60
		return fmt.Sprintf("Starts in %d h %d min", m/60, m%60)
	}
	if got := evalString(t, ahead, `document.querySelector('#tour-countdown').textContent`); got != said(left) && got != said(left-time.Minute) {
		t.Errorf("three hours ahead, the countdown reads %q; the server's clock leaves %s", got, said(left))
	}

	// Started, the new season's divisions are promotion's and relegation's.
	click(t, ctx, "#tour-start-now")
	waitJS(t, ctx, `document.querySelectorAll('#tour-standings .tour-group').length === 2`)
	var shown []struct {
		Division string
		Players  []string
	}
	evalJSON(t, ctx, `JSON.stringify([...document.querySelectorAll('#tour-standings .tour-group')].map(g => ({division: g.dataset.division,
		players: [...g.querySelectorAll('tr[data-player]')].map(tr => tr.dataset.player)})))`, &shown)
	got := map[string]int{}
	for _, g := range shown {
		for _, n := range g.Players {
			got[n] = int(g.Division[0] - '0')
		}
	}
	for _, n := range names {
		if got[n] != want[n] {
			t.Errorf("%s shown in division %d of the next season, want %d (was %d): %+v", n, got[n], want[n], division[n], shown)
		}
	}

	// The finished season's page in French.
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, ctx, `!!document.querySelector('#tour-next-season')`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#lang"), "fr"))
	evalString(t, ctx, `document.querySelector('#lang').dispatchEvent(new Event('change')), ""`)
	waitJS(t, ctx, `document.querySelector('#tour-next-season')?.textContent === "Créer la saison suivante"`)
	shot(t, ctx, "tour-season-end-fr")
	phoneShot(t, ctx, "tour-season-end-phone-fr", 1280, 1200)
	// The season's end on the bell, headed by the league's name.
	click(t, ctx, "#bell")
	waitJS(t, ctx, `[...document.querySelectorAll('#notes-panel li.note a')].some(a => a.textContent.startsWith("Winter league · Votre tournoi de Carcassonne est terminé"))`)
	shot(t, ctx, "tour-season-note-fr")
	phoneShot(t, ctx, "tour-season-note-phone-fr", 1280, 1200)
}
