package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestLoadOverASlowLink opens a solo table over a link with 150 ms of latency each way and logs the time
// to an interactive sheet (docs/client.md keeps the figures; timing is logged, not asserted). It checks the
// table becomes playable and that the page preloaded its modules.
func TestLoadOverASlowLink(t *testing.T) {
	t.Parallel()
	e := newEnv(t, 3)
	id, token := e.startSolo("cartographers")
	ctx := browser(t, "en-US")
	holdSeat(t, ctx, e, id, token, "en")
	if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Latency: 150, DownloadThroughput: -1, UploadThroughput: -1}}}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.Navigate(e.url+"/m/"+id))
	waitJS(t, ctx, `performance.getEntriesByName("sheet-interactive").length > 0`)
	t.Logf("150 ms latency: page load to interactive sheet %s ms",
		evalString(t, ctx, `performance.getEntriesByName("sheet-interactive")[0].startTime.toFixed(0)`))
	if n := evalString(t, ctx, `String(document.querySelectorAll('link[rel=modulepreload]').length)`); n == "0" {
		t.Error("the page preloads no module")
	}
}
