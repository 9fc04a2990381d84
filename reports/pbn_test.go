package reports

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
)

// smallPBN has two games written for these tests, with every kind of
// comment, a section after Auction and OptimumResultTable, an escaped
// quote, and a "#" repeating the previous game's value.
const smallPBN = `% PBN 2.1
% EXPORT
; a comment line
[Event "Club \"Teams\" night"]
[Board "3"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "S:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "W"]
[Contract "4Hx"]
[Result "9"]
{ a comment
  over two lines [Board "99"] }
[Auction "S"]
Pass 1H =1= Pass 4H ; reached game
X Pass Pass {then} Pass
*
[Note "1:five hearts"]
[Score "EW -200"]
[Room "Open"]
[Table "2"]
[HomeTeam "Reds"]
[VisitTeam "Blues"]
[ScoreIMP "NS 2.5 EW -2.5"]
[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
N NT  7
W  H 10

[Event "#"]
[Board "4"] [Contract "Pass"]
[Score "0"]
`

// TestReadPBN reads the tags, sections and comments of the file above.
func TestReadPBN(t *testing.T) {
	games, err := ReadPBN(strings.NewReader(smallPBN))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	g := games[0]
	if g.Line != 4 || g.Value("Event") != `Club "Teams" night` || g.Value("Board") != "3" || g.Value("Missing") != "" {
		t.Errorf("game 1: line %d, tags %+v", g.Line, g.Tags)
	}
	if a, _ := g.Tag("Auction"); a.Line != 14 || a.Value != "S" || len(a.Section) != 3 || a.Section[0] != "Pass 1H =1= Pass 4H" {
		t.Errorf("Auction: %+v", a)
	}
	if calls := strings.Join(g.AuctionCalls(), " "); calls != "Pass 1H Pass 4H X Pass Pass Pass" {
		t.Errorf("calls %q", calls)
	}
	opt, err := g.OptimumResults()
	if err != nil || len(opt) != 2 || opt[1] != (PBNOptimum{Declarer: scoring.West, Strain: scoring.Hearts, Tricks: 10}) {
		t.Errorf("optimum %+v, %v", opt, err)
	}
	g2 := games[1]
	if g2.Value("Event") != `Club "Teams" night` || g2.Value("Contract") != "Pass" || g2.Line != 29 {
		t.Errorf("game 2: %+v", g2)
	}

	res, err := ReadPBNResults(strings.NewReader(smallPBN))
	if err != nil {
		t.Fatal(err)
	}
	r := res[0]
	// "EW -200" is NS +200: 4H doubled by W, vulnerable, one down (Law 77: 200).
	if r.Board != 3 || r.Dealer != scoring.South || r.Vulnerable != scoring.VulEW || r.Declarer != scoring.West ||
		r.ContractText != "4Hx" || r.Contract.Doubles != 1 || r.Tricks != 9 || r.Score != 200 || !r.HasScore ||
		r.Room != "Open" || r.Table != "2" || r.HomeTeam != "Reds" || r.VisitTeam != "Blues" ||
		r.NSIMPs != 2.5 || r.EWIMPs != -2.5 || !r.HasScoreIMP || r.Deal.First != scoring.South || !r.Deal.Given[scoring.North] {
		t.Errorf("result 1: %+v", r)
	}
	if r2 := res[1]; !r2.Contract.Pass || r2.HasDeclarer || r2.HasTricks || r2.Score != 0 || !r2.HasScore || r2.HasScoreIMP {
		t.Errorf("result 2: %+v", r2)
	}
}

