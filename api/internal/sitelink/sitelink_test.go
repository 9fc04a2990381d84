package sitelink

import (
	"strings"
	"testing"
)

// TestProblem: a link naming the machine it is opened on (loopback) or no
// machine (unspecified) gets the reason and the remedy; an address on the
// network or a name does not (issue 22 §1).
func TestProblem(t *testing.T) {
	for base, bad := range map[string]bool{
		"http://127.0.0.1:8080":    true,
		"http://127.1.2.3":         true,
		"http://localhost:8080":    true,
		"http://LOCALHOST.:8080":   true,
		"http://club.localhost":    true,
		"http://[::1]:8080":        true,
		"http://[::]:8080":         true,
		"http://0.0.0.0:8080":      true,
		"":                         true,
		"/t":                       true,
		"http://192.168.1.20:8080": false,
		"http://[fe80::1]:8080":    false,
		"https://club.example":     false,
		"http://10.0.0.5":          false,
	} {
		p := Problem(base)
		if bad != (p != "") {
			t.Errorf("Problem(%q) = %q, want a problem: %v", base, p, bad)
		}
		if bad && (!strings.Contains(p, "--lan") || !strings.Contains(p, "--base-url")) {
			t.Errorf("Problem(%q) = %q: want the remedy, --lan or --base-url", base, p)
		}
	}
}
