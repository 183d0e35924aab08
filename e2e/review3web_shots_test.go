package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestReview3WebShots takes, when SURVEYOR_SHOTS names a directory, every screen of the client in English,
// French and Portuguese, at 1280x900 and on a phone (390x844): the review's pictures to look at.
func TestReview3WebShots(t *testing.T) {
	if os.Getenv("SURVEYOR_SHOTS") == "" {
		t.Skip("SURVEYOR_SHOTS unset: the screenshots are for a person to look at")
	}
	t.Parallel()
	e := newEnvWith(t, 7, cheapAnalysis)
	ps := map[string]*player{}
	for _, n := range []string{"Ada", "Bea", "Cyd", "Dee"} {
		ps[n] = newPlayer(t, e.url, n)
	}
	ada, bea := ps["Ada"], ps["Bea"]
	type created struct {
		ID, Token, Invite string
		Seat              int
	}
	two := func(body map[string]any) created {
		var m created
		ada.must("POST", "/api/matches", body, &m)
		bea.must("POST", "/api/matches/"+m.ID+"/join", map[string]any{"name": "Bea"}, nil)
		ada.must("POST", "/api/matches/"+m.ID+"/start", map[string]any{}, nil)
		return m
	}
	carto := two(map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 2})
	playUpTo(t, carto.ID, map[string]*player{"Ada": ada, "Bea": bea}, 13)
	carc := two(map[string]any{"game": "carcassonne", "name": "Ada", "max_seats": 2, "options": map[string]any{"surveyors": true,
		"expansions": []string{"river", "abbot", "inns_cathedrals", "traders_builders", "mage_witch"}}})
	playUpTo(t, carc.ID, map[string]*player{"Ada": ada, "Bea": bea}, 30)
	carcEnd := two(map[string]any{"game": "carcassonne", "name": "Ada", "max_seats": 2, "options": map[string]any{"surveyors": true}})
	playOut(t, carcEnd.ID, map[string]*player{"Ada": ada, "Bea": bea})
	var solo created
	ada.must("POST", "/api/matches", map[string]any{"game": "cartographers", "name": "Ada", "max_seats": 1}, &solo)
	ada.must("POST", "/api/matches/"+solo.ID+"/start", map[string]any{}, nil)
	playOut(t, solo.ID, map[string]*player{"Ada": ada})
	ada.do("POST", "/api/matches/"+solo.ID+"/analysis", nil)
	waitFor(t, "the analysis", func() bool {
		var a struct{ Status string }
		ada.must("GET", "/api/matches/"+solo.ID+"/analysis", nil, &a)
		return a.Status == "done"
	})
	var wait created
	ada.must("POST", "/api/matches", map[string]any{"game": "carcassonne", "name": "Ada", "max_seats": 3}, &wait)
	bea.must("POST", "/api/matches/"+wait.ID+"/join", map[string]any{"name": "Bea"}, nil)
	// A note for Ada's bell: Bea invites her to a table.
	var inv created
	bea.must("POST", "/api/matches", map[string]any{"game": "cartographers", "name": "Bea", "max_seats": 2}, &inv)
	bea.do("POST", "/api/matches/"+inv.ID+"/invite", map[string]any{"name": "Ada"})
	// A challenge played and ranked.
	var chs struct {
		Challenges []struct{ ID, Game string } `json:"challenges"`
	}
	ada.must("GET", "/api/challenges", nil, &chs)
	chID := chs.Challenges[0].ID
	var att created
	ada.must("POST", "/api/challenges/"+chID+"/attempts", map[string]any{}, &att)
	playOut(t, att.ID, map[string]*player{"Ada": ada})
	// A Swiss of four, started.
	var tour struct{ ID string }
	ada.must("POST", "/api/tournaments", map[string]any{"name": "Tuesday night Swiss", "game": "carcassonne", "format": "swiss",
		"rounds": 3, "starts_at": time.Now().Add(time.Hour).UTC().Format(time.RFC3339), "round_break_seconds": 0}, &tour)
	for _, n := range []string{"Ada", "Bea", "Cyd", "Dee"} {
		ps[n].must("POST", "/api/tournaments/"+tour.ID+"/join", map[string]any{}, nil)
	}
	ada.must("POST", "/api/tournaments/"+tour.ID+"/start", map[string]any{}, nil)
	var up struct{ ID string }
	ada.must("POST", "/api/tournaments", map[string]any{"name": "Cartographes du dimanche", "game": "cartographers", "format": "arena",
		"duration_seconds": 3600, "starts_at": time.Now().Add(26 * time.Hour).UTC().Format(time.RFC3339)}, &up)

	seats := map[string]created{carto.ID: carto, carc.ID: carc, carcEnd.ID: carcEnd, solo.ID: solo, wait.ID: wait, att.ID: att}
	screens := []struct{ name, path, ready, do string }{
		{"lobby", "/", `!!document.querySelector('#create-form')`, ""},
		{"create-others", "/", `!!document.querySelector('#create-form')`, `document.querySelector('#mode-others').click()`},
		{"waiting", "/m/" + wait.ID, `document.querySelectorAll('#screen button').length > 0`, ""},
		{"carto-mid", "/m/" + carto.ID, `!!document.querySelector('#main-sheet')`, ""},
		{"carc-mid", "/m/" + carc.ID, `!!document.querySelector('#board, .carc-board, svg')`, ""},
		{"carc-end", "/m/" + carcEnd.ID, `!!document.querySelector('#screen svg')`, ""},
		{"solo-end", "/m/" + solo.ID, `!!document.querySelector('#main-sheet')`, ""},
		{"replay-analysis", "/m/" + solo.ID + "/replay", `!!document.querySelector('#analysis .an-lens, #analyse')`, `document.querySelector('#analyse')?.click()`},
		{"challenge", "/challenge/" + chID, `document.querySelectorAll('#screen table, #screen li').length > 0`, ""},
		{"leaderboard", "/leaderboard/carcassonne", `document.querySelector('#screen').innerText.length > 20`, ""},
		{"tournaments", "/tournaments", `!!document.querySelector('#tour-form')`, ""},
		{"tournament", "/t/" + tour.ID, `!!document.querySelector('#tour-status')`, ""},
		{"tournament-upcoming", "/t/" + up.ID, `!!document.querySelector('#tour-status')`, ""},
		{"profile", "/u/Ada", `document.querySelector('#screen').innerText.length > 20`, ""},
		{"settings", "/settings", `document.querySelector('#screen').innerText.length > 20`, ""},
		{"inbox", "/", `!!document.querySelector('#bell')`, `document.querySelector('#bell').click()`},
	}
	for _, lang := range []string{"en-US", "fr-FR", "pt-BR"} {
		ctx := browser(t, lang)
		run(t, ctx, chromedp.Navigate(e.url+"/"))
		waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
		pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
		for id, m := range seats {
			b, _ := json.Marshal(map[string]any{"token": m.Token, "seat": m.Seat})
			evalString(t, ctx, fmt.Sprintf(`localStorage.setItem("surveyor.seat.%s", %q), ""`, id, b))
		}
		for _, s := range screens {
			for _, size := range []struct {
				tag  string
				w, h int64
			}{{"desk", 1280, 900}, {"phone", 390, 844}} {
				if size.tag == "phone" {
					run(t, ctx, chromedp.EmulateViewport(size.w, size.h, chromedp.EmulateScale(2), chromedp.EmulateMobile))
				} else {
					run(t, ctx, chromedp.EmulateViewport(size.w, size.h))
				}
				run(t, ctx, chromedp.Navigate(e.url+s.path))
				waitJS(t, ctx, s.ready)
				if s.do != "" {
					evalString(t, ctx, s.do+`, ""`)
				}
				if s.name == "replay-analysis" {
					waitJS(t, ctx, `!!document.querySelector('#analysis .an-lens')`)
				}
				time.Sleep(400 * time.Millisecond)
				var diag []string
				evalJSON(t, ctx, reviewDiag, &diag)
				for _, d := range diag {
					// A raw key or a null on the page is a defect; the rest is for the person looking.
					if strings.HasPrefix(d, "raw text: ") {
						t.Errorf("%s %s %s: %s", s.name, lang[:2], size.tag, d)
					} else {
						t.Logf("%s %s %s: %s", s.name, lang[:2], size.tag, d)
					}
				}
				shot(t, ctx, fmt.Sprintf("%s-%s-%s", s.name, lang[:2], size.tag))
				// The page's words beside its picture, to compare the languages' (words left in English).
				text := evalString(t, ctx, `document.body.innerText + "\n" + [...document.querySelectorAll("[title],[aria-label],[placeholder]")].map(e => [e.title, e.getAttribute("aria-label"), e.placeholder].filter(Boolean).join("\n")).join("\n")`)
				if err := os.WriteFile(filepath.Join(os.Getenv("SURVEYOR_SHOTS"), fmt.Sprintf("%s-%s-%s.txt", s.name, lang[:2], size.tag)), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// reviewDiag lists what a person would trip on: elements reaching past the screen's right edge (the
// innermost), controls smaller than 40 px either way, and text that looks like a raw key.
const reviewDiag = `(() => {
  const out = [], W = document.documentElement.clientWidth;
  const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && typeof e.className === "string" ? "." + e.className.trim().split(/\s+/).join(".") : "");
  for (const e of document.querySelectorAll("body *")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > W + 1 && ![...e.children].some(c => c.getBoundingClientRect().right > W + 1)) out.push("past the edge: " + name(e) + " right " + Math.round(r.right) + " " + JSON.stringify((e.textContent || "").trim().slice(0, 40)));
  }
  if (W < 500) for (const e of document.querySelectorAll("button, a[href], select, input:not([type=hidden]), summary, [role=button], [tabindex]")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (e.closest("svg")) continue;
    if (r.height < 40 || r.width < 40) out.push("small target " + Math.round(r.width) + "x" + Math.round(r.height) + ": " + name(e) + " " + JSON.stringify((e.textContent || e.value || e.getAttribute("aria-label") || "").trim().slice(0, 30)));
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n; (n = walker.nextNode());) {
    const s = n.textContent.trim();
    if (/^[a-z]+[A-Z][A-Za-z]+$/.test(s) || /\b(undefined|null|NaN)\b/.test(s)) out.push("raw text: " + JSON.stringify(s.slice(0, 60)));
  }
  return JSON.stringify(out);
})()`
