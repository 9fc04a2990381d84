// Package redact cuts secrets out of what the server logs: a request's
// path may carry a table's token (the table page /t/<token>, the old
// /table/<token> form, a token pasted anywhere), and no secret may reach a
// log line under any path.
package redact

import "strings"

// Mark stands for a segment cut out.
const Mark = "…"

// tokenPrefix starts every token traveler issues (tournament's tokenPrefix).
const tokenPrefix = "trv_"

// opaqueLen is the length from which a path segment of letters, digits,
// '-' and '_' counts as a secret: no route word is so long, every token
// (43 characters of base64url after its prefix) is.
const opaqueLen = 20

// secretAfter are the path segments whose next segment is a token.
var secretAfter = map[string]bool{"t": true, "table": true, "token": true}

// Path returns path as a log may keep it: each segment that follows "t",
// "table" or "token", starts with "trv_" or is long and opaque is
// replaced by Mark.
func Path(path string) string {
	segs := strings.Split(path, "/")
	cut := false
	for i, s := range segs {
		if cut && s != "" || Secret(s) {
			segs[i] = Mark
		}
		cut = secretAfter[strings.ToLower(s)]
	}
	return strings.Join(segs, "/")
}

// Secret reports whether s looks like a token: traveler's prefix, or a
// long run of base64url characters.
func Secret(s string) bool {
	if strings.HasPrefix(strings.ToLower(s), tokenPrefix) {
		return true
	}
	if len(s) < opaqueLen {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
