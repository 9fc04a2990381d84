package e2e

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// TestBrowserLiveStandings: the public standings page, open on a phone,
// follows the results without reloading itself (a mark set on the page
// stays): once board 1 is finished through the API, the page shows its
// three results, within the stream's half-second look plus a fetch. The
// wait is bounded at 15 s only so that a broken page fails; the time taken
// is logged.
func TestBrowserLiveStandings(t *testing.T) {
	b := newEnv(t, withBrowser())
	f := apitest.NewMitchell(b.Client, "Live on a phone", true)
	sid := strconv.FormatInt(f.Section.ID, 10)

	pub := b.phone("public")
	pub.open("/sections/" + sid + "/standings")
	pub.noError("open the standings")
	if note := pub.text("#refresh-note"); !strings.Contains(note, "(0 so far") {
		t.Fatalf("refresh note %q, want 0 results so far", note)
	}
	eval[bool](pub, "mark the page", `window.__stayed = true`)
	waitFor(t, pub, "the change stream connected", `document.documentElement.getAttribute("data-live-connected") === "true"`)

	start := time.Now()
	for _, l := range boardLines(f, 1) {
		b.want(201, nil, "POST", "/v1/sections/"+sid+"/results", directorToken, l)
	}
	waitFor(t, pub, "the page shows board 1's three results", `(document.querySelector("#refresh-note") || {}).textContent.includes("(3 so far")`)
	t.Logf("the public page showed the finished board %s after its last result", time.Since(start).Round(time.Millisecond))
	if !eval[bool](pub, "read the mark", `window.__stayed === true`) {
		t.Error("the page reloaded itself instead of updating in place")
	}
	pub.shot("live standings")
}

// waitFor polls a JavaScript condition on the tab every 100 ms, up to 15 s.
func waitFor(t *testing.T, tab *browserTab, what, cond string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !eval[bool](tab, what, cond) {
		if time.Now().After(deadline) {
			tab.fail(what, errors.New("not so after 15 s"))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestBrowserLiveRefusedFallsBack: a public standings page whose address
// already holds its bound of live streams (api.DefaultStreamsPerAddress,
// held here by the test from the browser's own address) is refused its
// stream with a 429 and falls back to reloading itself every 30 s, saying
// so (data-live-connected "false"), rather than waiting on a stream that
// EventSource will not try again.
func TestBrowserLiveRefusedFallsBack(t *testing.T) {
	b := newEnv(t, withBrowser())
	f := apitest.NewMitchell(b.Client, "Live refused", true)
	sid := strconv.FormatInt(f.Section.ID, 10)
	for i := range api.DefaultStreamsPerAddress {
		if r, _ := openStream(t, fromAddress("127.0.0.1"), b.url+"/sections/"+sid+"/live", ""); r.Status != 200 {
			t.Fatalf("stream %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	pub := b.phone("public")
	pub.open("/sections/" + sid + "/standings")
	pub.noError("open the standings")
	waitFor(t, pub, "the refused page falls back to reloading", `document.documentElement.getAttribute("data-live-connected") === "false"`)
}
