package db

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// The SQLSTATE codes the store turns into tournament errors.
const (
	codeUniqueViolation       = "23505"
	codeForeignKeyViolation   = "23503"
	codeCheckViolation        = "23514"
	codeNotNullViolation      = "23502"
	codeNumericOutOfRange     = "22003"
	codeInvalidDatetimeFormat = "22007"
	codeDatetimeFieldOverflow = "22008"
	codeInvalidTextRepr       = "22P02"
	codeCharacterNotInCharset = "22021"
	codeUntranslatableChar    = "22P05"
	codeInvalidParameterValue = "22023"
	codeStringDataRightTrunc  = "22001"

	// Class 53, insufficient resources: tournament.Unavailable (see
	// unavailable), answered 503 with Retry-After.
	codeInsufficientResources = "53000"
	codeDiskFull              = "53100"
	codeOutOfMemory           = "53200"
	codeTooManyConnections    = "53300"
)

// The constraints whose violations the store names specially
// (migrations/).
const (
	conResultsSlot       = "results_slot_key"
	conPairsNumber       = "pairs_section_number_key"
	conTeamsNumber       = "teams_section_number_key"
	conSectionsName      = "sections_session_name_key"
	conBoardsNumber      = "boards_pkey"
	conTokensHash        = "tokens_hash_key"
	conMovementRoundFkey = "movement_rounds_round_fkey"
	conMovementRoundsKey = "movement_rounds_pkey"
)

// check is what a CHECK constraint refuses, in a user's words.
type check struct {
	field   string
	message string
	allowed []string
}

var (
	seatNames     = []string{"N", "E", "S", "W"}
	statusNames   = func() []string { return names(tournament.Statuses) }()
	methodNames   = func() []string { return names(tournament.Methods) }()
	lawNames      = scoring.LawNames()
	conventions   = scoring.ConventionNames()
	kindNames     = []string{"custom", "mitchell", "howell", "teams"}
	nonNegative   = "must not be negative"
	numberedFrom1 = "numbered from 1"
)