// TestPBNSideValues reads Score, ScoreIMP and Result in every form.
func TestPBNSideValues(t *testing.T) {
	for _, tc := range []struct {
		tags           string
		score          int
		nsIMPs, ewIMPs float64
		tricks         int
		wantErrTag     string
	}{
		{`[Declarer "N"][Score "NS 420"][ScoreIMP "NS 4 EW -4"][Result "10"]`, 420, 4, -4, 10, ""},
		{`[Declarer "N"][Score "EW 50"][ScoreIMP "EW 2"][Result "8"]`, -50, -2, 2, 8, ""},
		// A bare figure is from the declarer's side: E made 4S, 420 to EW.
		{`[Declarer "E"][Score "420"][ScoreIMP "-1"][Result "NS 3"]`, -420, 1, -1, 10, ""},
		{`[Declarer "S"][Score "NS -0"][ScoreIMP "NS -0 EW 0"][Result "NS 7"]`, 0, 0, 0, 7, ""},
		{`[Score "120"]`, 0, 0, 0, 0, "[Score]"},
		{`[Declarer "N"][Score "NS 4.5"]`, 0, 0, 0, 0, "[Score]"},
		{`[Declarer "N"][Score "NS 1 NS 2"]`, 0, 0, 0, 0, "[Score]"},
		{`[Declarer "N"][ScoreIMP "IMP 3"]`, 0, 0, 0, 0, "[ScoreIMP]"},
		{`[Result "14"]`, 0, 0, 0, 0, "[Result]"},
		{`[Result "NS 9"]`, 0, 0, 0, 0, "[Result]"},
		{`[Board "0"]`, 0, 0, 0, 0, "[Board]"},
		{`[Dealer "Q"]`, 0, 0, 0, 0, "[Dealer]"},
		{`[Vulnerable "Some"]`, 0, 0, 0, 0, "[Vulnerable]"},
		{`[Deal "N:AKQ"]`, 0, 0, 0, 0, "[Deal]"},
		{`[Contract "8NT"]`, 0, 0, 0, 0, "[Contract]"},
		{`[Declarer "NE"]`, 0, 0, 0, 0, "[Declarer]"},
	} {
		res, err := ReadPBNResults(strings.NewReader(tc.tags + "\n"))
		if tc.wantErrTag != "" {
			var fe *FileError
			if !errors.As(err, &fe) || fe.Element != tc.wantErrTag || fe.Line != 1 || fe.Format != "PBN" {
				t.Errorf("%s: error %v, want a *FileError on line 1 naming %s", tc.tags, err, tc.wantErrTag)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.tags, err)
			continue
		}
		r := res[0]
		if r.Score != tc.score || r.NSIMPs != tc.nsIMPs || r.EWIMPs != tc.ewIMPs || r.Tricks != tc.tricks {
			t.Errorf("%s: score %d, IMPs %v/%v, tricks %d", tc.tags, r.Score, r.NSIMPs, r.EWIMPs, r.Tricks)
		}
	}
}

// TestReadPBNErrors checks that a line that cannot be read is refused with
// its number.
func TestReadPBNErrors(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		line      int
		want      string
	}{
		{"text before any tag", "% PBN\n\nPass Pass\n", 3, "a tag such as"},
		{"no name", "[ \"x\"]\n", 1, "a name of letters"},
		{"no value", "[Board 3]\n", 1, "the value in double quotes"},
		{"open quote", "[Board \"3]\n", 1, "a closing \""},
		{"no bracket", "[Board \"3\"\n", 1, "a ] after the value"},
		{"open comment", "[Board \"3\"]\n{ never closed\n\n", 2, "a } closing the comment"},
		{"bad row", "[OptimumResultTable \"x\"]\nN NT\n", 1, "declarer denomination tricks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			games, err := ReadPBN(strings.NewReader(tc.doc))
			if err == nil && len(games) > 0 {
				_, err = games[0].OptimumResults()
			}
			var fe *FileError
			if !errors.As(err, &fe) || fe.Line != tc.line || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want line %d mentioning %q", err, tc.line, tc.want)
			}
		})
	}
}

// TestReadPBNTestdata reads pbn/teams_imps_2021.pbn: 299 games (ten boards
// at thirty tables, less the closed room of board 20 TURKEY v SWITZERLAND,
// which the file does not hold), each with its double-dummy table.
func TestReadPBNTestdata(t *testing.T) {
	f, err := os.Open(filepath.Join(testdataDir(t), "pbn", "teams_imps_2021.pbn"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := ReadPBNResults(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 299 {
		t.Fatalf("%d games, want 299", len(res))
	}
	withScore, withIMPs, passed := 0, 0, 0
	for _, r := range res {
		if r.HasScore {
			withScore++
		}
		if r.HasScoreIMP {
			withIMPs++
		}
		if r.Contract.Pass {
			passed++
		}
		opt, err := r.Game.OptimumResults()
		if err != nil || len(opt) != 20 {
			t.Errorf("line %d: %d optimum rows, %v", r.Line, len(opt), err)
		}
	}
	// grep -c '^\[Score ' = 279; ScoreIMP on every game; 21 Pass contracts.
	if withScore != 279 || withIMPs != 299 || passed != 21 {
		t.Errorf("%d with Score, %d with ScoreIMP, %d passed out", withScore, withIMPs, passed)
	}
	// The file's second game (line 50): board 11, 1NT by N, 8 tricks, NS 120, ROMANIA v ISRAEL at table 4.
	r := res[1]
	if r.Line != 50 || r.Board != 11 || r.ContractText != "1NT" || r.Declarer != scoring.North || r.Tricks != 8 ||
		r.Score != 120 || r.Table != "4" || r.HomeTeam != "ROMANIA" || r.NSIMPs != 1 {
		t.Errorf("second game: %+v", r)
	}
	if calls := strings.Join(r.Game.AuctionCalls(), " "); calls != "1C Pass 1NT Pass Pass Pass" {
		t.Errorf("second game's calls %q", calls)
	}
}
