package reports

import (
	"math"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// ParReport is the test the Royalton author wanted of a law code ("by the
// same methods formerly used in Duplicate Whist", arguing that arbitrary
// values let "skill be overwhelmed by chance"), run on the boards of an
// event that have a double-dummy analysis: under each code, how many tables
// reached par and how far the others fell from it, and how much of the
// spread of the scores comes from the cards — par varying from board to
// board — against how much from the tables — results varying around par.
// The same played deals, every code.
type ParReport struct {
	Analysed int       // boards with an analysis
	Codes    []CodePar // the event's own code first, then the others in the order of scoring.Laws
}

// CodePar is one law code's part of a ParReport.
type CodePar struct {
	Law           string
	Own           bool // the event's own code (with its options; the others with their defaults)
	NullosLeftOut bool // par leaves nullos out under this code
	Results       int  // played and passed-out results on analysed boards that the code scores
	AtPar         int  // of them, those that scored exactly par
	// MeanFromPar is the mean distance of a result's NS score from par, in
	// the code's points.
	MeanFromPar float64
	// CardsSpread is the variance of par over the results (each board's par
	// counted once a result): the spread the cards make. TablesSpread is the
	// variance of the results around par: the spread the tables make.
	// CardsShare is CardsSpread over their sum (0 to 1; 0 when both are 0).
	CardsSpread, TablesSpread, CardsShare float64
	// BoardsShare is the same question asked without par (ScoreSpread): the
	// part of the scores' sum of squares that lies between the boards'
	// means, η², over every board with results the code scores — analysed
	// or not.
	BoardsShare float64
	Boards      []BoardPar
}

// BoardPar is one board under one code.
type BoardPar struct {
	Section     string
	Board       int
	Par         int      // for North-South
	Contracts   []string // its contracts ("4SX EW -1")
	Results     int
	AtPar       int
	MeanFromPar float64
}

// MakeParReport makes the report from an event's sections, their results
// and analyses (tournament.SectionData.Analyses). Each code scores the
// results again as the law comparison does (assigned, artificial and
// unplayed results and those the code cannot score are left out); par is
// the analysis's under that code.
func MakeParReport(d tournament.EventData) (ParReport, error) {
	var rep ParReport
	own, err := d.Event.Rules()
	if err != nil {
		return rep, err
	}
	laws := scoring.EveryCode(own)
	for i := range d.Sections {
		rep.Analysed += len(d.Sections[i].Analyses)
	}
	for _, rules := range laws {
		cp := CodePar{Law: rules.Law.String(), Own: rules.Law == own.Law}
		var pars, scores []float64
		var byBoard [][]float64
		for si := range d.Sections {
			sd := &d.Sections[si]
			sec := sd.Section
			su := scoreSectionUnder(rules, sd)
			at := map[int]int{}
			for ri, r := range su.Results {
				if !su.played(ri) {
					continue
				}
				i, ok := at[r.Board]
				if !ok {
					i = len(byBoard)
					at[r.Board] = i
					byBoard = append(byBoard, nil)
				}
				byBoard[i] = append(byBoard[i], float64(r.NSScore))
			}
			for _, an := range sd.Analyses {
				var par scoring.Par
				found := false
				for _, lp := range an.Par {
					if lp.Law == rules.Law {
						par, found = lp.Par, true
					}
				}
				if !found {
					continue
				}
				cp.NullosLeftOut = cp.NullosLeftOut || par.NullosLeftOut
				bp := BoardPar{Section: sec.Name, Board: an.Board, Par: par.NSScore}
				for _, c := range par.Contracts {
					bp.Contracts = append(bp.Contracts, c.String())
				}
				sum := 0.0
				for ri, r := range su.Results {
					if r.Board != an.Board || !su.played(ri) {
						continue
					}
					bp.Results++
					if r.NSScore == par.NSScore {
						bp.AtPar++
					}
					sum += math.Abs(float64(r.NSScore - par.NSScore))
					pars = append(pars, float64(par.NSScore))
					scores = append(scores, float64(r.NSScore))
				}
				if bp.Results > 0 {
					bp.MeanFromPar = sum / float64(bp.Results)
				}
				cp.Results += bp.Results
				cp.AtPar += bp.AtPar
				cp.MeanFromPar += sum
				cp.Boards = append(cp.Boards, bp)
			}
		}
		cp.BoardsShare = ScoreSpread(byBoard).BoardsShare
		if cp.Results > 0 {
			cp.MeanFromPar /= float64(cp.Results)
			diffs := make([]float64, len(scores))
			for i := range scores {
				diffs[i] = scores[i] - pars[i]
			}
			cp.CardsSpread, cp.TablesSpread = variance(pars), variance(diffs)
			if total := cp.CardsSpread + cp.TablesSpread; total > 0 {
				cp.CardsShare = cp.CardsSpread / total
			}
		}
		rep.Codes = append(rep.Codes, cp)
	}
	return rep, nil
}

// ParReportIfAnalysed is MakeParReport for the reports that show par only
// beside something else and only when a board has its double-dummy
// analysis (the Royalton report, the law comparison, the reports page,
// the workbook): nil when none has, and then nothing is scored — the par
// report would score every section again under every code only for η².
func ParReportIfAnalysed(d tournament.EventData) (*ParReport, error) {
	for i := range d.Sections {
		if len(d.Sections[i].Analyses) > 0 {
			rep, err := MakeParReport(d)
			if err != nil {
				return nil, err
			}
			return &rep, nil
		}
	}
	return nil, nil
}

// variance is the population variance of xs (0 for none).
func variance(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	mean := 0.0
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return v / float64(len(xs))
}

// Sheet lays the report out as a workbook sheet: a row per law code (its
// figures), then per code a row per board.
func (r ParReport) Sheet() Sheet {
	s := Sheet{Name: "Par report", Header: []string{"Law code", "Board", "Par (NS)", "Contracts", "Results", "At par", "Mean from par", "Cards' spread", "Tables' spread", "Cards' share %", "Boards' share (η²) %"}}
	for _, c := range r.Codes {
		s.Rows = append(s.Rows, []any{c.Name(), "all", nil, nil, c.Results, c.AtPar, round2(c.MeanFromPar), round2(c.CardsSpread), round2(c.TablesSpread), round2(100 * c.CardsShare), round2(100 * c.BoardsShare)})
	}
	for _, c := range r.Codes {
		for _, b := range c.Boards {
			s.Rows = append(s.Rows, []any{c.Name(), b.Section + " " + strconv.Itoa(b.Board), b.Par, strings.Join(b.Contracts, ", "), b.Results, b.AtPar, round2(b.MeanFromPar)})
		}
	}
	return s
}

// Name is the code as every par output names it: its law, "(the event's)"
// for the event's own, and "(nullos left out)" under a code with nullos,
// which par leaves out (scoring.Rules.ParOf, LAWS.md "Par").
func (c CodePar) Name() string {
	name := c.Law
	if c.Own {
		name += " (the event's)"
	}
	if c.NullosLeftOut {
		name += " (nullos left out)"
	}
	return name
}

// round2 rounds to two decimals, as figures are shown.
func round2(f float64) float64 { return math.Round(f*100) / 100 }
