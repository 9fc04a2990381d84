package e2e

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db/dbtest"
	"github.com/traveler-bridge/traveler/tournament"
)

// rfc3339 is t as the API takes it.
func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// TestAPITokensLifecycle: table tokens expire when the director says,
// making a table's links again revokes its old token at once (even one this
// process has just let in), tokens are listed by state without their
// secrets, their expiry is changed and bounded, revoking one or a
// section's all ends them at once, and deleting a section ends its
// tables' tokens.
func TestAPITokensLifecycle(t *testing.T) {
	e := newEnv(t, withAPI(api.Options{SignInFailures: 1 << 20}))
	f := apitest.NewMitchell(e.Client, "Tokens", true)
	sec := "/v1/sections/" + id(f.Section.ID)
	results := sec + "/results"
	read := func(token string) int { return e.do("GET", results, token, nil).Status }

	in2h := time.Now().Add(2 * time.Hour).Truncate(time.Second)
	var first []api.TokenResponse
	e.want(201, &first, "POST", sec+"/tokens", directorToken, map[string]any{"tables": []int{1, 2, 3}, "expires_at": rfc3339(in2h)})
	for _, tk := range first {
		if !tk.ExpiresAt.Equal(in2h) || tk.Role != "table" || !strings.HasSuffix(tk.URL, "/t/"+tk.Token) {
			t.Errorf("issued %+v, want a table token expiring at %s with its link", tk, in2h)
		}
	}
	if st := read(first[0].Token); st != 200 {
		t.Fatalf("table 1 reads its section: %d", st)
	}
	var again []api.TokenResponse
	e.want(201, &again, "POST", sec+"/tokens", directorToken, `{"tables": [1]}`)
	if d := time.Until(again[0].ExpiresAt); d < tournament.DefaultTableTokenLife-time.Minute || d > tournament.DefaultTableTokenLife {
		t.Errorf("a link made without an expiry expires in %s, want %s", d, tournament.DefaultTableTokenLife)
	}
	if st := read(first[0].Token); st != http.StatusUnauthorized {
		t.Errorf("table 1's old token after its link was made again: %d, want 401", st)
	}
	if st := read(again[0].Token); st != 200 {
		t.Errorf("table 1's new token: %d", st)
	}

	var listed []api.TokenInfoResponse
	e.want(200, &listed, "GET", sec+"/tokens", directorToken, nil)
	states := map[string]int{}
	for _, tk := range listed {
		states[tk.State]++
	}
	if len(listed) != 4 || states["active"] != 3 || states["revoked"] != 1 {
		t.Errorf("section's tokens %+v, want 3 active and 1 revoked", listed)
	}
	if body := e.do("GET", sec+"/tokens", directorToken, nil).Body; strings.Contains(string(body), first[1].Token) {
		t.Error("the list holds a secret")
	}
	e.want(200, &listed, "GET", sec+"/tokens?state=revoked", directorToken, nil)
	if len(listed) != 1 || listed[0].ID != first[0].ID || listed[0].RevokedAt.IsZero() {
		t.Errorf("revoked: %+v, want table 1's first token", listed)
	}
	e.want(200, &listed, "GET", "/v1/tokens?role=table&state=active&limit=2", directorToken, nil)
	if len(listed) != 2 {
		t.Errorf("limit=2: %d tokens", len(listed))
	}
	// the limit counts tokens of the state asked for: the newest token is
	// active, the one revoked older
	e.want(200, &listed, "GET", "/v1/tokens?state=revoked&limit=1", directorToken, nil)
	if len(listed) != 1 || listed[0].ID != first[0].ID {
		t.Errorf("state=revoked&limit=1: %+v, want table 1's first token", listed)
	}

	// Refusals name the field.
	for _, c := range []struct {
		method, path string
		body         any
		status       int
		field        string
	}{
		{"POST", sec + "/tokens", `{"expires_at": "tomorrow"}`, 400, "expires_at"},
		{"POST", sec + "/tokens", map[string]any{"expires_at": rfc3339(time.Now().Add(-time.Hour))}, 422, "expires_at"},
		{"POST", sec + "/tokens", map[string]any{"expires_at": rfc3339(time.Now().Add(400 * 24 * time.Hour))}, 422, "expires_at"},
		{"POST", sec + "/tokens", `{"tables": [2, 2]}`, 422, "tables[1]"},
		{"POST", sec + "/tokens", `{"tables": [9]}`, 422, "tables[0]"},
		{"GET", "/v1/tokens?limit=0", nil, 400, "limit"},
		{"GET", "/v1/tokens?state=lost", nil, 422, "state"},
		{"GET", "/v1/tokens?colour=red", nil, 400, "colour"},
		{"PATCH", "/v1/tokens/" + id(first[1].ID), `{}`, 400, "expires_at"},
		{"PATCH", "/v1/tokens/" + id(first[1].ID), `{"expires_at": null}`, 422, "expires_at"}, // a table's link always ends
		{"PATCH", "/v1/tokens/" + id(first[0].ID), map[string]any{"expires_at": rfc3339(in2h)}, 409, "expires_at"},
		{"POST", "/v1/tokens", map[string]any{"name": strings.Repeat("n", 201)}, 422, "name"},
	} {
		got := e.do(c.method, c.path, directorToken, c.body)
		if got.Status != c.status || !strings.Contains(string(got.Body), `"field":"`+c.field+`"`) {
			t.Errorf("%s %s %v: %d %s, want %d naming %s", c.method, c.path, c.body, got.Status, got.Body, c.status, c.field)
		}
	}

	// A director token made, given an expiry, then none.
	var assistant api.TokenResponse
	e.want(201, &assistant, "POST", "/v1/tokens", directorToken, `{"name": "assistant"}`)
	if assistant.Role != "director" || assistant.URL != "" || !assistant.ExpiresAt.IsZero() {
		t.Errorf("director token %+v", assistant)
	}
	var info api.TokenInfoResponse
	in1d := time.Now().Add(24 * time.Hour).Truncate(time.Second)
	e.want(200, &info, "PATCH", "/v1/tokens/"+id(assistant.ID), directorToken, map[string]any{"expires_at": rfc3339(in1d)})
	if !info.ExpiresAt.Equal(in1d) || info.State != "active" {
		t.Errorf("after PATCH: %+v", info)
	}
	var never api.TokenInfoResponse
	e.want(200, &never, "PATCH", "/v1/tokens/"+id(assistant.ID), directorToken, `{"expires_at": null}`)
	if !never.ExpiresAt.IsZero() {
		t.Errorf("after PATCH null: %+v", never)
	}
	if st := read(assistant.Token); st != 200 {
		t.Errorf("the assistant's token: %d", st)
	}

	// Revoking one ends it at once, though it was just let in.
	if st := read(first[1].Token); st != 200 {
		t.Fatalf("table 2: %d", st)
	}
	e.want(200, &info, "DELETE", "/v1/tokens/"+id(first[1].ID), directorToken, nil)
	if info.State != "revoked" {
		t.Errorf("DELETE answered %+v", info)
	}
	if st := read(first[1].Token); st != http.StatusUnauthorized {
		t.Errorf("table 2 after its token was revoked: %d, want 401", st)
	}
	e.want(200, &info, "DELETE", "/v1/tokens/"+id(first[1].ID), directorToken, nil) // again: nothing changes
	e.want(404, nil, "DELETE", "/v1/tokens/999999", directorToken, nil)

	// Revoking a section's tokens ends them all.
	var revoked api.TokensRevokedResponse
	e.want(200, &revoked, "DELETE", sec+"/tokens", directorToken, nil)
	if revoked.Revoked != 2 { // table 1's new token and table 3's
		t.Errorf("revoked %d, want 2", revoked.Revoked)
	}
	for _, tk := range []string{again[0].Token, first[2].Token} {
		if st := read(tk); st != http.StatusUnauthorized {
			t.Errorf("a token of the section after revoking them all: %d", st)
		}
	}

	// Deleting a section ends its tables' tokens, though just let in.
	fresh := apitest.IssueTokens(e.Client, f.Section.ID, 1)[1]
	if st := read(fresh); st != 200 {
		t.Fatalf("fresh token: %d", st)
	}
	e.want(204, nil, "DELETE", sec, directorToken, nil)
	if got := e.do("GET", "/v1/events", fresh, nil); got.Status != http.StatusUnauthorized || !strings.Contains(string(got.Body), "revoked") {
		t.Errorf("a deleted section's token: %d %s, want 401 saying it was revoked", got.Status, got.Body)
	}
}

