package web

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/tournament"
)

// lineGroup is the lines of a traveler that played one version of the
// board, compared among themselves: one group unless the board was fouled.
type lineGroup struct {
	ID       string // the table's id: "traveler", then "traveler-v2" …
	Version  int    // 1 as dealt, 2 … a fouled version
	Caption  string
	Datum    *int // BUTLER: this version's datum, on a fouled board
	Lines    []lineView
	Director bool
}

// groupLines sorts a traveler's lines by the version of the board they
// played, version 1 (as dealt) first, keeping their order within each.
func groupLines(t tournament.Traveler, lines []lineView, director bool) []lineGroup {
	var versions []int
	by := map[int][]lineView{}
	for _, l := range lines {
		v := l.PlayedVersion()
		if _, ok := by[v]; !ok {
			versions = append(versions, v)
		}
		by[v] = append(by[v], l)
	}
	slices.Sort(versions)
	out := make([]lineGroup, len(versions))
	for i, v := range versions {
		g := lineGroup{ID: "traveler", Version: v, Lines: by[v], Director: director}
		n := len(g.Lines)
		results := strconv.Itoa(n) + " result"
		if n != 1 {
			results += "s"
		}
		if len(versions) == 1 {
			g.Caption = "Traveler of board " + strconv.Itoa(t.Board.Number) + ": " + results
		} else {
			if i > 0 {
				g.ID = "traveler-v" + strconv.Itoa(v)
			}
			g.Caption = "Board " + strconv.Itoa(t.Board.Number) + ", " + versionWords(v) + ": " + results + ", scored among themselves"
			if d, ok := t.Datums[v]; ok {
				g.Datum = &d
			}
		}
		out[i] = g
	}
	return out
}

// versionWords names a version of a board: "version 1 (as dealt)", "version 2 (fouled)".
func versionWords(v int) string {
	if v <= 1 {
		return "version 1 (as dealt)"
	}
	return "version " + strconv.Itoa(v) + " (fouled)"
}

// withSlotVersions sets each slot's version from the board's tables.
func withSlotVersions(slots []slotView, versions []tournament.SlotVersion) []slotView {
	for i := range slots {
		slots[i].Version = 1
		for _, sv := range versions {
			if sv.Round == slots[i].Round && sv.Table == slots[i].Table {
				slots[i].Version = sv.Version
			}
		}
	}
	return slots
}

// VersionField is the fouled board form's field of the slot: "version-3-2"
// for round 3, table 2.
func (s slotView) VersionField() string {
	return "version-" + strconv.Itoa(s.Round) + "-" + strconv.Itoa(s.Table)
}

// VersionChoices are the versions the fouled board form offers.
func (s slotView) VersionChoices() []int {
	out := make([]int, tournament.MaxBoardVersion)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// postVersions stores which version of a fouled board each table played,
// from the fouled board form: one choice a table.
func (p *Pages) postVersions(c echo.Context) error {
	ctx, a := c.Request().Context(), actor(c)
	id, board, err := travelerParams(c)
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	slots, err := p.svc.BoardVersions(ctx, a, id, board)
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, err)
	}
	in := make([]tournament.SlotVersion, len(slots))
	fields := make([]string, len(slots))
	for i, sv := range slots {
		fields[i] = slotView{Round: sv.Round, Table: sv.Table}.VersionField()
		raw := strings.TrimSpace(c.FormValue(fields[i]))
		v, err := strconv.Atoi(raw)
		if raw == "" {
			v, err = 1, nil // a table the form did not send played the board as dealt
		}
		if err != nil || v < 1 || v > tournament.MaxBoardVersion {
			return p.showDirectorTraveler(c, 0, View{}, tournament.Invalidf(fields[i],
				"round "+strconv.Itoa(sv.Round)+", table "+strconv.Itoa(sv.Table)+": "+strconv.Quote(raw)+
					" is not a version; choose 1 (as dealt) to "+strconv.Itoa(tournament.MaxBoardVersion)))
		}
		in[i] = tournament.SlotVersion{Round: sv.Round, Table: sv.Table, Version: v}
	}
	stored, err := p.svc.SetFouledBoard(ctx, a, id, board, in)
	if err != nil {
		return p.showDirectorTraveler(c, 0, View{}, onSlotField(err, fields))
	}
	return redirect(c, travelerPath(id, board),
		"Board "+strconv.Itoa(board)+": "+storedVersionsWords(stored))
}

// onSlotField puts an error about the Service's lines[i] on the form's
// field of slot i.
func onSlotField(err error, fields []string) error {
	var te *tournament.Error
	if !errors.As(err, &te) || !strings.HasPrefix(te.Field, "lines[") {
		return err
	}
	n, _, ok := strings.Cut(strings.TrimPrefix(te.Field, "lines["), "]")
	i, aerr := strconv.Atoi(n)
	if !ok || aerr != nil || i < 0 || i >= len(fields) {
		return err
	}
	out := *te
	out.Field = fields[i]
	return &out
}

// storedVersionsWords says what the form stored: "every table played it as
// dealt" or "version 2 at round 3 table 2".
func storedVersionsWords(slots []tournament.SlotVersion) string {
	var parts []string
	for _, sv := range slots {
		if sv.Version > 1 {
			parts = append(parts, "version "+strconv.Itoa(sv.Version)+" at round "+strconv.Itoa(sv.Round)+" table "+strconv.Itoa(sv.Table))
		}
	}
	if len(parts) == 0 {
		return "every table played it as dealt"
	}
	return "fouled: " + strings.Join(parts, ", ") + "; the other tables as dealt"
}
