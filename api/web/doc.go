// Package web serves traveler's pages: the director's, the tables' (phones)
// and the public's, rendered on the server with html/template from the
// templates and assets (a little JavaScript: table.js, live.js) embedded in
// the binary. Pages call the same tournament.Service as the JSON API; the
// table page also calls the API from the browser. api mounts these pages
// (web.Register), so web does not import api: where a page answers the
// API's JSON (the table page's stored results, the roster type-ahead, its
// errors) it uses the API's own types from api/dto.
//
// The director's pages, by file:
//
//   - Setting up (setup*.go): events, sections and their movements (Mitchell,
//     Howell, teams, Swiss teams and Swiss pairs — the Swiss page pairs,
//     swaps and releases each round, setup_swiss*.go; a half table's
//     missing pair), the preview of table
//     cards and guide cards, movement changes and late pairs, changes to
//     pairs, teams and sections and their audit (setup_change*.go), the
//     strata and handicaps of a section and its pairs (setup_grading.go); a
//     Swiss's rounds (setup_swiss*.go); a knockout match's segments,
//     carry-over and tie rule previewed (setup_knockout.go, the form's
//     fields in _knockout_fields.html) and the bracket: a tied match's
//     play-off and the next round's match from two winners
//     (setup_bracket.go); a results file imported as an event, the file's
//     own figures that differ from traveler's listed and the director's
//     choice of whose to keep (setup_import.go).
//   - Running a session (session*.go): the session board with the tables at
//     their own pace (session_pace.go), entering and correcting results
//     (session_result*.go), key-in of paper travelers and pickup slips
//     (session_keyin*.go, keyin_line.go), fouled boards
//     (session_fouled.go), deals and hand records (session_deal.go,
//     session_hands.go), travelers and reports (session_traveler.go,
//     session_reports.go), a director's points on a traveler line set and
//     lifted (session_correction.go).
//   - Printing (paper.go, table_qr.go): the PDFs of hand records, table and
//     guide cards and personal score cards, and the table links with their
//     QR codes.
//   - Access (access.go, auth.go): director sign-in, director tokens, table
//     links (remaking one table's link for a lost card, table_links_one.go)
//     and signed-in browsers.
//   - The club roster of players (players.go).
//
// The table page (table*.go): a table's phone, opened by its table link,
// enters the contract, lead and tricks of each board (table_contract.go),
// sees what comes next (table_next.go) and moves at its own pace
// (table_pace.go).
//
// The overall standings of an event's sessions and sections
// (public_overall.go), for the public once published and for a director,
// and the event page's ranking form (setup_event_overall.go).
//
// The public pages (public*.go, live.go, royalton_links.go): standings (a
// teams section's, or a Swiss pairs', as its teams table and each round's
// matches, a knockout match's as its running score by segment,
// public_teams.go; a graded section's with a column of places per stratum
// and the handicap and net, public.go), the knockout bracket
// (public_bracket.go, its rounds in _bracket.html, shared with the
// director's bracket page), travelers, frequencies and hand records once boards
// are finished, the
// scoring method in words (public_words.go), and live standings as
// server-sent events.
//
// Errors: the status of every error comes from api/internal/problem; a page
// only phrases it, with the form refilled. The content security policy and
// the guards against cross-site requests are in guard.go; every form's body
// is read there first, and one that arrives too slowly is sent back 408 by
// its page (form_body.go).
//
// What it does not hold: rules (tournament), SQL (never db), file formats
// (reports writes the files the pages send).
package web
