// Package tournament is the domain of a duplicate bridge event and its use
// cases: what an event, a section, a pair or team, a board and a result are,
// what a director, a table and the public may do with them, and how results
// become standings. Every other package of traveler (db, reports, api, the
// pages, the command) goes through it.
//
// What it holds, by file:
//
//   - The domain (domain.go, eventdata.go, options.go, method_features.go):
//     Event, Section, Pair, Team, Board, Result, the scoring method
//     (matchpoints, cross-IMPs, Butler, totals; for teams IMPs converted to
//     VPs, board-a-match, Patton, aggregate: TeamMethods) and EventData,
//     a whole event in memory as an import, an export and a report see it.
//     A board's deal is a scoring.Deal, parsed once where it comes in
//     (ParseBoard for the API, the pages and hand-record files; the file
//     readers; db when it reads a row) and passed on as that value.
//   - A section's movement as the director gives it (spec.go):
//     MovementSpec.Build turns the spec into a checked movement through the
//     generators of package tournament/movement, its errors put under
//     "movement.". The movements themselves — the Mitchell, Howell and
//     teams generators, validation, balance, cards — are in
//     tournament/movement.
//   - The use cases (service*.go): Service — create and change events,
//     sections and movements (a change for the rounds not yet played, a late
//     pair joining, withdrawals), enter and correct results (CheckResult
//     checks a line as EnterResults would), import an event read from a file
//     (with the duplicate-import check), the audit of changes. An entry is
//     stored only at the entry versions it was checked at (EntryAt); a
//     director's change that decides what an entry may store, or is decided
//     on the section's results (a pair's number, a withdrawal, the movement,
//     a result deleted), is made holding the section (Store.HoldSection);
//     a section created with a law code of its own is checked against its
//     event's overall field as the creating transaction holds the event's
//     row (Store.CreateSection's EventCheck), the row an across-the-field
//     switch updates.
//     so is a line's correction, and switching an imported event between a
//     file's figures and traveler's (KeepFigures) is one transaction
//     holding every section it corrects.
//   - Swiss teams (swiss.go): a section of kind "swiss" paired round by
//     round from its standings — PairSwissRound proposes a draft the tables
//     do not see, SwapSwissTeams and SetSwissDraft change it (a rematch
//     that could be avoided, a second bye, a team in two matches refused),
//     ReleaseSwissRound makes it the movement's next round; the VP scale
//     (WBF, ACBL 20 or 30, a table) and a bye's VPs are the section's.
//   - Swiss pairs (swiss_pairs.go): the same kind given pairs, paired,
//     drafted and released by swiss.go's machinery, each match a pair
//     against a pair at one table on the round's boards; every board
//     scored across the field, a match's IMPs (CROSS_IMP, BUTLER)
//     converted to VPs on the section's scale, or at matchpoints the
//     pairs ranked by percentage (swissPairsStandings).
//   - Knockout matches (knockout.go): a section of kind "knockout", two
//     teams over segments (its rounds), a carry-over and a tie rule; Knockout
//     gives the running score by segment and the winner, AddKnockoutPlayoff
//     the extra boards of a tie; a bracket (bracket.go) is an event's
//     knockout matches linked by AdvanceKnockout, which makes the next
//     round's match between two finished matches' winners in one
//     transaction holding both (two advances at once make one match).
//     ScoreKnockout is the one scoring of a match, for the service and the
//     reports alike.
//   - Strata and handicaps (grading.go): a section's Grading (its strata,
//     a handicap in percent or points), each pair's and team's stratum and
//     handicap, SetGrading and GradeFromPlayers (from a table of player
//     numbers: the stratum from the higher-ranked player, the handicap the
//     average of the players'), the rules and their sources; the standings'
//     grading step (standings_strata.go) ranks each pair in its stratum and
//     every higher one and, in a handicap event, on its result plus its
//     handicap.
//   - Standings (standings.go, compare.go, result_score.go, table_traveler.go):
//     the one pipeline from results to travelers, matchpoints or IMPs and
//     rankings, for the service, the command line and the pages alike (an
//     individual's partnerships scored as pairs, then each player ranked on
//     the partnerships they sat in, less the rounds a substitute sat in
//     their seat — a later player of the entrant with Player.From and To,
//     entered as a pair's substitute is (checkSubstitutes): playerTotals); a
//     teams section's standings list each match's IMPs and its points under
//     the method (VPs, board points, Patton points, total points) and a
//     Swiss's byes (team_matches.go); methodFits keeps a teams method to
//     teams movements and a pairs method to pairs ones.
//   - Sessions and fields (overall.go): an event's overall ranking of
//     every session and section (OverallStandings; Service.OverallStandings,
//     EventData.Overall) as its OverallOptions say — a session's sections
//     scored within each section or across the field (fieldBoards: board n
//     of every section compared as one traveler, Neuberg where a board was
//     played fewer times), the sessions summed or an earlier session carried
//     over at a percentage, a pair known again by its players or its number,
//     each session's figures those of its section's standings
//     (entrantFigures, the one arithmetic of both, under the event's
//     convention); an event of individuals ranks its players (addPlayers), one mixing
//     individuals with pairs or teams has no overall ranking (noOverall).
//     A section's live standings and travelers in an event scored across the
//     field are its field's, kept fresh by any section's change.
//   - Who may see what (auth.go, public.go, public_session.go): actors and
//     tokens (Authenticate, table links), the finished boards and session
//     end that decide what the public sees.
//   - The director's law toolkit (adjust.go): procedural penalties on a
//     pair or team (Law 90; GivePenalty, LiftPenalty), taken off the pair's
//     sum in pairTotals — the one place a section's, a field's and the
//     overall pairs totals are made — or a team's points; and a director's
//     points on one side of a line (CorrectPoints, LiftCorrection), kept by
//     slot and put in place of what the comparison gives that side alone
//     (correctBoard). Both are read with their section.
//   - Floor features: tables at their own pace (pace.go), fouled boards and
//     their versions (fouled.go), hand-set files of deals (handset.go), the
//     club roster of players kept across events (roster.go), what a table
//     may see and must enter (table_options.go, table_traveler.go: the
//     traveler after a board, the opening lead).
//   - Checking a result (service_check.go, result_score.go,
//     result_lead.go): CheckResult, honours and chicane from the deal, the
//     one check of an opening lead against the hand record.
//   - Double dummy (analysis.go): the DoubleDummy interface scoring/dds
//     satisfies, and the analysis of a section's deals.
//   - Storage as an interface (store.go): Store, which db implements;
//     beside it two Store wrappers the Service reads through: cachedStore
//     (cache.go), which keeps sections, events, boards and tokens and drops
//     what a change notice names (Forget), and replicaReads (replica.go),
//     which sends the public's reads to a standby; each section's standings
//     as each audience sees them, made once per change and shared by every
//     reader and stream (standings_memo.go, beside the cache, forgotten by
//     the same notices); watching a section for live standings (watch.go).
//   - Heavy reads (heavy.go): an event's reports and files (Heavy), made once
//     per version of the event for every request that asks at once, kept
//     while it is unchanged, on a bounded pool of workers (ErrBusy past its
//     wait), each on a thread of its own at the lowest priority (Linux);
//     what is made (JSON, a workbook) is the caller's writer's: Heavy keeps
//     the bytes, in memory or, past a few MiB, in an unlinked temporary
//     file. With HeavyOptions.Apart the making is another process's
//     (tournament/heavyproc, serve's `traveler make-heavy`: MakeHeavy there).
//   - Bounds every request is held to (limits.go).
//
// Errors a user can act on are *Error values: a kind (ErrInvalid,
// ErrNotFound, ErrConflict, ErrForbidden, ErrUnauthorized, ErrStale,
// ErrUnavailable, ErrBusy), the message, the field and what is allowed there;
// api/internal/problem maps each kind to an HTTP status. The movement
// generators (tournament/movement) answer *scoring.Error, which the Service
// turns into *Error naming the field.
//
// What it does not hold: SQL and PostgreSQL (db), reading and writing files
// — USEBIO, PBN, spreadsheets, CSV, PDF (reports), HTTP, JSON and pages
// (api, api/web), the law codes and the score of one result (scoring).
//
// The package imports scoring, tournament/movement and the standard library only.
package tournament
