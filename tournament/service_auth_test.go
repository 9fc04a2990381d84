package tournament_test

// Authentication (Authenticate): the configured director token, a stored
// director token and a table's token each become their actor; an unknown,
// revoked or expired token is refused as unauthorized on the Authorization
// field, at once, though the same token was just let in (the cache of
// actors hears revocations made through this Service).

import (
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/tournamenttest"
)

// wantRefused checks that secret is refused as unauthorized with a message
// holding says.
func wantRefused(t *testing.T, b *tournamenttest.Builder, secret, says string) {
	t.Helper()
	a, err := b.Svc.Authenticate(b.Ctx, secret)
	te := wantError(t, err, tournament.ErrUnauthorized, "Authorization")
	if !strings.Contains(te.Message, says) || a.Role != tournament.RolePublic {
		t.Errorf("refused as %+v: %q, want the public and a message saying %q", a, te.Message, says)
	}
}

// TestAuthenticate walks the tokens' lives: issued, used, issued again,
// revoked one by one, by section, with the section, and expired.
func TestAuthenticate(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Tokens"}).ID, 3, 2)

	if a, err := b.Svc.Authenticate(b.Ctx, ""); err != nil || a != tournament.Public {
		t.Errorf("no token: %+v (%v), want the public", a, err)
	}
	if a, err := b.Svc.Authenticate(b.Ctx, tournamenttest.DirectorToken); err != nil || a != tournament.Director {
		t.Errorf("the configured director token: %+v (%v), want the director", a, err)
	}
	wantRefused(t, b, "no-such-token", "not known")
	wantRefused(t, b, tournamenttest.DirectorToken+"x", "not known")

	// A table's token is its table; it enters that table's results.
	first := b.Tokens(sec, 1, 2, 3)
	a, err := b.Svc.Authenticate(b.Ctx, first[1])
	if err != nil {
		t.Fatal(err)
	}
	want := tournamenttest.Table(sec, 1)
	want.TokenID = a.TokenID
	if a != want || a.TokenID == 0 {
		t.Errorf("table 1's token is %+v, want %+v with its token's id", a, want)
	}
	if r := b.Enter(a, sec, line(sec, 1, 1, 1, "4S", "N", 10))[0]; r.EnteredBy != "table 1 A" {
		t.Errorf("entered by %q, want table 1 A", r.EnteredBy)
	}
	if _, err := b.Svc.CreateTableTokens(b.Ctx, a, sec.ID, tournament.TableTokensInput{}); err == nil {
		t.Error("a table's token issued table tokens")
	}

	// Issued again, table 1's link is the new one only.
	again := b.Tokens(sec, 1)
	wantRefused(t, b, first[1], "revoked")
	if a, err := b.Svc.Authenticate(b.Ctx, again[1]); err != nil || a.Table != 1 {
		t.Errorf("table 1's new token: %+v (%v)", a, err)
	}

	// A stored director token is a director; the director revokes a table's
	// token and it stops at once, though it was just let in.
	issued, err := b.Svc.CreateDirectorToken(b.Ctx, tournament.Director, "assistant", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	assistant, err := b.Svc.Authenticate(b.Ctx, issued.Secret)
	if err != nil || assistant.Role != tournament.RoleDirector || assistant.Name != "assistant" || assistant.TokenID != issued.Token.ID {
		t.Errorf("a stored director token: %+v (%v)", assistant, err)
	}
	t2, err := b.Svc.Authenticate(b.Ctx, first[2])
	if err != nil {
		t.Fatal(err)
	}
	if tk, err := b.Svc.RevokeToken(b.Ctx, assistant, t2.TokenID); err != nil || tk.RevokedAt.IsZero() {
		t.Fatalf("revoking table 2's token: %+v (%v)", tk, err)
	}
	wantRefused(t, b, first[2], "revoked")

	// Revoking a section's tokens ends them all: table 1's new one and
	// table 3's (table 2's was revoked already).
	if n, err := b.Svc.RevokeTableTokens(b.Ctx, tournament.Director, sec.ID); err != nil || n != 2 {
		t.Errorf("revoked %d (%v), want 2", n, err)
	}
	wantRefused(t, b, again[1], "revoked")
	wantRefused(t, b, first[3], "revoked")

	// Deleting a section ends its tables' tokens.
	fresh := b.Tokens(sec, 1)[1]
	if _, err := b.Svc.Authenticate(b.Ctx, fresh); err != nil {
		t.Fatal(err)
	}
	if err := b.Svc.DeleteSection(b.Ctx, tournament.Director, sec.ID); err != nil {
		t.Fatal(err)
	}
	wantRefused(t, b, fresh, "revoked")
}

// TestAuthenticateExpired: a token expires when the director says; one
// let in a moment before is refused once its time has passed.
func TestAuthenticateExpired(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{}).ID, 3, 2)
	now := time.Now()
	tournament.SetClock(b.Svc, func() time.Time { return now })
	in2h := now.Add(2 * time.Hour)
	issued, err := b.Svc.CreateTableTokens(b.Ctx, tournament.Director, sec.ID, tournament.TableTokensInput{Tables: []int{1}, ExpiresAt: in2h})
	if err != nil || len(issued) != 1 || !issued[0].Token.ExpiresAt.Equal(in2h) {
		t.Fatalf("issued %+v (%v), want table 1's token expiring in 2 hours", issued, err)
	}
	if _, err := b.Svc.Authenticate(b.Ctx, issued[0].Secret); err != nil {
		t.Fatal(err)
	}
	now = in2h.Add(time.Second)
	wantRefused(t, b, issued[0].Secret, "expired")
	// An expiry in the past is refused naming its field.
	_, err = b.Svc.CreateTableTokens(b.Ctx, tournament.Director, sec.ID, tournament.TableTokensInput{Tables: []int{1}, ExpiresAt: now.Add(-time.Hour)})
	wantError(t, err, tournament.ErrInvalid, "expires_at")
}

