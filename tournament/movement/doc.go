// Package movement is how pairs and boards move in a duplicate session: who
// sits where, against whom, with which boards, round by round. Every
// movement traveler plays is made and checked here, and every new one
// lands here.
//
// What it holds, by file:
//
//   - The movement itself (movement.go, pairs.go): Movement, its rounds,
//     tables and teams; how players call a pair (PairLabel, PairOf: a
//     Mitchell numbers NS and EW apart) and the field a pair is ranked in.
//   - Generators, as free functions: Mitchell (mitchell.go: skip, relay,
//     arrow switch, half table, phantom; mitchell_variants.go: the named
//     variants — barometer, web, hesitation, rover, two-stanza, appendix
//     (EBUScore's 1-table appendix Mitchell, and its [M23]/[M13d] of 3 to 7
//     appendix tables on 13) — and switches at chosen tables in chosen rounds), Howell (howell*.go: complete, ¾
//     and partial, 4 to 32 pairs: the published movement where one was
//     found — thebridsk/bridgescorer's, EBUScore's (¾ of 8 pairs; 20, 22, 24
//     pairs in 11, 12, 13 rounds),
//     KoPS's (howell_kops.go, read from the embedded
//     testdata/howellki_movements.json), BridgeWx's
//     with shared sets (howell_bridgewx.go) — and a searched cyclic base
//     where none is; HowellFilled for a late pair), the teams round robin, a teams
//     schedule given by match and Swiss pairing (teams.go), a Swiss
//     pairs' rounds, a match a table (swiss_pairs.go: SwissPairsMovement),
//     and Custom (custom.go), a schedule given table by table — a
//     published movement or a director's own, and CheckBalanced, what a
//     published one holds to (pairs meet once, boards played equally
//     often; refused unless the director allows it); ReadMovementFile reads
//     one in EBUScore's format (ReadEBUScore, ebuscore.go) or, via ReadASC (asc.go),
//     from an .ASC movement file, refusing by the same check;
//     Individual (individual.go),
//     four players a table (Table.Players), the published complete
//     individuals of 8, 12 and 16 players, EBUScore's ½ Howell of 24
//     (individual_ebuscore.go, read by ReadEBUScoreIndividual;
//     ReadIndividualFile reads a director's individual file in EBUScore's
//     format or the .ASC one, individual_file.go) and the Rainbow of 5 and
//     7 tables,
//     the partnerships numbered from the players (Partnership) so that a
//     table's NS and EW are pairs as in any other movement.
//   - Validation and balance (validate.go): Validate checks a movement
//     holds together and reports how often each pair meets each other on
//     the same cards (the comparison matrix) and the balance of it;
//     CheckRounds checks a movement changed during play.
//   - Table cards and guide cards (cards.go): what each table and each pair
//     is told to do, round by round.
//
// Errors are *scoring.Error values naming the field, the value given, the
// problem and what is allowed; tournament puts them under the field of the
// request ("movement.…").
//
// What it does not hold: a section's spec and the checks against the
// bounds a request is held to (tournament: MovementSpec, limits.go),
// storing a movement (db), showing or printing it (api/web, reports).
//
// The package imports scoring and the standard library only.
package movement
