package e2e

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/dto"
)

// TestAPIIdempotencyAfterDelete: replaying an Idempotency-Key whose result
// the director has deleted since is a 409 naming the key and the deleted
// result — every time, for one result or a list — not a 201 [] (issue 14
// §1). A new key enters the line again.
func TestAPIIdempotencyAfterDelete(t *testing.T) {
	e := newEnv(t)
	f := apitest.NewMitchell(e.Client, "Deleted", false)
	results := "/v1/sections/" + id(f.Section.ID) + "/results"
	tok := apitest.IssueTokens(e.Client, f.Section.ID, 1)

	one, _ := json.Marshal(f.Line(1, 1, 1, "4S", "N", 10))
	var stored dto.ResultResponse
	e.want(201, &stored, "POST", results, tok[1], one, "Idempotency-Key", "one")
	two, _ := json.Marshal([]any{f.Line(1, 1, 2, "3NT", "S", 9), f.Line(1, 2, 3, "2H", "E", 8)})
	var pair []dto.ResultResponse
	e.want(201, &pair, "POST", results, directorToken, two, "Idempotency-Key", "two")

	e.want(204, nil, "DELETE", "/v1/results/"+id(stored.ID), directorToken, nil)
	e.want(204, nil, "DELETE", "/v1/results/"+id(pair[1].ID), directorToken, nil)
	for range 2 {
		got := e.wantError(409, "Idempotency-Key", "POST", results, tok[1], one, "Idempotency-Key", "one")
		if !strings.Contains(got.Error, "deleted") || !strings.Contains(got.Error, id(stored.ID)) {
			t.Errorf("replay of a deleted result: %q", got.Error)
		}
		got = e.wantError(409, "Idempotency-Key", "POST", results, directorToken, two, "Idempotency-Key", "two")
		if !strings.Contains(got.Error, id(pair[1].ID)) || strings.Contains(got.Error, id(pair[0].ID)) {
			t.Errorf("replay of a list, one deleted: %q", got.Error)
		}
	}
	// entered again under a new key
	e.want(201, nil, "POST", results, tok[1], one, "Idempotency-Key", "one-again")
}

// TestAPIEventIdempotency: POST /v1/events honours Idempotency-Key as
// entering results does (issue 24: it was ignored, and a retry after a
// lost answer made a second event). 8 identical POSTs under one key at once
// make one event; all 8 answers are the same 201 and body, all but one
// replays, and a later retry too. The key with another body is a 409; an
// event deleted since is a 409 naming it, every time; without a key, or
// under another, the same body makes another event.
func TestAPIEventIdempotency(t *testing.T) {
	e := newEnv(t)
	const body = `{"name": "Retried", "date": "2026-11-27", "law": "contract-2017", "scoring": "MP"}`
	replies := e.Concurrently(8, "POST", "/v1/events", directorToken, []byte(body), "Idempotency-Key", "new-event-1")
	replayed := 0
	for i, r := range replies {
		if r.Status != 201 || !bytes.Equal(r.Body, replies[0].Body) || r.Header.Get("Location") != replies[0].Header.Get("Location") {
			t.Fatalf("answer %d: %d %s %s, want the 201 of answer 0: %s", i, r.Status, r.Header.Get("Location"), r.Body, replies[0].Body)
		}
		if r.Header.Get("Idempotent-Replayed") == "true" {
			replayed++
		}
	}
	if replayed != 7 {
		t.Errorf("%d answers replayed, want 7 (one stored)", replayed)
	}
	var made api.EventResponse
	if err := json.Unmarshal(replies[0].Body, &made); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		var evs []api.EventResponse
		e.want(200, &evs, "GET", "/v1/events", directorToken, nil)
		n := 0
		for _, ev := range evs {
			if ev.Name == "Retried" {
				n++
			}
		}
		return n
	}
	if n := count(); n != 1 {
		t.Fatalf("%d events made by 8 tries under one key, want 1", n)
	}
	r := e.want(201, nil, "POST", "/v1/events", directorToken, []byte(body), "Idempotency-Key", "new-event-1")
	if r.Header.Get("Idempotent-Replayed") != "true" || !bytes.Equal(r.Body, replies[0].Body) {
		t.Errorf("a later retry: %q %s", r.Header.Get("Idempotent-Replayed"), r.Body)
	}
	other := strings.Replace(body, "Retried", "Other", 1)
	e.wantError(409, "Idempotency-Key", "POST", "/v1/events", directorToken, []byte(other), "Idempotency-Key", "new-event-1")
	e.wantError(400, "Idempotency-Key", "POST", "/v1/events", directorToken, []byte(body), "Idempotency-Key", strings.Repeat("k", 300))
	if n := count(); n != 1 {
		t.Fatalf("%d events after the retry and the refusals, want 1", n)
	}

	e.want(201, nil, "POST", "/v1/events", directorToken, []byte(body))
	e.want(201, nil, "POST", "/v1/events", directorToken, []byte(body), "Idempotency-Key", "new-event-2")
	if n := count(); n != 3 {
		t.Errorf("%d events after one without a key and one under another, want 3", n)
	}

	e.want(204, nil, "DELETE", "/v1/events/"+id(made.ID), directorToken, nil)
	for range 2 {
		got := e.wantError(409, "Idempotency-Key", "POST", "/v1/events", directorToken, []byte(body), "Idempotency-Key", "new-event-1")
		if !strings.Contains(got.Error, "deleted") || !strings.Contains(got.Error, "event "+id(made.ID)) {
			t.Errorf("replay of a deleted event: %q", got.Error)
		}
	}
}
