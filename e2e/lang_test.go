package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLanguages: a French browser gets the French client; switching to Portuguese translates the lobby
// and, in a game, the scoring cards by their Portuguese rulebook names; the choice survives a reload.
func TestLanguages(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 5)
	var created struct {
		ID    string `json:"id"`
		Token string `json:"token"`
	}
	e.postJSON("/api/matches", "", map[string]any{"game": "cartographers", "name": "Ana", "max_seats": 1,
		"options": map[string]any{"edicts": []string{"Sentinel Wood", "Canal Lake", "Wildholds", "Borderlands"}}}, &created)
	e.postJSON("/api/matches/"+created.ID+"/start", created.Token, struct{}{}, nil)

	ctx := browser(t, "fr-FR")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form h2')`)
	if got := evalString(t, ctx, `document.querySelector('#create-form h2').textContent`); got != "Nouvelle partie" {
		t.Errorf("a French browser's lobby says %q, want Nouvelle partie", got)
	}
	if got := evalString(t, ctx, `document.documentElement.lang`); got != "fr" {
		t.Errorf("html lang %q, want fr", got)
	}
	switchTo := func(l string) {
		run(t, ctx, chromedp.SetValue(chromedp.CSS("#lang"), l))
		evalString(t, ctx, `document.querySelector('#lang').dispatchEvent(new Event('change')), ""`)
	}
	switchTo("pt")
	waitJS(t, ctx, `document.querySelector('#create-form h2').textContent === "Nova partida"`)
	screenshot(t, ctx, "lobby-pt")
	run(t, ctx, chromedp.Reload())
	waitJS(t, ctx, `!!document.querySelector('#create-form h2') && document.querySelector('#create-form h2').textContent === "Nova partida"`)

	// A spectator of the solo game sees the Portuguese card names and seasons.
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+created.ID))
	waitJS(t, ctx, `!!document.querySelector('#edicts')`)
	for _, want := range []string{"Bosque Sentinela", "Canal", "Vilarejos Selvagens", "Fronteiras",
		"Ganhe uma estrela de reputação por espaço de floresta adjacente à borda do mapa."} {
		if got := evalString(t, ctx, `document.querySelector('#edicts').textContent`); !strings.Contains(got, want) {
			t.Errorf("edicts %q lack %q", got, want)
		}
	}
	if got := evalString(t, ctx, `document.querySelector('#season-name').textContent`); got != "Primavera" {
		t.Errorf("season %q, want Primavera", got)
	}
	screenshot(t, ctx, "spectator-pt")
	switchTo("fr")
	// French names the scoring cards in French too (the French rulebook's English names are translated).
	waitJS(t, ctx, `!!document.querySelector('#edicts') && document.querySelector('#edicts').textContent.includes("Bois Sentinelle") && document.querySelector('#season-name').textContent === "Printemps"`)
	switchTo("en")
	waitJS(t, ctx, `!!document.querySelector('#season-name') && document.querySelector('#season-name').textContent === "Spring"`)
}

// TestEveryStringTranslated: every string of the English client has a French and a Portuguese version
// (a missing one would show the English, or the key, to a player who chose another language).
func TestEveryStringTranslated(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	ctx := browser(t, "en-US")
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#create-form')`)
	var got struct {
		English int
		Missing []string
	}
	evalJSON(t, ctx, `import("/js/i18n.js").then(m => {
		const { en, ...others } = m.languages;
		const missing = Object.entries(others).flatMap(([l, d]) => Object.keys(en).filter(k => !(k in d)).map(k => l + ":" + k));
		return JSON.stringify({ english: Object.keys(en).length, missing });
	})`, &got)
	if got.English < 100 || len(got.Missing) != 0 {
		t.Errorf("%d English strings; without a translation: %v", got.English, got.Missing)
	}
}
