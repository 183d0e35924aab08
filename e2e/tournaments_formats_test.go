package e2e

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surveyor-game/surveyor/server"
)

// TestTournamentFormatsShown: the page of each other format as a player reads it, in French. A Swiss at
// tables of seven players seats them at a table of four and one of three, its standings counting place
// points and the games' own score; a league of six splits into two groups, each ranked apart; before a
// tournament with a check-in, the check-in button (and the refusal of a second join) come in words.
func TestTournamentFormatsShown(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 34)
	names := []string{"Ada", "Bea", "Cyd", "Dee", "Eve", "Fay", "Gus"}
	ps := map[string]*player{}
	for _, n := range names {
		ps[n] = newPlayer(t, e.url, n)
	}
	ctx := browser(t, "fr-FR")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
	create := func(body map[string]any, entrants []string) string {
		t.Helper()
		var made struct{ ID string }
		body["starts_at"] = time.Now().Add(time.Hour).Format(time.RFC3339)
		ps["Ada"].must("POST", "/api/tournaments", body, &made)
		for _, n := range entrants {
			ps[n].must("POST", "/api/tournaments/"+made.ID+"/join", map[string]any{}, nil)
		}
		return made.ID
	}

	// A Swiss at tables.
	id := create(map[string]any{"name": "Carcassonne du jeudi", "game": "carcassonne", "format": "tables", "clock": map[string]any{"mode": "game", "seconds": 1209600}, "rounds": 2,
		"seats": map[string]int{"min": 3, "max": 4}, "round_break_seconds": 0}, names)
	ps["Ada"].must("POST", "/api/tournaments/"+id+"/start", map[string]any{}, nil)
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, ctx, `document.querySelectorAll('#tour-rounds details[data-round="1"] li.pairing [data-game-link]').length === 2`)
	var sizes []int
	evalJSON(t, ctx, `JSON.stringify([...document.querySelectorAll('#tour-rounds details[data-round="1"] li.pairing')].map(li => li.querySelectorAll('[data-seat-name]').length))`, &sizes)
	slices.Sort(sizes)
	if !slices.Equal(sizes, []int{3, 4}) {
		t.Errorf("seven players at tables of 3 to 4 are shown at tables of %v, want 3 and 4", sizes)
	}
	var heads []string
	evalJSON(t, ctx, `JSON.stringify([...document.querySelectorAll('#tour-standings th')].map(th => th.textContent))`, &heads)
	if want := []string{"Rang#", "Joueur", "Points de place", "Score des parties", "Jouées"}; !slices.Equal(heads, want) {
		t.Errorf("the tables' standings columns %q, want %q", heads, want)
	}
	// Round 1 played out: the place points (one for each player finished ahead of, a half for each tie)
	// and the games' own scores, worked out here from the records, are those shown.
	rs := ps["Ada"].rounds(id)
	place, score := map[string]float64{}, map[string]float64{}
	for _, p := range rs[0].Pairings {
		at := map[string]*player{}
		for _, st := range p.Seats {
			at[st.Name] = ps[st.Name]
		}
		playOut(t, p.Match, at)
		names, ranks, scores := tableOutcome(t, ps["Ada"], p.Match)
		for i, n := range names {
			score[n] += float64(scores[i])
			for j := range names {
				switch {
				case j != i && ranks[i] < ranks[j]:
					place[n]++
				case j != i && ranks[i] == ranks[j]:
					place[n] += 0.5
				}
			}
		}
	}
	waitFor(t, "round 2", func() bool {
		rs = ps["Ada"].rounds(id)
		return len(rs) == 2 && !slices.ContainsFunc(rs[1].Pairings, func(p tourPairing) bool { return p.Match == "" })
	})
	waitJS(t, ctx, `[...document.querySelectorAll('#tour-standings td[data-col="games"]')].reduce((s, td) => s + Number(td.textContent), 0) === 7`)
	rows := shownStandings(t, ctx)
	for i, r := range rows {
		if r.Cells["points"] != fraction(place[r.Name]) || r.Cells["score"] != fmt.Sprint(score[r.Name]) {
			t.Errorf("%s shown with %s place points and a score of %s; the games give %s and %v", r.Name, r.Cells["points"], r.Cells["score"], fraction(place[r.Name]), score[r.Name])
		}
		if i > 0 {
			p := rows[i-1].Name
			if place[p] < place[r.Name] || (place[p] == place[r.Name] && score[p] < score[r.Name]) {
				t.Errorf("%s ranked above %s: %v/%v against %v/%v", p, r.Name, place[p], score[p], place[r.Name], score[r.Name])
			}
		}
	}
	for _, p := range rs[1].Pairings {
		if slices.ContainsFunc(p.Seats, func(s tourSeat) bool { return s.Name == "Ada" }) {
			waitJS(t, ctx, fmt.Sprintf(`document.querySelector('#tour-your-game')?.dataset.match === "%s"`, p.Match))
		}
	}
	shot(t, ctx, "tour-tables-fr")
	phoneShot(t, ctx, "tour-tables-phone-fr", 1280, 1200)
	// Withdrawing is asked first, in words; going back changes nothing; confirmed, her game is resigned.
	mine := evalString(t, ctx, `document.querySelector('#tour-your-game').dataset.match`)
	click(t, ctx, "#tour-withdraw")
	waitJS(t, ctx, `document.querySelector('#tour-sure p')?.textContent.startsWith("Vous ne serez plus apparié")`)
	click(t, ctx, "#tour-sure-no")
	waitJS(t, ctx, `!document.querySelector('#tour-sure') && !!document.querySelector('#tour-withdraw')`)
	click(t, ctx, "#tour-withdraw")
	shot(t, ctx, "tour-withdraw-fr")
	click(t, ctx, "#tour-sure-yes")
	waitJS(t, ctx, `!!document.querySelector('#tour-withdrawn') && !document.querySelector('#tour-your-game')`)
	var m struct {
		Match struct {
			Players []struct {
				Name     string `json:"name"`
				Resigned bool   `json:"resigned"`
			} `json:"players"`
		} `json:"match"`
	}
	ps["Bea"].must("GET", "/api/matches/"+mine, nil, &m)
	if !slices.ContainsFunc(m.Match.Players, func(p struct {
		Name     string `json:"name"`
		Resigned bool   `json:"resigned"`
	}) bool {
		return p.Name == "Ada" && p.Resigned
	}) {
		t.Errorf("after withdrawing, Ada's game %s: %+v", mine, m.Match.Players)
	}

	// A league of six in groups of three.
	id = create(map[string]any{"name": "Ligue d'hiver", "game": "carcassonne", "format": "league", "group_size": 3,
		"clock": map[string]any{"mode": "move", "seconds": 3 * 86400}}, names[:6])
	ps["Ada"].must("POST", "/api/tournaments/"+id+"/start", map[string]any{}, nil)
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, ctx, `document.querySelectorAll('#tour-standings .tour-group').length === 2`)
	var groups [][]string
	evalJSON(t, ctx, `JSON.stringify([...document.querySelectorAll('#tour-standings .tour-group')].map(g => [...g.querySelectorAll('tr[data-player]')].map(tr => tr.dataset.player)))`, &groups)
	seen := map[string]bool{}
	for _, g := range groups {
		if len(g) != 3 {
			t.Errorf("a group of %d shown: %v", len(g), groups)
		}
		for _, n := range g {
			seen[n] = true
		}
	}
	if len(seen) != 6 {
		t.Errorf("the groups shown hold %d players, want 6: %v", len(seen), groups)
	}
	if got := evalString(t, ctx, `document.querySelector('#tour-what').textContent`); got != "Carcassonne · Ligue par correspondance · groupes de 3 · 3\u00a0jours par coup · amical" {
		t.Errorf("the league reads %q", got)
	}
	noAxeViolations(t, ctx, "a league")
	shot(t, ctx, "tour-league-fr")
	phoneShot(t, ctx, "tour-league-phone-fr", 1280, 1200)

	// Upcoming, with a check-in open now.
	id = create(map[string]any{"name": "Soirée du mardi", "game": "carcassonne", "format": "swiss", "clock": map[string]any{"mode": "game", "seconds": 1209600}, "rounds": 3,
		"check_in_seconds": 7200}, []string{"Bea", "Cyd"})
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, ctx, `!!document.querySelector('#tour-join')`)
	if got := evalString(t, ctx, `document.querySelector('#tour-countdown').textContent`); got != "Début dans 1 h" && got != "Début dans 59 min" {
		t.Errorf("the countdown reads %q", got)
	}
	click(t, ctx, "#tour-join")
	click(t, ctx, "#tour-checkin")
	waitJS(t, ctx, `!!document.querySelector('#tour-checked') && document.querySelector('#tour-players li[data-player="Ada"]')?.textContent.includes("présent")`)
	code, out := ps["Ada"].do("POST", "/api/tournaments/"+id+"/join", map[string]any{})
	if code != 409 {
		t.Errorf("a second join: %d %s", code, out)
	}
	// A guest reads it and is asked to sign in to take part.
	guest := incognito(t, ctx)
	run(t, guest, chromedp.Navigate(e.url+"/t/"+id))
	waitJS(t, guest, `document.querySelector('#tour-sign-in-to-join')?.textContent === "Connectez-vous pour participer." && !document.querySelector('#tour-join')`)
	noAxeViolations(t, ctx, "an upcoming tournament")
	shot(t, ctx, "tour-upcoming-fr")
	phoneShot(t, ctx, "tour-upcoming-phone-fr", 1280, 1200)

	// Invite-only: the creator's page shows the link with its key; without it the tournament is hidden
	// (said in words), with it Bea joins from the page.
	var invited struct{ ID, Invite string }
	ps["Ada"].must("POST", "/api/tournaments", map[string]any{"name": "Club", "game": "carcassonne", "format": "swiss", "clock": map[string]any{"mode": "game", "seconds": 1209600}, "rounds": 2,
		"visibility": "invite", "starts_at": time.Now().Add(time.Hour).Format(time.RFC3339)}, &invited)
	run(t, ctx, chromedp.Navigate(e.url+"/t/"+invited.ID))
	waitJS(t, ctx, `!!document.querySelector('#tour-invite-link')`)
	link := evalString(t, ctx, `document.querySelector('#tour-invite-link').value`)
	if link != e.url+invited.Invite || !strings.Contains(link, "?key=") {
		t.Errorf("the invite link shown %q, the API's %q", link, invited.Invite)
	}
	bea := incognito(t, ctx)
	run(t, bea, chromedp.Navigate(e.url+"/"))
	waitJS(t, bea, `!!document.querySelector('#sign-in')`)
	pageCall(t, bea, "POST", "/api/account/signin", map[string]string{"name": "Bea", "password": "correct horse"}, &struct{}{})
	run(t, bea, chromedp.Navigate(e.url+"/t/"+invited.ID))
	waitJS(t, bea, `document.querySelector('#tour-head .error')?.textContent.startsWith("Aucun tournoi de ce nom")`)
	run(t, bea, chromedp.Navigate(link))
	waitJS(t, bea, `!!document.querySelector('#tour-join')`)
	click(t, bea, "#tour-join")
	waitJS(t, bea, `!!document.querySelector('#tour-leave') && !!document.querySelector('#tour-players li[data-player="Bea"]')`)
	// A member sees it without the key.
	run(t, bea, chromedp.Navigate(e.url+"/t/"+invited.ID))
	waitJS(t, bea, `!!document.querySelector('#tour-leave')`)

	// The list shows all three, each under its state.
	run(t, ctx, chromedp.Navigate(e.url+"/tournaments"))
	waitJS(t, ctx, fmt.Sprintf(`!!document.querySelector('#tour-upcoming li[data-tournament="%s"]') && document.querySelectorAll('#tour-running li[data-tournament]').length === 2 && !!document.querySelector('#tour-upcoming li[data-tournament="%s"]')`, id, invited.ID))
	shot(t, ctx, "tour-list-fr")
	phoneShot(t, ctx, "tour-list-phone-fr", 1280, 1200)

	// A practice tournament made from the form with bots welcome: the creator seats one, then calls the
	// tournament off (asked first).
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#tour-name"), "Entraînement"), chromedp.SetValue(chromedp.CSS("#tour-game"), "carcassonne"))
	evalString(t, ctx, `document.querySelector('#tour-game').dispatchEvent(new Event('change', {bubbles: true})), ""`)
	waitJS(t, ctx, `!document.querySelector('.tour-bots').hidden && document.querySelector('#tour-bot-level').options.length > 0`)
	click(t, ctx, "#tour-bots")
	waitJS(t, ctx, `!document.querySelector('.tour-bot-level').hidden`)
	click(t, ctx, "#tour-rated")
	waitJS(t, ctx, `document.querySelector('.tour-bots').hidden && !document.querySelector('#tour-bots').checked`)
	click(t, ctx, "#tour-rated")
	click(t, ctx, "#tour-bots")
	click(t, ctx, "#tour-submit")
	waitJS(t, ctx, `location.pathname.startsWith("/t/") && !!document.querySelector('#tour-add-bot')`)
	click(t, ctx, "#tour-add-bot")
	waitJS(t, ctx, `[...document.querySelectorAll('#tour-players li')].some(li => li.textContent.includes("(robot)"))`)
	click(t, ctx, "#tour-cancel")
	waitJS(t, ctx, `document.querySelector('#tour-sure h2')?.textContent === "Annuler le tournoi ?"`)
	click(t, ctx, "#tour-sure-yes")
	waitJS(t, ctx, `document.querySelector('#tour-status')?.textContent === "Annulé"`)

	// A server without accounts has no tournaments: the header does not offer them.
	bare := newEnvWith(t, 35, func(c *server.Config) { c.Accounts = nil })
	run(t, ctx, chromedp.Navigate(bare.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form') && !document.querySelector('#nav-tournaments')`)
}
