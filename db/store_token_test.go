package db_test

import (
	"crypto/sha256"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// sum is the sha-256 a token or sign-in is stored as.
func sum(secret string) []byte { h := sha256.Sum256([]byte(secret)); return h[:] }

// TestTokenLife: ReplaceTableTokens revokes the tables' earlier tokens and
// stores the new ones in one transaction; RevokeToken keeps the first
// revocation's time and ends the token's sign-ins; SetTokenExpiry sets and
// clears an expiry; a sign-in's expiry and end follow its token's; and
// deleting a section (or its event) revokes its tables' tokens.
func TestTokenLife(t *testing.T) {
	s, u := open(t)
	c := ctx(t)
	ev := event(t, s)
	sec := mitchellSection(t, s, ev.ID)
	later := time.Now().Add(time.Hour).UTC().Truncate(time.Microsecond)
	table := func(n int, secret string) *tournament.Token {
		return &tournament.Token{Role: tournament.RoleTable, Name: "t", SectionID: sec.ID, Table: n, Hash: sum(secret), ExpiresAt: later}
	}
	first := []*tournament.Token{table(1, "a1"), table(2, "a2")}
	if n, err := s.ReplaceTableTokens(c, sec.ID, []int{1, 2}, first); err != nil || n != 0 {
		t.Fatalf("first links: %d revoked, %v", n, err)
	}
	second := []*tournament.Token{table(1, "b1")}
	if n, err := s.ReplaceTableTokens(c, sec.ID, []int{1}, second); err != nil || n != 1 {
		t.Fatalf("table 1 again: %d revoked, %v; want 1", n, err)
	}
	got, err := s.TokenByHash(c, sum("a1"))
	if err != nil || got.RevokedAt.IsZero() || got.State(time.Now()) != tournament.TokenRevoked {
		t.Errorf("table 1's first token %+v %v, want revoked", got, err)
	}
	if got, _ := s.TokenByHash(c, sum("a2")); !got.RevokedAt.IsZero() || !got.ExpiresAt.Equal(later) {
		t.Errorf("table 2's token %+v, want untouched, expiring %s", got, later)
	}
	if _, err := s.ReplaceTableTokens(c, 999999, nil, nil); err == nil {
		t.Error("links of a section that does not exist")
	}

	// A director token, a browser signed in with it; revoking the token ends the sign-in.
	dir := tournament.Token{Role: tournament.RoleDirector, Name: "assistant", Hash: sum("d")}
	if err := s.CreateToken(c, &dir); err != nil {
		t.Fatal(err)
	}
	si := tournament.SignIn{TokenID: dir.ID, Name: dir.Name, Agent: "browser", Hash: sum("s1"), ExpiresAt: time.Now().Add(12 * time.Hour)}
	if err := s.CreateSignIn(c, &si); err != nil || si.ID == 0 {
		t.Fatalf("sign-in %+v %v", si, err)
	}
	tk, err := s.SetTokenExpiry(c, dir.ID, later)
	if err != nil || !tk.ExpiresAt.Equal(later) {
		t.Fatalf("expiry %+v %v", tk, err)
	}
	if got, err := s.SignInByHash(c, sum("s1")); err != nil || !got.ExpiresAt.Equal(later) {
		t.Errorf("sign-in %+v %v: its expiry should be its token's, sooner", got, err)
	}
	if tk, err = s.SetTokenExpiry(c, dir.ID, time.Time{}); err != nil || !tk.ExpiresAt.IsZero() {
		t.Errorf("expiry cleared: %+v %v", tk, err)
	}
	if list, err := s.SignIns(c); err != nil || len(list) != 1 {
		t.Errorf("sign-ins %+v %v, want 1", list, err)
	}
	revoked, err := s.RevokeToken(c, dir.ID)
	if err != nil || revoked.RevokedAt.IsZero() {
		t.Fatalf("revoke %+v %v", revoked, err)
	}
	again, _ := s.RevokeToken(c, dir.ID)
	if !again.RevokedAt.Equal(revoked.RevokedAt) {
		t.Errorf("revoked again at %s, first at %s: the first time stays", again.RevokedAt, revoked.RevokedAt)
	}
	if got, _ := s.SignInByHash(c, sum("s1")); got.EndedAt.IsZero() {
		t.Error("the sign-in outlives its token's revocation")
	}
	if list, _ := s.SignIns(c); len(list) != 0 {
		t.Errorf("sign-ins %+v after revoking their token, want none", list)
	}
	tError(t, s.EndSignIn(c, 999999), tournament.ErrNotFound)

	// Deleting the section revokes its tables' tokens; deleting an event, its sections'.
	if err := s.DeleteSection(c, sec.ID, &tournament.Change{EventID: ev.ID, SectionID: sec.ID, Kind: "section", TargetID: sec.ID, Action: "delete", Actor: "director"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.TokenByHash(c, sum("a2")); got.RevokedAt.IsZero() {
		t.Error("a deleted section's token is not revoked")
	}
	other := mitchellSection(t, s, ev.ID)
	if _, err := s.ReplaceTableTokens(c, other.ID, []int{1}, []*tournament.Token{{Role: tournament.RoleTable, Name: "t", SectionID: other.ID, Table: 1, Hash: sum("c1")}}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteEvent(c, ev.ID, &tournament.Change{EventID: ev.ID, Kind: "event", TargetID: ev.ID, Action: "delete", Actor: "director"}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.TokenByHash(c, sum("c1")); got.RevokedAt.IsZero() {
		t.Error("a deleted event's section's token is not revoked")
	}

	// Sign-ins over a month past are forgotten at the next sign-in.
	p := rawPool(t, u)
	if _, err := p.Exec(c, `UPDATE sign_ins SET created_at = now() - interval '40 days', expires_at = now() - interval '39 days', ended_at = NULL`); err != nil {
		t.Fatal(err)
	}
	fresh := tournament.SignIn{Name: "configured director token", Hash: sum("s2"), ExpiresAt: time.Now().Add(time.Hour)}
	if err := s.CreateSignIn(c, &fresh); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := p.QueryRow(c, `SELECT count(*) FROM sign_ins`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d sign-ins kept (%v), want only the new one", n, err)
	}
}
