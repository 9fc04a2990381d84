package reports

import (
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// sharedBoardsFile is a two-winner club session made for these tests, in
// the form Compscore3 writes (pairs 1NS…4EW, WINNER_TYPE 2): 4 tables, 2
// rounds of 2 boards, two tables sharing each set, so no Mitchell holds
// its lines:
//
//	round 1: NS1 v EW1 and NS2 v EW2 share boards 1-2; NS3 v EW3 and NS4 v EW4 share boards 3-4
//	round 2: NS1 v EW2 and NS2 v EW1 share boards 3-4; NS3 v EW4 and NS4 v EW3 share boards 1-2
//
// Board 2's NS3 v EW4 is an artificial 60%/40%, and the file has no line of
// board 4 for NS4 v EW4. Scores are contract-2017 (dealer and vulnerability
// by board number: 1 N none, 2 E NS, 3 S EW, 4 W all); matchpoints 2 per
// score beaten and 1 per tie, top 6 with four lines (shared/testdata
// README), EW getting top − NS:
//
//	board 1: NS2 4S N 11 +450 → 6; NS1 and NS4 4S N 10 +420 → 2+1 = 3 each; NS3 4S N 9 −50 → 0.
//	         EW2 0, EW1 3, EW3 3, EW4 6.
//	board 2: NS3 v EW4 A6040: 60% and 40% of 6, 3.6 and 2.4. The three real
//	         lines are matchpointed among themselves (top 4) and scaled to 4
//	         lines, (raw+1)·4/3 − 1: NS4 3NT S 10 +630 raw 4 → 17/3 = 5.67;
//	         NS1 3NT S 9 +600 raw 2 → 3; NS2 3NT S 8 −100 raw 0 → 1/3 = 0.33.
//	         EW3 0.33, EW1 3, EW2 5.67.
//	board 3: NS3 3H W 8 +100 → 6; NS1 and NS4 2H W 8 −110 → 3 each; NS2 2H W 9 −140 → 0.
//	         EW3 0, EW2 3, EW4 3, EW1 6.
//	board 4: three lines, shown with their own top 4: NS3 3NT E 8 +100 → 4;
//	         NS1 3NT E 9 −600 → 2; NS2 3NT E 10 −630 → 0; EW3 0, EW2 2, EW1 4.
//	         In the totals they count scaled to the 4 plays of the board,
//	         (raw+1)·4/3 − 1: 17/3, 3 and 1/3 (EW3 1/3, EW2 3, EW1 17/3).
//
// Totals, percentages (Σ counted points / (boards played × 6)) and places,
// NS and EW ranked apart; NS4 and EW4 played 3 boards, their totals scaled
// to the 4 of their field (total·4/3):
//
//	NS4 3+17/3+3 = 11.667 → 15.56, 11.667/18 = 64.81%, 1st   EW1 3+3+6+17/3 = 17.67, 73.61%, 1st
//	NS3 0+3.6+6+17/3 = 15.27, 63.61%, 2nd                   EW4 6+2.4+3 = 11.4 → 15.20, 11.4/18 = 63.33%, 2nd
//	NS1 3+3+3+3 = 12.00, 50.00%, 3rd                        EW2 0+17/3+3+3 = 11.67, 48.61%, 3rd
//	NS2 6+1/3+0+1/3 = 6.67, 27.78%, 4th                     EW3 3+1/3+0+1/3 = 3.67, 15.28%, 4th
//
// In one field NS4 (15.56), NS3 (15.27) and EW4 (15.20) would come between
// EW1 and the rest, and NS1 would share no place with EW1: the file ranks
// two ways, and so must traveler. The file carries these figures itself.
const sharedBoardsFile = `<?xml version="1.0"?>
<USEBIO Version="1.2">
<CLUB>
    <CLUB_NAME>Example Bridge Club</CLUB_NAME>
</CLUB>
<EVENT EVENT_TYPE="MP_PAIRS">
    <EVENT_DESCRIPTION>Two-winner shared boards</EVENT_DESCRIPTION>
    <PROGRAM_NAME>Compscore3</PROGRAM_NAME>
    <WINNER_TYPE>2</WINNER_TYPE>
    <DATE>02/08/2022</DATE>
   <PARTICIPANTS EVENT_TYPE="MP_PAIRS">
   <PAIR>
     <PAIR_NUMBER>1NS</PAIR_NUMBER>
     <DIRECTION>NS</DIRECTION>
     <TOTAL_SCORE>12.00</TOTAL_SCORE>
     <PERCENTAGE>50.00</PERCENTAGE>
     <PLACE>3</PLACE>
     <PLAYER><PLAYER_NAME>1NS North-or-East</PLAYER_NAME></PLAYER>
     <PLAYER><PLAYER_NAME>1NS South-or-West</PLAYER_NAME></PLAYER>
   </PAIR>
   <PAIR>
     <PAIR_NUMBER>2NS</PAIR_NUMBER>
     <DIRECTION>NS</DIRECTION>
     <TOTAL_SCORE>6.67</TOTAL_SCORE>
     <PERCENTAGE>27.78</PERCENTAGE>
     <PLACE>4</PLACE>
     <PLAYER><PLAYER_NAME>2NS North-or-East</PLAYER_NAME></PLAYER>
     <PLAYER><PLAYER_NAME>2NS South-or-West</PLAYER_NAME></PLAYER>
   </PAIR>
   <PAIR>
     <PAIR_NUMBER>3NS</PAIR_NUMBER>
     <DIRECTION>NS</DIRECTION>
     <TOTAL_SCORE>15.27</TOTAL_SCORE>
     <PERCENTAGE>63.61</PERCENTAGE>
     <PLACE>2</PLACE>
     <PLAYER><PLAYER_NAME>3NS North-or-East</PLAYER_NAME></PLAYER>
     <PLAYER><PLAYER_NAME>3NS South-or-West</PLAYER_NAME></PLAYER>
   </PAIR>
   <PAIR>
     <PAIR_NUMBER>4NS</PAIR_NUMBER>
     <DIRECTION>NS</DIRECTION>
     <TOTAL_SCORE>15.56</TOTAL_SCORE>
     <PERCENTAGE>64.81</PERCENTAGE>
     <PLACE>1</PLACE>
     <PLAYER><PLAYER_NAME>4NS North-or-East</PLAYER_NAME></PLAYER>
     <PLAYER><PLAYER_NAME>4NS South-or-West</PLAYER_NAME></PLAYER>
   </PAIR>
   <PAIR>
     <PAIR_NUMBER>1EW</PAIR_NUMBER>
     <DIRECTION>EW</DIRECTION>
     <TOTAL_SCORE>17.67</TOTAL_SCORE>
     <PERCENTAGE>73.61</PERCENTAGE>
     <PLACE>1</PLACE>
     <PLAYER><PLAYER_NAME>1EW North-or-East</PLAYER_NAME></PLAYER>
     <PLAYER><PLAYER_NAME>1EW South-or-West</PLAYER_NAME></PLAYER>
   </PAIR>
   <PAIR>
     <PAIR_NUMBER>2EW</PAIR_NUMBER>
     <DIRECTION>EW</DIRECTION>
     <TOTAL_SCORE>11.67</TOTAL_SCORE>
     <PERCENTAGE>48.61</PERCENTAGE>
     <PLACE>3</PLACE>
     <PLAYER><PLAYER_NAME>2EW North-or-East</PLAYER_NAME></PLAYER>
     <PLAYER><PLAYER_NAME>2EW South-or-West</PLAYER_NAME></PLAYER>
   </PAIR>
   <PAIR>
     <PAIR_NUMBER>3EW</PAIR_NUMBER>
     <DIRECTION>EW</DIRECTION>
     <TOTAL_SCORE>3.67</TOTAL_SCORE>
     <PERCENTAGE>15.28</PERCENTAGE>
     <PLACE>4</PLACE>
     <PLAYER><PLAYER_NAME>3EW North-or-East</PLAYER_NAME></PLAYER>
     <PLAYER><PLAYER_NAME>3EW South-or-West</PLAYER_NAME></PLAYER>
   </PAIR>
   <PAIR>
     <PAIR_NUMBER>4EW</PAIR_NUMBER>
     <DIRECTION>EW</DIRECTION>
     <TOTAL_SCORE>15.20</TOTAL_SCORE>
     <PERCENTAGE>63.33</PERCENTAGE>
     <PLACE>2</PLACE>
     <PLAYER><PLAYER_NAME>4EW North-or-East</PLAYER_NAME></PLAYER>
     <PLAYER><PLAYER_NAME>4EW South-or-West</PLAYER_NAME></PLAYER>
   </PAIR>
   </PARTICIPANTS>
 <BOARD>
  <BOARD_NUMBER>1</BOARD_NUMBER>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
    <CONTRACT>4S</CONTRACT>
    <PLAYED_BY>N</PLAYED_BY>
    <TRICKS>10</TRICKS>
    <SCORE>420</SCORE>
    <NS_MATCH_POINTS>3</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>3</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
    <CONTRACT>4S</CONTRACT>
    <PLAYED_BY>N</PLAYED_BY>
    <TRICKS>11</TRICKS>
    <SCORE>450</SCORE>
    <NS_MATCH_POINTS>6</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>0</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>3NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>4EW</EW_PAIR_NUMBER>
    <CONTRACT>4S</CONTRACT>
    <PLAYED_BY>N</PLAYED_BY>
    <TRICKS>9</TRICKS>
    <SCORE>-50</SCORE>
    <NS_MATCH_POINTS>0</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>6</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>4NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>
    <CONTRACT>4S</CONTRACT>
    <PLAYED_BY>N</PLAYED_BY>
    <TRICKS>10</TRICKS>
    <SCORE>420</SCORE>
    <NS_MATCH_POINTS>3</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>3</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
 </BOARD>
 <BOARD>
  <BOARD_NUMBER>2</BOARD_NUMBER>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
    <CONTRACT>3NT</CONTRACT>
    <PLAYED_BY>S</PLAYED_BY>
    <TRICKS>9</TRICKS>
    <SCORE>600</SCORE>
    <NS_MATCH_POINTS>3.00</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>3.00</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
    <CONTRACT>3NT</CONTRACT>
    <PLAYED_BY>S</PLAYED_BY>
    <TRICKS>8</TRICKS>
    <SCORE>-100</SCORE>
    <NS_MATCH_POINTS>0.33</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>5.67</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>3NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>4EW</EW_PAIR_NUMBER>
    <SCORE>A6040</SCORE>
    <NS_MATCH_POINTS>3.60</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>2.40</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>4NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>
    <CONTRACT>3NT</CONTRACT>
    <PLAYED_BY>S</PLAYED_BY>
    <TRICKS>10</TRICKS>
    <SCORE>630</SCORE>
    <NS_MATCH_POINTS>5.67</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>0.33</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
 </BOARD>
 <BOARD>
  <BOARD_NUMBER>3</BOARD_NUMBER>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
    <CONTRACT>2H</CONTRACT>
    <PLAYED_BY>W</PLAYED_BY>
    <TRICKS>8</TRICKS>
    <SCORE>-110</SCORE>
    <NS_MATCH_POINTS>3</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>3</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
    <CONTRACT>2H</CONTRACT>
    <PLAYED_BY>W</PLAYED_BY>
    <TRICKS>9</TRICKS>
    <SCORE>-140</SCORE>
    <NS_MATCH_POINTS>0</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>6</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>3NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>
    <CONTRACT>3H</CONTRACT>
    <PLAYED_BY>W</PLAYED_BY>
    <TRICKS>8</TRICKS>
    <SCORE>100</SCORE>
    <NS_MATCH_POINTS>6</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>0</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>4NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>4EW</EW_PAIR_NUMBER>
    <CONTRACT>2H</CONTRACT>
    <PLAYED_BY>W</PLAYED_BY>
    <TRICKS>8</TRICKS>
    <SCORE>-110</SCORE>
    <NS_MATCH_POINTS>3</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>3</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
 </BOARD>
 <BOARD>
  <BOARD_NUMBER>4</BOARD_NUMBER>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>2EW</EW_PAIR_NUMBER>
    <CONTRACT>3NT</CONTRACT>
    <PLAYED_BY>E</PLAYED_BY>
    <TRICKS>9</TRICKS>
    <SCORE>-600</SCORE>
    <NS_MATCH_POINTS>2</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>2</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>1EW</EW_PAIR_NUMBER>
    <CONTRACT>3NT</CONTRACT>
    <PLAYED_BY>E</PLAYED_BY>
    <TRICKS>10</TRICKS>
    <SCORE>-630</SCORE>
    <NS_MATCH_POINTS>0</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>4</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
  <TRAVELLER_LINE>
    <NS_PAIR_NUMBER>3NS</NS_PAIR_NUMBER>
    <EW_PAIR_NUMBER>3EW</EW_PAIR_NUMBER>
    <CONTRACT>3NT</CONTRACT>
    <PLAYED_BY>E</PLAYED_BY>
    <TRICKS>8</TRICKS>
    <SCORE>100</SCORE>
    <NS_MATCH_POINTS>4</NS_MATCH_POINTS>
    <EW_MATCH_POINTS>0</EW_MATCH_POINTS>
  </TRAVELLER_LINE>
 </BOARD>
</EVENT>
</USEBIO>
`

// TestUSEBIOTwoWinnerCustom reads sharedBoardsFile through ReadResults: no
// Mitchell holds its lines, so it gets a two-winner custom movement (4
// pairs each way, NS n movement pair n, EW n pair 4+n) whose results sit
// at its tables, and standings per direction equal to the hand-worked
// figures above and to the file's own: every PAIR's TOTAL_SCORE, PERCENTAGE
// and PLACE and every line's NS and EW matchpoints.
func TestUSEBIOTwoWinnerCustom(t *testing.T) {
	d, err := readUSEBIOData(strings.NewReader(sharedBoardsFile))
	if err != nil {
		t.Fatal(err)
	}
	s := &d.Sections[0]
	m := &s.Section.Movement
	if m.Kind != movement.KindCustom || m.Winners != 2 || m.Tables != 4 || m.Pairs != 8 || m.Boards != 4 {
		t.Fatalf("movement %q: kind %v, %d winners, %d tables, %d pairs, %d boards; want custom, 2, 4, 8, 4", m.Name, m.Kind, m.Winners, m.Tables, m.Pairs, m.Boards)
	}
	spec := s.Section.Spec
	if spec.Kind != "custom" || spec.Winners != 2 || spec.Tables != 4 {
		t.Errorf("spec %+v, want custom, 2 winners, 4 tables", spec)
	}
	if again, err := spec.Build(); err != nil || !reflect.DeepEqual(again, *m) {
		t.Errorf("the spec builds %+v, %v; want the section's movement", again, err)
	}
	// Shared boards cannot share a round of traveler's seating: the four
	// meetings on boards 1-2 (and on 3-4) take a round each.
	if len(m.Rounds) != 4 || s.Section.CurrentRound != 4 {
		t.Errorf("%d rounds, current round %d; want 4 and 4", len(m.Rounds), s.Section.CurrentRound)
	}
	checkSeated(t, s)

	type figures struct {
		total, pct float64
		place      int
		boards     int
	}
	want := map[[2]string]figures{
		{"4", "NS"}: {15.56, 64.81, 1, 3}, {"3", "NS"}: {15.27, 63.61, 2, 4}, {"1", "NS"}: {12, 50, 3, 4}, {"2", "NS"}: {6.67, 27.78, 4, 4},
		{"1", "EW"}: {17.67, 73.61, 1, 4}, {"4", "EW"}: {15.2, 63.33, 2, 3}, {"2", "EW"}: {11.67, 48.61, 3, 4}, {"3", "EW"}: {3.67, 15.28, 4, 4},
	}
	st := s.Standings.Pairs
	if len(st) != len(want) {
		t.Fatalf("%d standings, want %d", len(st), len(want))
	}
	for _, p := range st {
		if got := (figures{p.Total, p.Percentage, p.Place, p.Boards}); got != want[[2]string{p.Number, p.Direction}] {
			t.Errorf("%s %s: %+v, want %+v", p.Direction, p.Number, got, want[[2]string{p.Number, p.Direction}])
		}
	}
	type line struct {
		board  int
		ns, ew string
	}
	points := map[line][2]float64{
		{1, "1", "1"}: {3, 3}, {1, "2", "2"}: {6, 0}, {1, "3", "4"}: {0, 6}, {1, "4", "3"}: {3, 3},
		{2, "1", "1"}: {3, 3}, {2, "2", "2"}: {0.33, 5.67}, {2, "3", "4"}: {3.6, 2.4}, {2, "4", "3"}: {5.67, 0.33},
		{3, "1", "2"}: {3, 3}, {3, "2", "1"}: {0, 6}, {3, "3", "3"}: {6, 0}, {3, "4", "4"}: {3, 3},
		{4, "1", "2"}: {2, 2}, {4, "2", "1"}: {0, 4}, {4, "3", "3"}: {4, 0},
	}
	n := 0
	for _, tr := range s.Travelers {
		for _, l := range tr.Lines {
			n++
			k := line{l.Result.Board, l.Result.NS, l.Result.EW}
			if w, ok := points[k]; !ok || w != [2]float64{l.NSPoints, l.EWPoints} {
				t.Errorf("board %d NS %s v EW %s: %v | %v, want %v", k.board, k.ns, k.ew, l.NSPoints, l.EWPoints, w)
			}
		}
	}
	if n != len(points) {
		t.Errorf("%d traveler lines, want %d", n, len(points))
	}
	u, err := ReadUSEBIO(strings.NewReader(sharedBoardsFile))
	if err != nil {
		t.Fatal(err)
	}
	if diffs := fileFigures(u, s, nil); len(diffs) > 0 {
		t.Errorf("figures that differ from the file's own:\n%s", strings.Join(diffs, "\n"))
	}
}

// TestUSEBIOTwoWinnerCustomRoundTrip writes the event read from
// sharedBoardsFile as USEBIO (WINNER_TYPE 2, pairs 1-4 with their
// DIRECTION) and reads it back: the same pairs, results, points and
// standings, in a two-winner custom movement again.
func TestUSEBIOTwoWinnerCustomRoundTrip(t *testing.T) {
	d, err := readUSEBIOData(strings.NewReader(sharedBoardsFile))
	if err != nil {
		t.Fatal(err)
	}
	file := mustWrite(t, d)
	if !strings.Contains(file, "<WINNER_TYPE>2</WINNER_TYPE>") {
		t.Error("the file is not written with WINNER_TYPE 2")
	}
	back, err := readUSEBIOData(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	sameEvent(t, d, back)
	if m := back.Sections[0].Section.Movement; m.Kind != movement.KindCustom || m.Winners != 2 || m.Tables != 4 {
		t.Errorf("read back as %q (%v, %d winners, %d tables), want a two-winner custom movement of 4 tables", m.Name, m.Kind, m.Winners, m.Tables)
	}
	checkSeated(t, &back.Sections[0])
}

// TestUSEBIOTwoWinnerBoardTwice: lines that follow no Mitchell and make no
// movement either (sharedBoardsFile with board 1's NS3 v EW4 made NS1 v
// EW4: NS 1 plays board 1 twice) are refused at EVENT/WINNER_TYPE, naming
// the pair, the board and both opponents.
func TestUSEBIOTwoWinnerBoardTwice(t *testing.T) {
	from := "<NS_PAIR_NUMBER>3NS</NS_PAIR_NUMBER>\n    <EW_PAIR_NUMBER>4EW</EW_PAIR_NUMBER>"
	if !strings.Contains(sharedBoardsFile, from) {
		t.Fatal("the file has no line of NS3 v EW4")
	}
	file := strings.Replace(sharedBoardsFile, from, "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>\n    <EW_PAIR_NUMBER>4EW</EW_PAIR_NUMBER>", 1)
	_, err := readUSEBIOData(strings.NewReader(file))
	var fe *FileError
	if !errors.As(err, &fe) {
		t.Fatalf("error %v, want a *FileError", err)
	}
	want := "traveller lines in which no pair plays a board twice: NS 1 plays board 1 against EW 1 and against EW 4"
	if fe.Element != "EVENT/WINNER_TYPE" || fe.Line != lineOf(file, "<EVENT ") || fe.Expected != want {
		t.Errorf("%v: element %q line %d expected %q; want EVENT/WINNER_TYPE line %d %q", err, fe.Element, fe.Line, fe.Expected, lineOf(file, "<EVENT "), want)
	}
}

// fileFigures compares a section read from a two-winner USEBIO file with
// the figures the file gives itself: each PAIR's TOTAL_SCORE, PERCENTAGE
// and PLACE and each line's NS and EW points. A figure of one decimal
// (Compscore3 writes factored matchpoints so, rounded half to even: 12.65
// as 12.6, 18.95 as 19.0) matches when it is within half a tenth of
// traveler's; any other figure must be traveler's to the cent. skip names
// the figures not compared: "TOTAL 2EW", "PERCENTAGE 2EW", "PLACE 2EW",
// "LINE 4 1NS 21EW", "BOARD 1" (every line of board 1). It returns a line
// for each figure that differs.
func fileFigures(u *USEBIO, s *tournament.SectionData, skip map[string]bool) []string {
	var diffs []string
	standings := map[string]tournament.Standing{}
	for _, p := range s.Standings.Pairs {
		standings[p.Number+p.Direction] = p
	}
	for _, p := range u.Event.Pairs {
		n, dir, _ := splitPairNumber(p.Number)
		if p.Direction != "" {
			dir = p.Direction
		}
		name := strconv.Itoa(n) + dir
		st, ok := standings[name]
		if !ok {
			diffs = append(diffs, "PAIR "+name+": not in the standings")
			continue
		}
		if !skip["TOTAL "+name] && !figureIs(p.Total, st.Total) {
			diffs = append(diffs, "TOTAL "+name+": file "+p.Total.Text+", traveler "+strconv.FormatFloat(st.Total, 'f', 2, 64))
		}
		if !skip["PERCENTAGE "+name] && p.Percentage.Given() && !figureIs(p.Percentage, st.Percentage) {
			diffs = append(diffs, "PERCENTAGE "+name+": file "+p.Percentage.Text+", traveler "+strconv.FormatFloat(st.Percentage, 'f', 2, 64))
		}
		if !skip["PLACE "+name] && strings.TrimSuffix(p.Place, "=") != strconv.Itoa(st.Place) {
			diffs = append(diffs, "PLACE "+name+": file "+p.Place+", traveler "+strconv.Itoa(st.Place))
		}
	}
	for _, b := range u.Event.Boards {
		for _, l := range b.Lines {
			name, _, ours, ok := lineFigures(s, b.Number, &l)
			switch {
			case skip["BOARD "+strconv.Itoa(b.Number)] || skip[name]:
			case !ok:
				diffs = append(diffs, name+": not on the traveler")
			case !figureIs(l.NSPoints, ours[0]) || !figureIs(l.EWPoints, ours[1]):
				diffs = append(diffs, name+": file "+l.NSPoints.Text+" | "+l.EWPoints.Text+", traveler "+
					strconv.FormatFloat(ours[0], 'f', -1, 64)+" | "+strconv.FormatFloat(ours[1], 'f', -1, 64))
			}
		}
	}
	return diffs
}

// lineFigures finds a file's traveller line on the section's traveler: its
// name ("LINE 4 1NS 21EW"), the file's NS and EW points, traveler's, and
// whether the traveler has the line.
func lineFigures(s *tournament.SectionData, board int, l *USEBIOLine) (name string, file, ours [2]float64, ok bool) {
	ns, _, _ := splitPairNumber(l.NS)
	ew, _, _ := splitPairNumber(l.EW)
	name = "LINE " + strconv.Itoa(board) + " " + strconv.Itoa(ns) + "NS " + strconv.Itoa(ew) + "EW"
	file = [2]float64{l.NSPoints.Value, l.EWPoints.Value}
	if board < 1 || board > len(s.Travelers) {
		return name, file, ours, false
	}
	for _, tl := range s.Travelers[board-1].Lines {
		if tl.Result.NS == strconv.Itoa(ns) && tl.Result.EW == strconv.Itoa(ew) {
			return name, file, [2]float64{tl.NSPoints, tl.EWPoints}, true
		}
	}
	return name, file, ours, false
}

// figureIs reports whether a file's figure is traveler's x: within half a
// tenth for a figure of one decimal, to the cent otherwise.
func figureIs(f Figure, x float64) bool {
	if f.Decimals == 1 {
		return math.Abs(f.Value-x) <= 0.05+1e-9
	}
	return math.Abs(f.Value-x) < 0.005
}
