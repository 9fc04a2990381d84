package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
)

// TestLoadtest plays a small load test against the API over a real
// database: 2 sections of a 3-table Mitchell, 2 boards a round, so 3 rounds
// × 3 tables × 2 boards = 18 results a section, 36 in all, each entered by
// its table's token in its round. Nothing may fail and no standings read may
// miss a result already answered.
func TestLoadtest(t *testing.T) {
	e := newAPIEnv(t, api.Options{})
	cfg := loadConfig{url: e.url, token: directorToken, sections: 2, tables: 3, boardsPerRound: 2, batch: 1, probeEvery: time.Millisecond}
	rep, err := loadtest(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Entered != 36 || rep.Requests != 36 || rep.Failed != 0 || rep.Stale != 0 {
		t.Fatalf("entered %d in %d requests, %d failed %v, %d stale; want 36 in 36, none failed or stale",
			rep.Entered, rep.Requests, rep.Failed, rep.FailedByStatus, rep.Stale)
	}
	var events []struct {
		ID int64 `json:"id"`
	}
	e.want(200, &events, "GET", "/v1/events", directorToken, nil)
	var secs []struct {
		ID int64 `json:"id"`
	}
	e.want(200, &secs, "GET", "/v1/events/"+id(events[0].ID)+"/sections", directorToken, nil)
	for _, s := range secs {
		var st struct {
			Results int `json:"results"`
		}
		e.want(200, &st, "GET", "/v1/sections/"+id(s.ID)+"/standings", directorToken, nil)
		if st.Results != 18 {
			t.Errorf("section %d: standings count %d results, want 18", s.ID, st.Results)
		}
	}

	// Batches of 2 (a table's whole round in one request) store the same.
	cfg.batch = 2
	rep, err = loadtest(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Entered != 36 || rep.Requests != 18 || rep.Failed != 0 {
		t.Fatalf("batches: entered %d in %d requests, %d failed; want 36 in 18, none failed", rep.Entered, rep.Requests, rep.Failed)
	}
}

// TestLoadtestUsage checks the flags are checked before anything is sent.
func TestLoadtestUsage(t *testing.T) {
	for _, args := range [][]string{{"--tables", "0", "--token", "x"}, {"--format", "xml", "--token", "x"}, {}} {
		var out, errb bytes.Buffer
		t.Setenv("TRAVELER_DIRECTOR_TOKEN", "")
		if code := runLoadtest(context.Background(), args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", args, code, errb.String())
		}
		if !strings.Contains(errb.String(), "traveler loadtest:") {
			t.Errorf("%v: stderr %q does not say what was wrong", args, errb.String())
		}
	}
}
