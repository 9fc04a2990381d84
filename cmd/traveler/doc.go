// Command traveler is the duplicate bridge tournament service and its tools:
// one binary that serves the API and the pages, runs the schema's
// migrations, makes director tokens, and reads, scores and writes results
// files from the command line.
//
// Usage:
//
//	traveler serve                 the HTTP service: the REST API under /v1 and the pages, with its own PostgreSQL unless DATABASE_URL is set
//	traveler migrate up|down [N|all]|force N|version
//	traveler token create [--name NAME] [--expires DURATION] | list | revoke ID
//	traveler score [-workers N] < results.jsonl > scores.jsonl
//	traveler rescore FILE          score, compare and rank a USEBIO or PBN file again
//	traveler import usebio|pbn FILE
//	traveler export xlsx|csv-standings|csv-overall|csv-travelers|usebio|pbn (--event ID | --from FILE) [-o FILE]
//	traveler report royalton|laws|par (--event ID | --from FILE) [--to CODE|all] [--format table|json]
//	traveler dd [FILE|-]           double-dummy tables and par of a PBN file's deals
//	traveler deal [--boards N] [--dd] [--format F]   random deals as a file of hand records (PBN, DUP, DLM, BRI, LIN)
//	traveler make-heavy            one report or file made apart, for serve (--heavy-apart); serve starts it
//
// Run "traveler help" for the list of subcommands, "traveler <command> -h"
// for a command's flags.
//
// What it holds: reading flags and the environment (config.go, serve.go,
// readfile.go), wiring db's Store, the tournament.Service, api and the pages
// together (serve.go, serve_lan.go, export.go's withService), and printing:
// each command checks its arguments, calls the package that does the work
// and prints what comes back. What it does not hold: the rules live in
// tournament, the SQL in db, the file formats and the layouts of the
// reports in reports (the text tables too: reports.WriteText prints what
// RoyaltonReport.Text, LawComparisonText, ParReport.Text, ResultsText and
// EventSummary lay out), the JSON shapes in api (the CLI prints the API's
// DTOs; `traveler score` runs api.ScoreStream). The load generator, an
// operators' tool, is a command of its own: cmd/traveler-load. cmd/… is the
// only place that may import everything and the only one that reads flags
// and environment variables.
//
// Its tests are the command line's (the commands run in process, `traveler
// serve` also as a process of its own) and the check of the import rules of
// ../shared/DESIGN.md (imports_test.go); the end-to-end tests of the server
// and the pages are api/e2e's.
package main
