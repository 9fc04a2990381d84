package db

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// resultColumns are the columns of a result, in the order scanResult reads
// them and resultRow names them in JSON.
const resultColumns = `id, section_id, board, round, table_no, ns, ew, status, contract, declarer, tricks,
	revokes, honours, chicane, lead, ns_percent, ew_percent, assigned, ns_score, version,
	entered_by, entered_at, updated_at, query, auction`

// resultRColumns are resultColumns qualified with the alias r.
const resultRColumns = `r.id, r.section_id, r.board, r.round, r.table_no, r.ns, r.ew, r.status, r.contract,
	r.declarer, r.tricks, r.revokes, r.honours, r.chicane, r.lead, r.ns_percent, r.ew_percent, r.assigned,
	r.ns_score, r.version, r.entered_by, r.entered_at, r.updated_at, r.query, r.auction`

// resultRecord is the column definition list that reads a resultRow's JSON
// back in SQL (jsonb_to_record).
const resultRecord = `(board int, round int, table_no int, ns text, ew text, status text,
	contract text, declarer text, tricks int, revokes jsonb, honours jsonb, chicane jsonb, lead text,
	ns_percent int, ew_percent int, assigned jsonb, ns_score int, entered_by text, entered_at timestamptz,
	query text, auction jsonb)`

// resultRow is a result as stored: the columns of the results table, and
// their JSON (to_jsonb of a row, as the audit keeps it; the input of
// jsonb_to_record). Empty strings and tricks not played are NULL.
type resultRow struct {
	ID        int64          `json:"id,omitzero"`
	SectionID int64          `json:"section_id,omitzero"`
	Board     int            `json:"board"`
	Round     int            `json:"round"`
	Table     int            `json:"table_no"`
	NS        string         `json:"ns"`
	EW        string         `json:"ew"`
	Status    string         `json:"status"`
	Contract  *string        `json:"contract"`
	Declarer  *string        `json:"declarer"`
	Tricks    *int           `json:"tricks"`
	Revokes   []revokeJSON   `json:"revokes"`
	Honours   map[string]int `json:"honours"`
	Chicane   []string       `json:"chicane"`
	Lead      *string        `json:"lead"`
	NSPercent int            `json:"ns_percent"`
	EWPercent int            `json:"ew_percent"`
	Assigned  []assignedJSON `json:"assigned"`
	NSScore   int            `json:"ns_score"`
	Version   int            `json:"version,omitzero"`
	EnteredBy string         `json:"entered_by"`
	EnteredAt time.Time      `json:"entered_at,omitzero"`
	UpdatedAt time.Time      `json:"updated_at,omitzero"`
	Query     string         `json:"query"`
	Auction   []string       `json:"auction"` // NULL when not recorded
}

// revokeJSON is a tournament.RevokeLine in JSON.
type revokeJSON struct {
	Side    string `json:"side"`
	Penalty string `json:"penalty,omitempty"`
}

// assignedJSON is a tournament.AssignedPart in JSON; Side "ew" marks a part
// of the EW side's own score on a split score (Law 12C1(b)), kept in the same
// column as the NS side's (no side: a part of the NS side's, or of both).
type assignedJSON struct {
	NSScore int     `json:"ns_score"`
	Weight  float64 `json:"weight"`
	Side    string  `json:"side,omitempty"`
}

// playerJSON is a tournament.Player in JSON.
type playerJSON struct {
	Name   string `json:"name"`
	Number string `json:"number,omitempty"`
	From   int    `json:"from,omitempty"` // an individual's substitute's first round (tournament.Player.From)
	To     int    `json:"to,omitempty"`   // and last; 0: to the end
}

