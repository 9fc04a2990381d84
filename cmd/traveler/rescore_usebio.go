package main

import (
	"fmt"
	"strings"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
)

// travelerFromUSEBIO turns a USEBIO file into travelers, every played line
// scored again; method overrides the one the file implies when not "".
func travelerFromUSEBIO(u *reports.USEBIO, method rescoreMethod) (*traveler, error) {
	ev := &u.Event
	t := &traveler{event: ev.Name, method: method}
	if t.event == "" {
		t.event = ev.Title
	}
	if t.method == "" {
		m, err := usebioMethod(ev)
		if err != nil {
			return nil, err
		}
		t.method = m
	}
	if t.method == methodTeams {
		return nil, fmt.Errorf("USEBIO line %d: IMP_TEAMS is rescored from a PBN file with both rooms of every match, not from a USEBIO pairs file", ev.Line)
	}
	t.twoWinner = ev.WinnerType == 2
	for _, p := range ev.Pairs {
		if p.Direction != "" {
			t.twoWinner = true
		}
	}
	for _, p := range ev.Pairs {
		t.pairs = append(t.pairs, pairKey{number: p.Number, direction: p.Direction})
	}
	for _, b := range ev.Boards {
		if len(b.Lines) == 0 {
			continue
		}
		tb := travelerBoard{number: b.Number}
		vul := scoring.BoardVulnerability(b.Number)
		for _, l := range b.Lines {
			tl := travelerLine{board: b.Number, ns: l.NS, ew: l.EW, fileLine: l.Line}
			p := playedResult{
				contract: l.Contract, hasContract: l.HasContract, declarer: l.Declarer, hasDeclarer: l.HasDeclarer,
				tricks: l.Tricks, hasTricks: l.HasTricks, vul: vul, fileScore: l.Score,
			}
			note, err := p.lineKind(&tl)
			if err != nil {
				return nil, fmt.Errorf("USEBIO line %d: board %d, NS %s v EW %s: %w", l.Line, b.Number, l.NS, l.EW, err)
			}
			if note != "" {
				t.notef("USEBIO line %d: board %d, NS %s v EW %s: %s", l.Line, b.Number, l.NS, l.EW, note)
			}
			tb.lines = append(tb.lines, tl)
		}
		t.boards = append(t.boards, tb)
	}
	return t, nil
}

// usebioMethod works out how a USEBIO event was scored: from EVENT_TYPE,
// then SCORING_METHOD, then the points its traveler lines carry.
func usebioMethod(ev *reports.USEBIOEvent) (rescoreMethod, error) {
	typ := ev.Type
	switch {
	case strings.Contains(typ, "TEAM") || typ == "KO":
		return methodTeams, nil
	case strings.Contains(typ, "BUTLER"):
		return methodButler, nil
	case strings.Contains(typ, "CROSS"):
		return methodCrossIMP, nil
	case strings.HasPrefix(typ, "MP"):
		return methodMP, nil
	}
	switch sm := ev.ScoringMethod; {
	case strings.Contains(sm, "BUTLER"):
		return methodButler, nil
	case strings.Contains(sm, "CROSS"):
		return methodCrossIMP, nil
	case strings.Contains(sm, "MATCH") || sm == "MP" || sm == "MPS":
		return methodMP, nil
	}
	for _, b := range ev.Boards {
		for _, l := range b.Lines {
			switch l.Points {
			case reports.PointsMatchPoints:
				return methodMP, nil
			case reports.PointsButler:
				return methodButler, nil
			case reports.PointsCrossIMPs:
				return methodCrossIMP, nil
			}
		}
	}
	if strings.Contains(ev.ScoringMethod, "IMP") {
		return methodCrossIMP, nil
	}
	return "", fmt.Errorf("USEBIO line %d: EVENT_TYPE %q does not say how the event was scored and no traveler line carries points; give --method", ev.Line, ev.Type)
}
