package main

import (
	"fmt"
	"sort"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
)

// teamRoom is one room's result on a board of a team match.
type teamRoom struct {
	line   travelerLine // ns and ew are the teams sitting there
	home   string
	visit  string
	room   string
	table  string
	imps   float64 // the IMPs NS won, once compared
	counts bool    // the first of the two compared rooms: it carries the board into the teams' totals
}

// teamMatchKey names a board of a match: the board and the two teams, in name order.
type teamMatchKey struct {
	board int
	a, b  string
}

// rescoreTeams reads a PBN file's rooms, pairs the two rooms of every
// match on every board and IMPs them: the NS team's net score is its NS
// score in this room less the other team's NS score in the other room.
//
// Which team sat NS: when the two rooms list HomeTeam and VisitTeam the
// other way round (as teams_imps_2021.pbn does), HomeTeam is the NS team
// of each room; when they list them the same way, the home team sits NS in
// the open room and EW in the closed one (Room "Closed", or without Room
// tags the second room in the file).
func rescoreTeams(results []reports.PBNResult) (*rescored, error) {
	if len(results) == 0 {
		return nil, fmt.Errorf("PBN: the file holds no games")
	}
	out := &rescored{event: results[0].Event, method: methodTeams}
	matches := map[teamMatchKey][]*teamRoom{}
	var order []teamMatchKey
	rooms := make([]*teamRoom, 0, len(results))
	for i := range results {
		r := &results[i]
		if r.HomeTeam == "" || r.VisitTeam == "" || r.Board == 0 {
			return nil, fmt.Errorf("PBN line %d: a teams game needs Board, HomeTeam and VisitTeam tags (rescore reads a PBN file as two-room team matches, IMP_TEAMS)", r.Line)
		}
		tr := &teamRoom{home: r.HomeTeam, visit: r.VisitTeam, room: r.Room, table: r.Table,
			line: travelerLine{board: r.Board, fileLine: r.Line}}
		vul := scoring.BoardVulnerability(r.Board)
		if r.HasVulnerable {
			vul = r.Vulnerable
		}
		p := playedResult{
			contract: r.Contract, hasContract: r.HasContract, declarer: r.Declarer, hasDeclarer: r.HasDeclarer,
			tricks: r.Tricks, hasTricks: r.HasTricks, vul: vul,
		}
		if r.HasScore {
			p.fileScore = reports.LineScore{Text: fmt.Sprint(r.Score), Points: r.Score}
		}
		note, err := p.lineKind(&tr.line)
		if err != nil {
			return nil, fmt.Errorf("PBN line %d: board %d, %s v %s: %w", r.Line, r.Board, r.HomeTeam, r.VisitTeam, err)
		}
		if note != "" {
			out.notes = append(out.notes, fmt.Sprintf("PBN line %d: board %d, %s v %s: %s", r.Line, r.Board, r.HomeTeam, r.VisitTeam, note))
		}
		k := teamMatchKey{board: r.Board, a: min(r.HomeTeam, r.VisitTeam), b: max(r.HomeTeam, r.VisitTeam)}
		if _, ok := matches[k]; !ok {
			order = append(order, k)
		}
		matches[k] = append(matches[k], tr)
		rooms = append(rooms, tr)
	}
	for _, k := range order {
		if err := out.compareRooms(k, matches[k]); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(rooms, func(i, j int) bool { return rooms[i].line.board < rooms[j].line.board })
	totals := map[string]float64{}
	played := map[string]int{}
	for _, tr := range rooms {
		l := tr.line
		out.lines = append(out.lines, lineResult{board: l.board, ns: l.ns, ew: l.ew, score: l.score,
			hasScore: l.kind == scoring.LinePlayed, nsPoints: tr.imps, ewPoints: 0 - tr.imps, fileLine: l.fileLine})
		if _, ok := totals[l.ns]; !ok {
			totals[l.ns], totals[l.ew] = 0, 0
		}
		if tr.counts {
			totals[l.ns] += tr.imps
			totals[l.ew] -= tr.imps
			played[l.ns]++
			played[l.ew]++
		}
	}
	keys := make([]string, 0, len(totals))
	for team := range totals {
		keys = append(keys, team)
	}
	sort.Strings(keys)
	list := make([]float64, len(keys))
	for i, team := range keys {
		list[i] = totals[team]
		out.pairs = append(out.pairs, pairResult{number: team, total: totals[team], played: played[team]})
	}
	rankPerDirection(out.pairs, list)
	sortStandings(out.pairs)
	return out, nil
}

// compareRooms seats the teams of one board of a match and IMPs the two rooms.
func (out *rescored) compareRooms(k teamMatchKey, rooms []*teamRoom) error {
	if len(rooms) > 2 {
		return fmt.Errorf("PBN line %d: board %d of %s v %s is in the file %d times; a match has two rooms", rooms[2].line.fileLine, k.board, k.a, k.b, len(rooms))
	}
	if len(rooms) == 1 {
		r := rooms[0]
		r.line.ns, r.line.ew = seatTeams(r, r.room == "Closed")
		out.notes = append(out.notes, fmt.Sprintf("PBN line %d: board %d, %s v %s: only one room (table %s) is in the file, so the board cannot be IMPed: 0 IMPs",
			r.line.fileLine, k.board, r.home, r.visit, r.table))
		return nil
	}
	a, b := rooms[0], rooms[1]
	if a.home == b.visit && a.visit == b.home && a.home != a.visit {
		a.line.ns, a.line.ew = a.home, a.visit
		b.line.ns, b.line.ew = b.home, b.visit
	} else {
		closedFirst := a.room == "Closed" && b.room != "Closed"
		a.line.ns, a.line.ew = seatTeams(a, closedFirst)
		b.line.ns, b.line.ew = seatTeams(b, !closedFirst)
	}
	if a.line.kind != scoring.LinePlayed || b.line.kind != scoring.LinePlayed {
		out.notes = append(out.notes, fmt.Sprintf("PBN line %d: board %d, %s v %s: a room has no result, so the board is not IMPed: 0 IMPs",
			a.line.fileLine, k.board, k.a, k.b))
		return nil
	}
	a.imps = float64(scoring.IMPs(a.line.score - b.line.score))
	b.imps = float64(scoring.IMPs(b.line.score - a.line.score))
	a.counts = true
	return nil
}

// seatTeams returns the NS and EW teams of a room: the home team sits NS
// unless this is the closed room.
func seatTeams(r *teamRoom, closed bool) (ns, ew string) {
	if closed {
		return r.visit, r.home
	}
	return r.home, r.visit
}
