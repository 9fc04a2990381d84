// Command traveler-load is the load generator: a tool for operators, not
// part of the server's binary. It plays many sections of tables entering
// their results at once against a running `traveler serve`, the way a
// session runs (each table with its own token, round by round, the
// director moving each section on), and prints entries a second, latency
// percentiles and how soon the standings show an accepted result.
// BENCHMARKS.md holds its figures and the commands that made them.
//
// Usage:
//
//	traveler-load [--url URL] [--token TOKEN] [--sections N] [--tables N] [--rounds N]
//	              [--boards-per-round N] [--batch N] [--rate R] [--probe-every D]
//	              [--retry-for D] [--format text|json]
//
// It speaks to the server over HTTP only, as a client would: it imports no
// package of the module outside its tests, which start the server the way
// `traveler serve` wires it (db.Open → tournament.NewService → api.New).
// It exits 1 if any entry failed or a standings read missed a result
// already answered, 2 on bad flags.
package main
