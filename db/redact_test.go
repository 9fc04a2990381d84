package db

import "testing"

// TestRedactURL: a database URL goes into logs and messages with its
// password hidden, and nothing else changed.
func TestRedactURL(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://traveler:s3cret@db.club.example:5432/traveler?sslmode=require": "postgres://traveler:xxxxx@db.club.example:5432/traveler?sslmode=require",
		"postgres://postgres@127.0.0.1:5432/postgres":                              "postgres://postgres@127.0.0.1:5432/postgres",
		"postgres://127.0.0.1/traveler":                                            "postgres://127.0.0.1/traveler",
		"host=127.0.0.1 password=s3cret":                                           "(a DATABASE_URL that is not a URL)",
	} {
		if got := RedactURL(in); got != want {
			t.Errorf("RedactURL(%q) = %q, want %q", in, got, want)
		}
	}
}