// specJSON is a tournament.MovementSpec in JSON.
type specJSON struct {
	Kind           string           `json:"kind"`
	Tables         int              `json:"tables,omitzero"`
	Pairs          int              `json:"pairs,omitzero"`
	Teams          int              `json:"teams,omitzero"`
	Rounds         int              `json:"rounds,omitzero"`
	BoardsPerRound int              `json:"boards_per_round,omitzero"`
	Even           string           `json:"even,omitzero"`
	SkipAfter      int              `json:"skip_after,omitzero"`
	Missing        int              `json:"missing,omitzero"`
	Phantom        bool             `json:"phantom,omitzero"`
	ArrowSwitch    []int            `json:"arrow_switch"`
	Variant        string           `json:"variant,omitzero"`
	Switches       []switchJSON     `json:"switches,omitempty"`
	RoverTables    []int            `json:"rover_tables,omitempty"`
	Appendix       int              `json:"appendix,omitzero"`
	ShareBoards    bool             `json:"share_boards,omitzero"`
	Schedule       []roundJSON      `json:"schedule"`
	Winners        int              `json:"winners,omitzero"`
	Unbalanced     bool             `json:"unbalanced,omitzero"`
	VPScale        string           `json:"vp_scale,omitzero"`
	VPTable        []int            `json:"vp_table,omitempty"`
	ByeVPs         *float64         `json:"bye_vps,omitempty"`
	CarryTeam      int              `json:"carry_team,omitzero"`
	CarryIMPs      float64          `json:"carry_imps,omitzero"`
	TieRule        string           `json:"tie_rule,omitzero"`
	From           []int64          `json:"from,omitempty"`
	Players        int              `json:"players,omitzero"`
	Withdrawn      []withdrawalJSON `json:"withdrawn,omitempty"`
}

// switchJSON is a movement.Switch in JSON; the fields are the same, so one
// converts to the other.
type switchJSON struct {
	Round  int   `json:"round"`
	Tables []int `json:"tables"`
}

// withdrawalJSON is a tournament.SwissWithdrawal in JSON.
type withdrawalJSON struct {
	Number    int `json:"number"`
	FromRound int `json:"from_round"`
}

// withdrawalsToJSON writes a Swiss's withdrawals; nil for none.
func withdrawalsToJSON(ws []tournament.SwissWithdrawal) []withdrawalJSON {
	var out []withdrawalJSON
	for _, w := range ws {
		out = append(out, withdrawalJSON(w))
	}
	return out
}

// withdrawalsFromJSON reads a Swiss's withdrawals; nil for none.
func withdrawalsFromJSON(ws []withdrawalJSON) []tournament.SwissWithdrawal {
	var out []tournament.SwissWithdrawal
	for _, w := range ws {
		out = append(out, tournament.SwissWithdrawal(w))
	}
	return out
}

// roundJSON is a movement.Round in JSON.
type roundJSON struct {
	Number   int                 `json:"number"`
	Tables   []scheduleTableJSON `json:"tables"`
	SitOut   []int               `json:"sit_out"`
	ByeStand []int               `json:"bye_stand"`
}

// scheduleTableJSON is a movement.Table in JSON; the field names are the
// same, so one converts to the other.
type scheduleTableJSON struct {
	Table       int   `json:"table"`
	NS          int   `json:"ns"`
	EW          int   `json:"ew"`
	Boards      []int `json:"boards"`
	ArrowSwitch bool  `json:"arrow_switch,omitzero"`
	Match       int   `json:"match,omitzero"`
	Players     []int `json:"players,omitempty"`
}

// specToJSON returns a movement spec as stored.
func specToJSON(sp *tournament.MovementSpec) specJSON {
	out := specJSON{
		Kind: sp.Kind, Tables: sp.Tables, Pairs: sp.Pairs, Teams: sp.Teams, Rounds: sp.Rounds,
		BoardsPerRound: sp.BoardsPerRound, Even: sp.Even, SkipAfter: sp.SkipAfter, Missing: sp.Missing,
		Phantom: sp.Phantom, ArrowSwitch: sp.ArrowSwitch, ShareBoards: sp.ShareBoards, Winners: sp.Winners, Unbalanced: sp.Unbalanced,
		VPScale: sp.VPScale, VPTable: sp.VPTable, ByeVPs: sp.ByeVPs,
		CarryTeam: sp.CarryTeam, CarryIMPs: sp.CarryIMPs, TieRule: sp.TieRule, From: sp.From, Players: sp.Players, Withdrawn: withdrawalsToJSON(sp.Withdrawn),
		Variant: sp.Variant, RoverTables: sp.RoverTables, Appendix: sp.Appendix,
	}
	for _, sw := range sp.Switches {
		out.Switches = append(out.Switches, switchJSON(sw))
	}
	if sp.Schedule != nil {
		out.Schedule = make([]roundJSON, len(sp.Schedule))
		for i, r := range sp.Schedule {
			rj := roundJSON{Number: r.Number, SitOut: r.SitOut, ByeStand: r.ByeStand}
			if r.Tables != nil {
				rj.Tables = make([]scheduleTableJSON, len(r.Tables))
				for j, t := range r.Tables {
					rj.Tables[j] = scheduleTableJSON(t)
				}
			}
			out.Schedule[i] = rj
		}
	}
	return out
}

