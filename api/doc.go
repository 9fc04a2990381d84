// Package api is traveler's HTTP face: the REST API under /v1 (echo), its
// request and response types (the DTOs, api/dto_*.go and the *Request and
// *Response types beside their handlers), their conversion to and from the
// domain, and the answer every error gets.
//
// What it holds: New, the server — the /v1 routes (Routes lists them), the
// OpenAPI document at /v1/openapi.json, /healthz and /readyz, and the pages
// of api/web mounted beside them; the handlers of events, sections,
// movements and movement changes, pairs and teams (withdrawals, late pairs),
// strata and handicaps (handlers_grading.go, dto_grading.go),
// results (entry, correction with versions, Idempotency-Key retries),
// tables at their own pace (handlers_pace.go), fouled boards, hand-set
// files, the club roster of players (handlers_players.go), table tokens;
// importing a results file (import.go) and sending the event's files,
// exports and reports (export.go, report.go: made whole, once per event
// version, on the Service's bounded workers — Service.Heavy); live standings as
// server-sent events; `traveler score`'s JSON lines (score.go, score_json.go)
// and its parallel pipeline (ScoreStream, score_stream.go); strict JSON
// decoding, body limits and per-address rate limits (decode*.go,
// writes.go, middleware.go, ratelimit.go); what one client may hold at
// once — live streams per address and per token, connections per address
// (Listener, wired by `traveler serve`), the time a body may take
// (bounds.go, the mechanisms in api/internal/limit).
//
// The JSON a client and the command line see is the DTOs here: the CLI
// prints the same shapes. The shapes the pages answer too — a stored
// result, an error, a roster player by name and number — live in api/dto,
// below both api and api/web (api mounts the pages, so they cannot import
// api); api uses them from there. Other JSON
// tags in the tree: db tags the rows it passes to PostgreSQL as JSON
// (to_jsonb, the audit, the analysis queue's jobs), and the pages of
// api/web tag their scripts' own data (the table page's boards and law
// options, key-in, pace, live standings); the load generator (cmd/traveler-load)
// tags its own report.
//
// Errors: a tournament.Error's kind becomes a status in one place,
// api/internal/problem; Answer writes it as
// {"error": ..., "field": ..., "allowed": [...]} (ErrorResponse). Handlers
// decide no status of their own.
//
// What it does not hold: the rules (tournament decides, the handlers only
// decode, authorize and answer), SQL (api never imports db; cmd/traveler
// wires db's Store in), file formats (reports).
package api
