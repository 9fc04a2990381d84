package e2e

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
)

// TestLogsKeepNoSecret: no token reaches a log line, under any path (issue
// 14 §1: a 404 under the old /table/<token> form logged the whole token) —
// nor from an Authorization header or a query string.
func TestLogsKeepNoSecret(t *testing.T) {
	var logs apitest.LockedBuffer
	e := newEnv(t, withAPI(api.Options{Logger: slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))}))
	f := apitest.NewMitchell(e.Client, "Logs", false)
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)[1]
	opaque := "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg"
	for _, p := range []string{
		"/table/" + tok, "/table/" + tok + "/results", "/t/" + tok, "/t/" + tok + "/nowhere",
		"/" + tok, "/v1/results/" + tok, "/table/" + opaque, "/nowhere/" + opaque,
		"/v1/events?token=" + tok, "/t/x?token=" + tok,
	} {
		e.do("GET", p, "", nil)
	}
	e.do("GET", "/v1/events", tok, nil)
	e.do("GET", "/v1/events", opaque, nil)
	e.do("GET", "/v1/events", "", nil, "Authorization", "Basic "+opaque)
	out := logs.String()
	if !strings.Contains(out, `/table/…`) {
		t.Errorf("the log does not show /table/… requests:\n%s", out)
	}
	for _, secret := range []string{tok, tok[4:], opaque} {
		if strings.Contains(out, secret) {
			t.Errorf("the log holds a secret %q:\n%s", secret, out)
		}
	}
}