// spec returns the stored movement spec.
func (sj *specJSON) spec() tournament.MovementSpec {
	out := tournament.MovementSpec{
		Kind: sj.Kind, Tables: sj.Tables, Pairs: sj.Pairs, Teams: sj.Teams, Rounds: sj.Rounds,
		BoardsPerRound: sj.BoardsPerRound, Even: sj.Even, SkipAfter: sj.SkipAfter, Missing: sj.Missing,
		Phantom: sj.Phantom, ArrowSwitch: sj.ArrowSwitch, ShareBoards: sj.ShareBoards, Winners: sj.Winners, Unbalanced: sj.Unbalanced,
		VPScale: sj.VPScale, VPTable: sj.VPTable, ByeVPs: sj.ByeVPs,
		CarryTeam: sj.CarryTeam, CarryIMPs: sj.CarryIMPs, TieRule: sj.TieRule, From: sj.From, Players: sj.Players, Withdrawn: withdrawalsFromJSON(sj.Withdrawn),
		Variant: sj.Variant, RoverTables: sj.RoverTables, Appendix: sj.Appendix,
	}
	for _, sw := range sj.Switches {
		out.Switches = append(out.Switches, movement.Switch(sw))
	}
	if sj.Schedule != nil {
		out.Schedule = make([]movement.Round, len(sj.Schedule))
		for i, rj := range sj.Schedule {
			r := movement.Round{Number: rj.Number, SitOut: rj.SitOut, ByeStand: rj.ByeStand}
			if rj.Tables != nil {
				r.Tables = make([]movement.Table, len(rj.Tables))
				for j, t := range rj.Tables {
					r.Tables[j] = movement.Table(t)
				}
			}
			out.Schedule[i] = r
		}
	}
	return out
}

// nullString is s, or nil (NULL) when s is "".
func nullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// scanDeal reads a deal as stored (its PBN value, scoring.Deal.PBN): the
// one place a stored deal's text becomes a scoring.Deal. One that does not
// read is the store's error (a 500), not a *scoring.Error about the input.
func scanDeal(text string) (scoring.Deal, error) {
	d, err := scoring.ParseDeal("deal", text)
	if err != nil {
		return d, fmt.Errorf("stored deal %q does not read: %v", text, err)
	}
	return d, nil
}

// deref is *p, or "" when p is nil.
func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// rowOf returns r as stored. Tricks are kept for a played result only.
func rowOf(r *tournament.Result) resultRow {
	row := resultRow{
		ID: r.ID, SectionID: r.SectionID, Board: r.Board, Round: r.Round, Table: r.Table,
		NS: r.NS, EW: r.EW, Status: string(r.Status),
		Contract: nullString(r.Contract), Declarer: nullString(r.Declarer), Lead: nullString(r.Lead),
		Honours: r.Honours, Chicane: r.Chicane,
		NSPercent: r.NSPercent, EWPercent: r.EWPercent, NSScore: r.NSScore,
		Version: r.Version, EnteredBy: r.EnteredBy, EnteredAt: r.EnteredAt, UpdatedAt: r.UpdatedAt,
		Query: r.Query,
	}
	if len(r.Auction) > 0 { // no calls are no auction: NULL
		row.Auction = r.Auction
	}
	if r.Status == tournament.StatusPlayed {
		t := r.Tricks
		row.Tricks = &t
	}
	if r.Revokes != nil {
		row.Revokes = make([]revokeJSON, len(r.Revokes))
		for i, v := range r.Revokes {
			row.Revokes[i] = revokeJSON(v)
		}
	}
	if r.Assigned != nil {
		row.Assigned = make([]assignedJSON, 0, len(r.Assigned)+len(r.EWAssigned))
		for _, v := range r.Assigned {
			row.Assigned = append(row.Assigned, assignedJSON{NSScore: v.NSScore, Weight: v.Weight})
		}
		for _, v := range r.EWAssigned {
			row.Assigned = append(row.Assigned, assignedJSON{NSScore: v.NSScore, Weight: v.Weight, Side: "ew"})
		}
	}
	return row
}

