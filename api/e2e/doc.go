// Package e2e is the end-to-end suite: the served API and pages tested
// from the outside, through HTTP and in headless Chromium, against a real
// PostgreSQL — the server wired as `traveler serve` wires it (db.Open →
// tournament.NewService → api.New), with the change notices and the
// analysis queue when a test asks for them.
//
// It is a package of tests only (this file holds no code). Every test
// starts from one set-up, newEnv (env_test.go): a server over a fresh test
// database (TEST_DATABASE_URL, see db/dbtest), its Service for what a test
// builds or checks behind the API, a client of it (package apitest), and,
// with withBrowser, a Chromium with a director's tab and phones on demand
// (browser_test.go). Options say what differs: the Service's options, the
// API's, a shared database (two servers), the change notices, the analysis
// queue. Screenshots of every page a browser test visits go to
// $TRAVELER_ARTIFACTS/browser, by default artifacts/browser at the
// module's root (found from go.mod, not git).
//
// What it does not hold: the use cases' own tests (tournament drives the
// Service against the test database), the store's (db), the handlers' and
// pages' unit tests (api, api/web), and the command line's (cmd/traveler:
// flags, `traveler serve` started as a process, the file commands). Its
// test files import db to wire the server, as the command does; the api
// packages themselves never import db.
package e2e
