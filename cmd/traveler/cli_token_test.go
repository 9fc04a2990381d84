package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// TestCLITokens: `traveler token create --expires` prints a secret once
// and the token expires then; `token list --format json` prints the API's
// token listing (no secret); `token revoke ID` ends it; bad arguments exit
// 2 naming what was wrong.
func TestCLITokens(t *testing.T) {
	u := dbtest.URL(t)
	code, stdout, stderr := cliRun(t, "token", "create", "--name", "scorer", "--expires", "24h", "--database-url", u)
	secret := strings.TrimSpace(stdout)
	if code != 0 || !strings.HasPrefix(secret, "trv_d_") || !strings.Contains(stderr, "until ") {
		t.Fatalf("create: %d %q %q", code, stdout, stderr)
	}
	list := func() []api.TokenInfoResponse {
		t.Helper()
		code, stdout, stderr := cliRun(t, "token", "list", "--format", "json", "--database-url", u)
		var out []api.TokenInfoResponse
		if code != 0 || json.Unmarshal([]byte(stdout), &out) != nil || strings.Contains(stdout, secret) {
			t.Fatalf("list: %d %q %q", code, stdout, stderr)
		}
		return out
	}
	ts := list()
	if len(ts) != 1 || ts[0].Name != "scorer" || ts[0].State != "active" {
		t.Fatalf("listed %+v", ts)
	}
	if d := time.Until(ts[0].ExpiresAt); d < 23*time.Hour || d > 24*time.Hour {
		t.Errorf("made for 24h, expires in %s", d)
	}
	// the last working director token is kept
	if code, _, stderr := cliRun(t, "token", "revoke", id(ts[0].ID), "--database-url", u); code != 1 || !strings.Contains(stderr, "last working director token") {
		t.Errorf("revoking the last: %d %q", code, stderr)
	}
	if code, _, _ := cliRun(t, "token", "create", "--database-url", u); code != 0 {
		t.Fatal("a second token")
	}
	if code, _, stderr := cliRun(t, "token", "revoke", id(ts[0].ID), "--database-url", u); code != 0 || !strings.Contains(stderr, "revoked") {
		t.Fatalf("revoke: %d %q", code, stderr)
	}
	if ts := list(); ts[len(ts)-1].State != "revoked" {
		t.Errorf("after revoke: %+v", ts)
	}
	if code, stdout, _ := cliRun(t, "token", "list", "--database-url", u); code != 0 || !strings.Contains(stdout, "STATE") || !strings.Contains(stdout, "revoked") {
		t.Errorf("list as a table: %d %q", code, stdout)
	}
	for _, bad := range [][]string{
		{"token", "revoke", "x"},
		{"token", "revoke"},
		{"token", "delete"},
		{"token", "create", "--expires", "9000h"},
		{"token", "list", "--format", "xml"},
	} {
		if code, _, stderr := cliRun(t, append(bad, "--database-url", u)...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d %q, want 2 with a reason", bad, code, stderr)
		}
	}
}
