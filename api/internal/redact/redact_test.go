package redact

import "testing"

// TestPath keeps tokens out of logged paths, whatever the path (issue 14
// §1: a 404 under /table/<token> logged the whole token).
func TestPath(t *testing.T) {
	for in, want := range map[string]string{
		"/t/trv_t_secret":                      "/t/…",
		"/t/trv_t_secret/results":              "/t/…/results",
		"/table/garbage":                       "/table/…",
		"/TABLE/garbage/":                      "/TABLE/…/",
		"/t/":                                  "/t/",
		"/x/trv_t_abc":                         "/x/…",
		"/v1/results/TRV_D_abc":                "/v1/results/…",
		"/v1/x/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA": "/v1/x/…",
		"/v1/sections/3/results":               "/v1/sections/3/results",
		"/director/sections/3/tables":          "/director/sections/3/tables",
		"/v1/events/12/report.xlsx":            "/v1/events/12/report.xlsx",
		"/v1/events/12/reports/royalton":       "/v1/events/12/reports/royalton",
		"/v1/sections/3/travelers/12":          "/v1/sections/3/travelers/12",
		"":                                     "",
	} {
		if got := Path(in); got != want {
			t.Errorf("Path(%q) = %q, want %q", in, got, want)
		}
	}
}
