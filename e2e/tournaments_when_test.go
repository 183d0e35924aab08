package e2e

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestTournamentStartInThePageLanguage: the creation form's date picker writes the time as the browser's
// locale does (here en-US: 12/24/2026, 06:30 PM), whatever the page's language; beside it the chosen start
// is written out in the page's language, weekday and month in words, with the time zone it is in, so that
// a French or Portuguese page never leaves the day and the month to be guessed. A time past says so.
func TestTournamentStartInThePageLanguage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	newPlayer(t, e.url, "Ada")
	for _, c := range []struct{ lang, want, past string }{
		{"en", "Thursday, December 24, 2026 at 6:30 PM, in your time zone (Europe/Paris, GMT+1)", "already past: pick a time to come."},
		{"fr", "jeudi 24 décembre 2026 à 18:30, dans votre fuseau horaire (Europe/Paris, UTC+1)", "déjà passé : choisissez un moment à venir."},
		{"pt", "quinta-feira, 24 de dezembro de 2026 às 18:30, no seu fuso horário (Europe/Paris, GMT+1)", "já passou: escolha um momento futuro."},
	} {
		t.Run(c.lang, func(t *testing.T) {
			ctx := browser(t, "en-US")
			if _, err := chromedp.Call(ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: "Europe/Paris"}); err != nil {
				t.Fatal(err)
			}
			run(t, ctx, chromedp.EmulateViewport(1280, 900))
			run(t, ctx, chromedp.Navigate(e.url+"/"))
			waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
			evalString(t, ctx, `localStorage.setItem("surveyor.lang", "`+c.lang+`"), ""`)
			pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
			run(t, ctx, chromedp.Navigate(e.url+"/tournaments"))
			waitJS(t, ctx, `!!document.querySelector('#tour-start-said')`)
			run(t, ctx, chromedp.SetValue(chromedp.CSS("#tour-start"), "2026-12-24T18:30"))
			evalString(t, ctx, `document.querySelector('#tour-start').dispatchEvent(new Event('input', {bubbles: true})), ""`)
			said := strings.ReplaceAll(evalString(t, ctx, `document.querySelector('#tour-start-said').textContent`), "\u202f", " ")
			if said != c.want {
				t.Errorf("the start reads %q, want %q", said, c.want)
			}
			whenShot(t, ctx, "tour-start-"+c.lang)
			run(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
			if wide := evalString(t, ctx, `[...document.querySelectorAll('#tour-when *')].filter(e => e.getBoundingClientRect().right > 391).map(e => e.tagName + "#" + e.id).join(" ")`); wide != "" {
				t.Errorf("wider than a 390-px phone: %s", wide)
			}
			whenShot(t, ctx, "tour-start-"+c.lang+"-phone")
			run(t, ctx, chromedp.SetValue(chromedp.CSS("#tour-start"), "2020-01-02T08:00"))
			evalString(t, ctx, `document.querySelector('#tour-start').dispatchEvent(new Event('input', {bubbles: true})), ""`)
			// Said past, and what to do about it.
			if said := evalString(t, ctx, `document.querySelector('#tour-start-said').textContent`); !strings.HasSuffix(strings.ReplaceAll(said, "\u202f", " "), c.past) {
				t.Errorf("a start in 2020 reads %q, want it to end %q", said, c.past)
			}
		})
	}
}

// TestTournamentStartInUTCNamesTheZoneOnce: on a device whose zone is UTC the start's zone reads "(UTC)",
// not "(UTC, GMT+0)", the same said twice.
func TestTournamentStartInUTCNamesTheZoneOnce(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 1)
	newPlayer(t, e.url, "Ada")
	ctx := browser(t, "en-US")
	if _, err := chromedp.Call(ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: "UTC"}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.Navigate(e.url+"/"))
	waitJS(t, ctx, `!!document.querySelector('#sign-in')`)
	pageCall(t, ctx, "POST", "/api/account/signin", map[string]string{"name": "Ada", "password": "correct horse"}, &struct{}{})
	run(t, ctx, chromedp.Navigate(e.url+"/tournaments"))
	waitJS(t, ctx, `!!document.querySelector('#tour-start-said')`)
	run(t, ctx, chromedp.SetValue(chromedp.CSS("#tour-start"), "2026-12-24T18:30"))
	evalString(t, ctx, `document.querySelector('#tour-start').dispatchEvent(new Event('input', {bubbles: true})), ""`)
	if said := evalString(t, ctx, `document.querySelector('#tour-start-said').textContent`); !strings.HasSuffix(said, "in your time zone (UTC)") {
		t.Errorf("the start reads %q, want the zone named once: (UTC)", said)
	}
}

// whenShot saves the form's "when" part, scrolled into view, as the page shows it (SURVEYOR_SHOTS).
func whenShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("SURVEYOR_SHOTS")
	if dir == "" {
		return
	}
	evalString(t, ctx, `document.querySelector('#tour-when').scrollIntoView({block: "center"}), ""`)
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}
