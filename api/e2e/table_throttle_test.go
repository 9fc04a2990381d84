package e2e

import (
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// TestTablePageWrongTokensThrottled: a made-up token on the table page
// /t/<token> was not a failed sign-in, so one address could try tokens
// there at the per-address rate while the API's bearer header allowed it
// ten a minute (issue 14). Now SignInFailures unknown /t/ tokens hold the
// address back like as many bad bearer tokens: the next table page is 429
// with Retry-After, before its token is checked (a real table's link
// too), and so is the API with a token; another address is not held back.
func TestTablePageWrongTokensThrottled(t *testing.T) {
	const failures = 5
	e := newEnv(t, withAPI(api.Options{SignInFailures: failures, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}))
	f := apitest.NewMitchell(e.Client, "Table links", false)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)
	from := func(ip string) []string { return []string{"X-Forwarded-For", ip} }
	page := func(token, ip string) apitest.Reply {
		t.Helper()
		return e.do("GET", "/t/"+token, apitest.NoToken, nil, from(ip)...)
	}
	const player, neighbour = "203.0.113.7", "203.0.113.99"

	if r := page(tok[1], player); r.Status != http.StatusOK {
		t.Fatalf("table 1's own link: %d %.300s", r.Status, r.Body)
	}
	for i := range failures {
		if r := page(fmt.Sprintf("trv_t_made_up_%d", i), player); r.Status != http.StatusUnauthorized {
			t.Fatalf("made-up token %d: %d, want 401 %.300s", i, r.Status, r.Body)
		}
	}
	for what, r := range map[string]apitest.Reply{
		"another made-up token": page("trv_t_made_up_again", player),
		"table 1's own link":    page(tok[1], player),
		"the API with a token":  e.do("GET", "/v1/sections/"+id(f.Section.ID), tok[1], nil, from(player)...),
	} {
		if ra, err := strconv.Atoi(r.Header.Get("Retry-After")); r.Status != http.StatusTooManyRequests || err != nil || ra < 1 {
			t.Errorf("%s from the throttled address: %d, Retry-After %q; want 429 with Retry-After", what, r.Status, r.Header.Get("Retry-After"))
		}
	}
	if r := page(tok[1], neighbour); r.Status != http.StatusOK {
		t.Errorf("table 1's link from another address: %d, want 200", r.Status)
	}
	if r := page("trv_t_made_up_there", neighbour); r.Status != http.StatusUnauthorized {
		t.Errorf("a made-up token from another address: %d, want 401", r.Status)
	}
}