// TestTokenAdministration: the director lists a section's tokens by state
// (their hashes: the secrets are not kept), changes a director
// token's expiry and takes it away, and every refusal names its field: a
// table's link always ends, a revoked token stays revoked, an expiry is in
// the future and at most MaxTokenLife ahead (TestAPITokensLifecycle).
func TestTokenAdministration(t *testing.T) {
	b := newBuilder(t)
	sec := b.Mitchell(b.Event(tournament.EventInput{Name: "Tokens"}).ID, 3, 2)
	d := tournament.Director
	first := b.Tokens(sec, 1, 2, 3)
	b.Tokens(sec, 1) // table 1's first token revoked
	count := func(f tournament.TokenFilter) (map[tournament.TokenState]int, []tournament.Token) {
		t.Helper()
		tks, err := b.Svc.Tokens(b.Ctx, d, f)
		if err != nil {
			t.Fatal(err)
		}
		n := map[tournament.TokenState]int{}
		for _, tk := range tks {
			n[tk.State(time.Now())]++
			if len(tk.Hash) != 32 { // sha-256
				t.Errorf("token %d keeps %d bytes, want its sha-256 hash only", tk.ID, len(tk.Hash))
			}
		}
		return n, tks
	}
	if n, tks := count(tournament.TokenFilter{SectionID: sec.ID}); len(tks) != 4 || n[tournament.TokenActive] != 3 || n[tournament.TokenRevoked] != 1 {
		t.Errorf("section's tokens %+v, want 3 active and 1 revoked", tks)
	}
	_, revoked := count(tournament.TokenFilter{SectionID: sec.ID, State: tournament.TokenRevoked})
	if len(revoked) != 1 || revoked[0].Table != 1 || revoked[0].RevokedAt.IsZero() {
		t.Fatalf("revoked: %+v, want table 1's first token", revoked)
	}
	if _, tks := count(tournament.TokenFilter{Role: tournament.RoleTable, State: tournament.TokenActive, Limit: 2}); len(tks) != 2 {
		t.Errorf("limit 2: %d tokens", len(tks))
	}
	_, err := b.Svc.Tokens(b.Ctx, d, tournament.TokenFilter{State: "lost"})
	wantError(t, err, tournament.ErrInvalid, "state")
	_, err = b.Svc.Tokens(b.Ctx, tournamenttest.Table(sec, 1), tournament.TokenFilter{})
	wantError(t, err, tournament.ErrForbidden, "")

	t2, err := b.Svc.Authenticate(b.Ctx, first[2])
	if err != nil {
		t.Fatal(err)
	}
	in2h := time.Now().Add(2 * time.Hour).Truncate(time.Second)
	for _, c := range []struct {
		id    int64
		at    time.Time
		kind  error
		field string
	}{
		{t2.TokenID, time.Time{}, tournament.ErrInvalid, "expires_at"}, // a table's link always ends
		{t2.TokenID, time.Now().Add(-time.Hour), tournament.ErrInvalid, "expires_at"},
		{t2.TokenID, time.Now().Add(tournament.MaxTokenLife + time.Hour), tournament.ErrInvalid, "expires_at"},
		{revoked[0].ID, in2h, tournament.ErrConflict, "expires_at"},
	} {
		_, err := b.Svc.SetTokenExpiry(b.Ctx, d, c.id, c.at)
		wantError(t, err, c.kind, c.field)
	}
	_, err = b.Svc.CreateDirectorToken(b.Ctx, d, strings.Repeat("n", 201), time.Time{})
	wantError(t, err, tournament.ErrInvalid, "name")

	// A director token: given an expiry, then none.
	issued, err := b.Svc.CreateDirectorToken(b.Ctx, d, "assistant", time.Time{})
	if err != nil || issued.Token.Role != tournament.RoleDirector || !issued.Token.ExpiresAt.IsZero() {
		t.Fatalf("director token %+v (%v)", issued.Token, err)
	}
	tk, err := b.Svc.SetTokenExpiry(b.Ctx, d, issued.Token.ID, in2h)
	if err != nil || !tk.ExpiresAt.Equal(in2h) || tk.State(time.Now()) != tournament.TokenActive {
		t.Errorf("after an expiry: %+v (%v)", tk, err)
	}
	if tk, err = b.Svc.SetTokenExpiry(b.Ctx, d, issued.Token.ID, time.Time{}); err != nil || !tk.ExpiresAt.IsZero() {
		t.Errorf("after none: %+v (%v)", tk, err)
	}
	if a, err := b.Svc.Authenticate(b.Ctx, issued.Secret); err != nil || a.Role != tournament.RoleDirector {
		t.Errorf("the assistant's token: %+v (%v)", a, err)
	}
	_, err = b.Svc.RevokeToken(b.Ctx, d, 999999)
	wantError(t, err, tournament.ErrNotFound, "")
}