// checks are the schema's CHECK constraints by name (see migrations/).
var checks = map[string]check{
	"events_name_check":                 {"name", "must not be empty", nil},
	"swiss_drafts_round_check":          {"round", "a Swiss draft pairs round 2 or later (round 1 is paired by number)", nil},
	"swiss_drafts_version_check":        {"version", "a draft's version is " + numberedFrom1, nil},
	"swiss_drafts_matches_check":        {"matches", "must be a list of matches", nil},
	"board_versions_board_check":        {"board", "a board is " + numberedFrom1, nil},
	"board_versions_round_check":        {"round", "a round is " + numberedFrom1, nil},
	"board_versions_table_check":        {"table", "a table is " + numberedFrom1, nil},
	"board_versions_version_check":      {"board_version", "a fouled board's version is 2 to 4 (1, as dealt, is not stored)", nil},
	"events_date_check":                 {"date", "not a date: write YYYY-MM-DD", nil},
	"events_law_check":                  {"law", "not a law code traveler knows", lawNames},
	"events_law_options_check":          {"law_options", "must be an object of option names and values", nil},
	"events_convention_check":           {"convention", "a convention's name is at most 40 characters", conventions},
	"sections_law_check":                {"law", "not a law code traveler knows", lawNames},
	"sections_law_options_check":        {"law_options", "an object of option names and values, and only with a law code of the section's own", nil},
	"events_scoring_check":              {"scoring", "not a scoring method", methodNames},
	"events_overall_field_check":        {"overall.field", "not a way to score sections", []string{tournament.FieldSection, tournament.FieldAcross}},
	"events_overall_method_check":       {"overall.method", "not a way to rank sessions together", []string{tournament.OverallSum, tournament.OverallCarryOver}},
	"events_carry_over_check":           {"overall.carry_over", "1 to 99 with method carryover, 0 with sum", []string{"1–99"}},
	"events_same_pair_check":            {"overall.same_pair", "not a way to know a pair again", []string{tournament.SamePlayers, tournament.SameNumber}},
	"sessions_number_check":             {"session", "a session is " + numberedFrom1, nil},
	"sections_name_check":               {"name", "must not be empty", nil},
	"sections_kind_check":               {"movement.kind", "not a kind of movement", kindNames},
	"sections_winners_check":            {"movement.winners", "a movement has 1 or 2 winners", []string{"1", "2"}},
	"sections_pairs_check":              {"movement.pairs", nonNegative, nil},
	"sections_players_check":            {"movement.players", nonNegative, nil},
	"sections_tables_check":             {"movement.tables", nonNegative, nil},
	"sections_boards_check":             {"movement.boards", nonNegative, nil},
	"sections_phantom_check":            {"movement.phantom", "no such pair: 0 (none) or a pair of the movement", nil},
	"sections_rounds_check":             {"movement.rounds", nonNegative, nil},
	"sections_current_round_check":      {"round", "not a round of the section's movement", nil},
	"movement_rests_round_check":        {"movement.rounds", "a round is " + numberedFrom1, nil},
	"movement_rounds_table_check":       {"movement.rounds.tables", "a table is " + numberedFrom1, nil},
	"movement_rounds_ns_check":          {"movement.rounds.tables.ns", nonNegative, nil},
	"movement_rounds_ew_check":          {"movement.rounds.tables.ew", nonNegative, nil},
	"movement_rounds_match_check":       {"movement.rounds.tables.match", nonNegative, nil},
	"movement_teams_number_check":       {"movement.teams", "a team is " + numberedFrom1, nil},
	"pairs_number_check":                {"number", "must not be empty", nil},
	"pairs_direction_check":             {"direction", "not a direction", []string{"NS", "EW", ""}},
	"pairs_team_check":                  {"team", "a team is " + numberedFrom1 + " (0: none)", nil},
	"teams_number_check":                {"number", "a team is " + numberedFrom1, nil},
	"pairs_stratum_check":               {"stratum", "a stratum's name is at most 10 characters", nil},
	"pairs_handicap_check":              {"handicap", "a handicap is from -1000 to 1000", nil},
	"teams_stratum_check":               {"stratum", "a stratum's name is at most 10 characters", nil},
	"teams_handicap_check":              {"handicap", "a handicap is from -1000 to 1000", nil},
	"sections_grading_check":            {"grading", "must be an object of strata and a handicap option", nil},
	"penalties_amount_check":            {"amount", "a penalty's amount is more than 0 and at most 1000", nil},
	"penalties_board_check":             {"board", "a board is " + numberedFrom1 + " (0: none)", nil},
	"penalties_direction_check":         {"direction", "not a direction", []string{"NS", "EW", ""}},
	"penalties_number_check":            {"number", "a pair's or team's number is 1 to 10 characters", nil},
	"penalties_reason_check":            {"reason", "a reason is 1 to 200 characters", nil},
	"penalties_unit_check":              {"unit", "not a unit", []string{"mp", "percent_top", "imp", "vp"}},
	"point_corrections_board_check":     {"board", "a board is " + numberedFrom1, nil},
	"point_corrections_round_check":     {"round", "a round is " + numberedFrom1, nil},
	"point_corrections_table_check":     {"table", "a table is " + numberedFrom1, nil},
	"point_corrections_side_check":      {"side", "not a side", []string{"NS", "EW"}},
	"point_corrections_points_check":    {"points", "a line's points are from -1000 to 1000", nil},
	"point_corrections_reason_check":    {"reason", "a reason is 1 to 200 characters", nil},
	"players_name_check":                {"name", "a player's name is 1 to 200 characters", nil},
	"players_number_check":              {"number", "a membership number is 1 to 30 characters (leave it out when there is none)", nil},
	"boards_number_check":               {"number", "a board is " + numberedFrom1, nil},
	"boards_dealer_check":               {"dealer", "not a seat", seatNames},
	"boards_vulnerability_check":        {"vulnerable", "not a vulnerability", []string{"None", "NS", "EW", "All"}},
	"boards_deal_check":                 {"deal", "must not be empty (leave it out when there is no hand record)", nil},
	"board_analyses_tricks_check":       {"tricks", "a double-dummy table is 20 trick counts, each 0 to 13", nil},
	"board_analyses_nullo_tricks_check": {"nullo", "a nullo table is 4 trick counts, one a declarer seat, each 0 to 13", nil},
	"results_board_check":               {"board", "a board is " + numberedFrom1, nil},
	"results_round_check":               {"round", "a round is " + numberedFrom1, nil},
	"results_table_check":               {"table", "a table is " + numberedFrom1, nil},
	"results_status_check":              {"status", "not a status", statusNames},
	"results_contract_check":            {"contract", "must not be empty", nil},
	"results_declarer_check":            {"declarer", "not a seat", seatNames},
	"results_tricks_check":              {"tricks", "a side wins 0 to 13 tricks", nil},
	"results_lead_check":                {"lead", "must not be empty (leave it out when not recorded)", nil},
	"results_ns_percent_check":          {"ns_percent", "a percentage of the top, 0 to 100", nil},
	"results_ew_percent_check":          {"ew_percent", "a percentage of the top, 0 to 100", nil},
	"results_auction_check":             {"auction", "the calls from the dealer, as a list", nil},
	"results_query_check":               {"query", "at most 500 characters: say what the query is about in short", nil},
	"results_version_check":             {"version", "a version is " + numberedFrom1, nil},
	"results_played_check":              {"status", "a played result needs a contract, a declarer and tricks", nil},
	"results_tricks_played_check":       {"tricks", "only a played result has tricks", nil},
	"audit_action_check":                {"action", "not an audited action", []string{"insert", "update", "delete", "rescore"}},
	"tokens_role_check":                 {"role", "not a role a token is stored for", []string{"director", "table"}},
	"tokens_table_check":                {"table", "a table is " + numberedFrom1, nil},
	"tokens_hash_check":                 {"hash", "too short for a token's hash", nil},
	"tokens_scope_check":                {"table", "a table token names its section and table; a director token neither", nil},
	"tokens_expiry_check":               {"expires_at", "a token expires after it is made", nil},
	"sign_ins_name_check":               {"name", "at most 200 bytes", nil},
	"sign_ins_agent_check":              {"agent", "at most 200 bytes", nil},
	"sign_ins_hash_check":               {"hash", "too short for a sign-in's hash", nil},
	"sign_ins_expiry_check":             {"expires_at", "a sign-in expires after it is made", nil},
	"events_file_digest_check":          {"file", "a file's digest is a sha-256, 32 bytes", nil},
	"changes_kind_check":                {"kind", "not a kind of change", []string{"event", "section", "pair", "team"}},
	"changes_action_check":              {"action", "not a change that is kept", []string{"update", "delete", "withdraw"}},
}

