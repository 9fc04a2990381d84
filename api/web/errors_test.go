package web_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// TestPagesAnswerAsTheAPI: the pages gave a stale version 409 where the
// API gave 412, and a *scoring.Error 500 where the API gave 422 (issue 14:
// one error type, mapped to a status once in api, the pages only phrase
// it). Each error here has one status, whether the API answers it or a
// page shows it; a page never shows a failure's own text.
func TestPagesAnswerAsTheAPI(t *testing.T) {
	stored := &tournament.Result{ID: 7, Board: 3, Version: 4, Status: tournament.StatusPlayed}
	for _, tc := range []struct {
		name   string
		err    error
		status int
		field  string
		leak   string // text of the error no page may show
	}{
		{"invalid", tournament.Invalidf("board", "board 29: the section has boards 1 to 27", "1", "27"), 422, "board", ""},
		{"not found", tournament.NotFoundf("event", 9), 404, "", ""},
		{"conflict", &tournament.Error{Kind: tournament.ErrConflict, Field: "board", Message: "already entered", Current: stored}, 409, "board", ""},
		{"stale", &tournament.Error{Kind: tournament.ErrStale, Field: "version", Message: "version 3 is not the stored 4", Current: stored}, 412, "version", ""},
		{"forbidden", &tournament.Error{Kind: tournament.ErrForbidden, Message: "table 2 only"}, 403, "", ""},
		{"unauthorized", &tournament.Error{Kind: tournament.ErrUnauthorized, Field: "token", Message: "unknown token"}, 401, "token", ""},
		{"unavailable", fmt.Errorf("events: %w", tournament.Unavailable), 503, "", ""},
		{"unavailable sentinel", fmt.Errorf("dial 10.0.0.5:5432: %w", tournament.ErrUnavailable), 503, "", "10.0.0.5"},
		{"wrapped sentinel", fmt.Errorf("pair 3: %w", tournament.ErrNotFound), 404, "", ""},
		{"scoring", &scoring.Error{Field: "contract", Value: "8S", Problem: "not a contract", Allowed: []string{"1C", "7NT"}}, 422, "contract", ""},
		{"plain", errors.New(`ERROR: duplicate key value violates unique constraint "results_pkey" (SQLSTATE 23505)`), 500, "", "SQLSTATE"},
		{"deadline", fmt.Errorf("query standings: %w", context.DeadlineExceeded), 503, "", "standings"},
		{"tournament error of no kind", &tournament.Error{Message: "SELECT secret"}, 500, "", "SELECT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body, apiInternal := api.Answer(tc.err)
			page := web.Explain(tc.err)
			if status != tc.status || page.Status != tc.status {
				t.Errorf("API %d, page %d; want both %d", status, page.Status, tc.status)
			}
			if body.Field != tc.field || page.Field != tc.field {
				t.Errorf("API field %q, page field %q; want both %q", body.Field, page.Field, tc.field)
			}
			if page.Internal != apiInternal || page.Internal != (tc.status >= 500) {
				t.Errorf("internal: API %v, page %v; want both %v", apiInternal, page.Internal, tc.status >= 500)
			}
			if page.Message == "" || body.Error == "" {
				t.Errorf("no message: API %q, page %q", body.Error, page.Message)
			}
			if tc.leak != "" && (strings.Contains(page.Message, tc.leak) || strings.Contains(body.Error, tc.leak)) {
				t.Errorf("the error's text leaks: API %q, page %q", body.Error, page.Message)
			}
			switch {
			case tc.status == http.StatusServiceUnavailable:
				if !strings.Contains(page.Message, "Try again in a moment") {
					t.Errorf("page says %q, want the 503's words", page.Message)
				}
			case tc.status >= 500:
				if !strings.Contains(page.Message, "Something went wrong on the server") {
					t.Errorf("page says %q, want the 500's words", page.Message)
				}
			default: // the pages say what the error says, as the API does
				if page.Message != body.Error || page.Message != tc.err.Error() {
					t.Errorf("page says %q, API %q; want the error's own %q", page.Message, body.Error, tc.err.Error())
				}
				if strings.Join(page.Allowed, ",") != strings.Join(body.Allowed, ",") {
					t.Errorf("allowed: page %v, API %v", page.Allowed, body.Allowed)
				}
			}
		})
	}
}