// result returns the stored row as a tournament.Result, its times in UTC.
func (row *resultRow) result() tournament.Result {
	r := tournament.Result{
		ID: row.ID, SectionID: row.SectionID, Board: row.Board, Round: row.Round, Table: row.Table,
		NS: row.NS, EW: row.EW, Status: tournament.Status(row.Status),
		Contract: deref(row.Contract), Declarer: deref(row.Declarer), Lead: deref(row.Lead),
		Honours: row.Honours, Chicane: row.Chicane,
		NSPercent: row.NSPercent, EWPercent: row.EWPercent, NSScore: row.NSScore,
		Version: row.Version, EnteredBy: row.EnteredBy,
		EnteredAt: row.EnteredAt.UTC(), UpdatedAt: row.UpdatedAt.UTC(), Query: row.Query,
		Auction: row.Auction,
	}
	if row.Tricks != nil {
		r.Tricks = *row.Tricks
	}
	if row.Revokes != nil {
		r.Revokes = make([]tournament.RevokeLine, len(row.Revokes))
		for i, v := range row.Revokes {
			r.Revokes[i] = tournament.RevokeLine(v)
		}
	}
	if row.Assigned != nil {
		r.Assigned = make([]tournament.AssignedPart, 0, len(row.Assigned))
		for _, v := range row.Assigned {
			p := tournament.AssignedPart{NSScore: v.NSScore, Weight: v.Weight}
			if v.Side == "ew" {
				r.EWAssigned = append(r.EWAssigned, p)
			} else {
				r.Assigned = append(r.Assigned, p)
			}
		}
	}
	return r
}

// scanResult reads a row of resultColumns.
func scanResult(row pgx.CollectableRow) (tournament.Result, error) { return resultScanner()(row) }

// resultScanner returns a scanResult that reads every row of one query
// through the same resultRow and destinations: one allocation a query, not
// one a row (the standings of a 200-table section read 20,000).
func resultScanner() pgx.RowToFunc[tournament.Result] {
	var r resultRow
	dest := []any{&r.ID, &r.SectionID, &r.Board, &r.Round, &r.Table, &r.NS, &r.EW, &r.Status,
		&r.Contract, &r.Declarer, &r.Tricks, &r.Revokes, &r.Honours, &r.Chicane, &r.Lead,
		&r.NSPercent, &r.EWPercent, &r.Assigned, &r.NSScore, &r.Version,
		&r.EnteredBy, &r.EnteredAt, &r.UpdatedAt, &r.Query, &r.Auction}
	return func(row pgx.CollectableRow) (tournament.Result, error) {
		r = resultRow{} // nothing of the last row carried into this one
		if err := row.Scan(dest...); err != nil {
			return tournament.Result{}, err
		}
		return r.result(), nil
	}
}

// resultFromJSON reads a result the audit kept (to_jsonb of a results
// row); nil JSON is no result.
func resultFromJSON(b []byte) (*tournament.Result, error) {
	if b == nil {
		return nil, nil
	}
	var row resultRow
	if err := json.Unmarshal(b, &row); err != nil {
		return nil, fmt.Errorf("an audited result: %w", err)
	}
	r := row.result()
	return &r, nil
}

// playersJSON returns players as JSON; nil players are NULL.
func playersJSON(players []tournament.Player) ([]byte, error) {
	if players == nil {
		return nil, nil
	}
	out := make([]playerJSON, len(players))
	for i, p := range players {
		out[i] = playerJSON(p)
	}
	return json.Marshal(out)
}

// playersFrom reads players stored as JSON; NULL is nil.
func playersFrom(b []byte) ([]tournament.Player, error) {
	if b == nil {
		return nil, nil
	}
	var in []playerJSON
	if err := json.Unmarshal(b, &in); err != nil {
		return nil, fmt.Errorf("stored players: %w", err)
	}
	if in == nil {
		return nil, nil
	}
	out := make([]tournament.Player, len(in))
	for i, p := range in {
		out[i] = tournament.Player(p)
	}
	return out, nil
}

// lawOptionsFrom reads an event's law options: whole numbers as int,
// switches as bool.
func lawOptionsFrom(b []byte) (tournament.LawOptions, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var raw map[string]any
	if err := d.Decode(&raw); err != nil {
		return nil, fmt.Errorf("stored law options: %w", err)
	}
	opts := make(tournament.LawOptions, len(raw))
	for k, v := range raw {
		if n, ok := v.(json.Number); ok {
			if i, err := n.Int64(); err == nil {
				opts[k] = int(i)
				continue
			}
			f, err := n.Float64()
			if err != nil {
				return nil, fmt.Errorf("stored law option %s: %w", k, err)
			}
			opts[k] = f
			continue
		}
		opts[k] = v
	}
	return opts, nil
}