// TestLastDirectorTokenKept: with no director token configured, the last
// working stored one cannot be revoked (the service would have no
// director); once another exists it can.
func TestLastDirectorTokenKept(t *testing.T) {
	ctx := context.Background()
	c := newEnv(t, withoutDirectorToken(), withAPI(api.Options{Logger: slog.New(slog.DiscardHandler)}))
	first, err := c.svc.CreateDirectorToken(ctx, tournament.Director, "first", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	got := c.Do("DELETE", "/v1/tokens/"+id(first.Token.ID), first.Secret, nil)
	if got.Status != http.StatusConflict || !strings.Contains(string(got.Body), "last working director token") {
		t.Fatalf("revoking the last director token: %d %s, want 409", got.Status, got.Body)
	}
	var second api.TokenResponse
	c.Want(201, &second, "POST", "/v1/tokens", first.Secret, `{"name": "second"}`)
	c.Want(200, nil, "DELETE", "/v1/tokens/"+id(first.Token.ID), second.Token, nil)
	if got := c.Do("GET", "/v1/tokens", first.Secret, nil); got.Status != http.StatusUnauthorized {
		t.Errorf("the revoked first token: %d", got.Status)
	}
}

// TestRevocationReachesEveryProcess: two servers on one database; a token
// revoked through one is refused by the other at once, through the change
// notice, though the other had just let it in.
func TestRevocationReachesEveryProcess(t *testing.T) {
	u := dbtest.URL(t)
	one, two := newEnv(t, withDatabase(u), withListen()), newEnv(t, withDatabase(u), withListen())
	var tk api.TokenResponse
	one.Want(201, &tk, "POST", "/v1/tokens", directorToken, `{"name": "roaming"}`)
	two.Want(200, nil, "GET", "/v1/tokens", tk.Token, nil)
	start := time.Now()
	one.Want(200, nil, "DELETE", "/v1/tokens/"+id(tk.ID), directorToken, nil)
	for two.Do("GET", "/v1/tokens", tk.Token, nil).Status != http.StatusUnauthorized {
		if time.Since(start) > 7*time.Second {
			t.Fatal("the other server still lets the revoked token in after 7 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("the other server refused the revoked token after %s", time.Since(start).Round(time.Millisecond))
}