// parents names the row each foreign key points to, by constraint name.
var parents = map[string]string{
	"sessions_event_fkey":           "event",
	"sections_session_fkey":         "session",
	"movement_rests_section_fkey":   "section",
	"movement_teams_section_fkey":   "section",
	"pairs_section_fkey":            "section",
	"teams_section_fkey":            "section",
	"boards_section_fkey":           "section",
	"results_section_fkey":          "section",
	"audit_section_fkey":            "section",
	"idempotency_keys_section_fkey": "section",
	"tokens_section_fkey":           "section",
	"board_versions_section_fkey":   "section",
}

// names returns the strings of a list of string kinds.
func names[T ~string](list []T) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = string(v)
	}
	return out
}

// ids are the rows an operation is about, to name a missing parent.
type ids struct {
	event   int64
	section int64
}

// translate turns an error from pgx into a tournament error a user can act
// on; anything else (a lost connection, a bug) is wrapped with op and stays
// for the log, never for the user.
func translate(op string, err error, k ids) error {
	if err == nil {
		return nil
	}
	var te *tournament.Error
	if errors.As(err, &te) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return fmt.Errorf("db: %s: %w", op, err)
	}
	switch pe.Code {
	case codeCheckViolation:
		if c, ok := checks[pe.ConstraintName]; ok {
			return tournament.Invalidf(c.field, c.message, c.allowed...)
		}
		return tournament.Invalidf("", "a value is out of range")
	case codeNotNullViolation:
		return tournament.Invalidf(fieldOf(pe.ColumnName), "must be given")
	case codeForeignKeyViolation:
		if pe.ConstraintName == conMovementRoundFkey {
			return tournament.Invalidf("movement.rounds", "a table is in a round the movement does not list")
		}
		switch parents[pe.ConstraintName] {
		case "event":
			return tournament.NotFoundf("event", k.event)
		case "section":
			return tournament.NotFoundf("section", k.section)
		case "session":
			return &tournament.Error{Kind: tournament.ErrNotFound, Message: "the session does not exist"}
		}
		// A row still pointed to: a delete this store does not make.
		return &tournament.Error{Kind: tournament.ErrConflict, Message: "it is still in use"}
	case codeUniqueViolation:
		switch pe.ConstraintName {
		case conSectionsName:
			return &tournament.Error{Kind: tournament.ErrConflict, Field: "name", Message: "the session already has a section with this name"}
		case conBoardsNumber:
			return tournament.Invalidf("number", "a board is given twice")
		case conTokensHash:
			return &tournament.Error{Kind: tournament.ErrConflict, Message: "a token with this hash already exists"}
		case conMovementRoundsKey:
			return tournament.Invalidf("movement.rounds", "a table is in play twice in one round")
		}
		return &tournament.Error{Kind: tournament.ErrConflict, Message: "it already exists"}
	case codeInvalidDatetimeFormat, codeDatetimeFieldOverflow:
		return tournament.Invalidf("date", "not a date: write YYYY-MM-DD")
	case codeNumericOutOfRange:
		return tournament.Invalidf("", "a number is too large")
	case codeCharacterNotInCharset, codeUntranslatableChar:
		return tournament.Invalidf("", "text must be UTF-8 without NUL characters")
	case codeInvalidTextRepr, codeInvalidParameterValue, codeStringDataRightTrunc:
		return tournament.Invalidf("", "a value cannot be stored")
	}
	return fmt.Errorf("db: %s: %w", op, err)
}

// fieldOf names the input field a column holds.
func fieldOf(column string) string {
	switch column {
	case "table_no":
		return "table"
	case "vulnerability":
		return "vulnerable"
	}
	return column
}

// isUnique reports whether err is a unique violation of constraint.
func isUnique(err error, constraint string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == codeUniqueViolation && pe.ConstraintName == constraint
}

// notFound turns pgx.ErrNoRows into ErrNotFound naming what with id.
func notFound(op string, err error, what string, id int64) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return tournament.NotFoundf(what, id)
	}
	return translate(op, err, ids{})
}
