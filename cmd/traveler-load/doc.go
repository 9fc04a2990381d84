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
//	traveler-load [--url URL] --section ID (--readers N | --streams N) [--for D]
//	              [--pid PID] [--touch-every D --token TOKEN]
//
// With --section it loads one section's standings instead (issue 24 §1):
// --readers anonymous readers of GET /v1/sections/{id}/standings, each as
// fast as it is answered, printing reads a second and latency; or --streams
// live standings streams (Accept: text/event-stream) held open for --for,
// printing every 5 s how many are open and the events read. Each reader and
// stream sends X-Forwarded-For with an address of its own, as many visitors
// would: start the server with --trusted-proxies 127.0.0.1, and a rate
// limit above the readers' pace. --touch-every corrects one of the
// section's results that often meanwhile (with the director's --token),
// each a change the streams must carry, and prints how long after a
// correction was sent the first stream had its next event. With --pid (the server on the same
// machine) it prints the server's CPU time from /proc/PID/stat and its
// resident and peak resident memory (VmRSS, VmHWM) from /proc/PID/status:
//
//	traveler-load --section 3 --readers 16 --for 30s --pid $(pgrep -n traveler)
//	traveler-load --section 3 --streams 10000 --for 60s --touch-every 1s --token … --pid …
//
// It speaks to the server over HTTP only, as a client would: it imports no
// package of the module outside its tests, which start the server the way
// `traveler serve` wires it (db.Open → tournament.NewService → api.New).
// It exits 1 if any entry failed or a standings read missed a result
// already answered (or, with --section, the load could not start), 2 on
// bad flags.
package main
