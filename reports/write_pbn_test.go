package reports

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// pbnMandatory is PBN 2.1's Mandatory Tag Set in its export order (§3.4).
var pbnMandatory = []string{"Event", "Site", "Date", "Board", "West", "North", "East", "South",
	"Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"}

// pbnExportDate is a Date in export format (§3.4.3), "?" for an unknown digit.
var pbnExportDate = regexp.MustCompile(`^[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}$`)

// checkPBN checks a file against PBN 2.1's export format as WritePBN
// writes it and returns every fault: the "% PBN 2.1" and "% EXPORT" lines
// (§2.4); games apart by one empty line (§3.1); each tag alone on its line
// (§3.3), no tab (§2.3); in every game the fifteen mandatory tags first and
// in order, then the supplemental tags sorted by name, each tag once (§3.4)
// and none "#" (§4.8); a Date of ten characters (§3.4.3), a Site, a Deal
// starting from the dealer (§3.4.11), None or All rather than Love or Both
// (§3.4.10); a game with a contract names its four players, one passed out
// has an empty Declarer and Result (§3.4.13, §3.4.15); a Play section names
// the declarer's left-hand opponent (§3.6).
func checkPBN(data []byte) []string {
	var faults []string
	fault := func(line int, format string, a ...any) {
		faults = append(faults, fmt.Sprintf("line %d: %s", line, fmt.Sprintf(format, a...)))
	}
	text := string(data)
	if !strings.HasPrefix(text, "% PBN 2.1"+pbnEOL+"% EXPORT"+pbnEOL) {
		fault(1, "the file does not start with %q and %q", "% PBN 2.1", "% EXPORT")
	}
	lines := strings.Split(strings.TrimSuffix(text, pbnEOL), pbnEOL)
	tagLine := regexp.MustCompile(`^\[[A-Za-z0-9_]+ "(?:[^"\\]|\\.)*"\]$`)
	for i, l := range lines {
		switch {
		case strings.ContainsAny(l, "\t\r"):
			fault(i+1, "a tab or carriage return")
		case len(l) > 255:
			fault(i+1, "longer than 255 characters")
		case strings.HasPrefix(l, "[") && !tagLine.MatchString(l):
			fault(i+1, "not one tag alone on its line: %q", l)
		case strings.HasPrefix(l, "[") && strings.Contains(l, ` "#`):
			fault(i+1, "%s: export files repeat every value (ReadPBN copies \"#\" away, so the line is looked at)", l)
		case l == "" && (i == 0 || lines[i-1] == ""):
			fault(i+1, "two empty lines")
		}
	}
	games, err := ReadPBN(bytes.NewReader(data))
	if err != nil {
		return append(faults, "unreadable: "+err.Error())
	}
	for _, g := range games {
		var names []string
		seen := map[string]bool{}
		for _, t := range g.Tags {
			if t.Name == "Play" {
				break // the play section follows the identification section
			}
			if seen[t.Name] {
				fault(t.Line, "[%s] twice in a game", t.Name)
			}
			seen[t.Name] = true
			names = append(names, t.Name)
			if t.Value == "#" || strings.HasPrefix(t.Value, "##") {
				fault(t.Line, "[%s %q]: export files repeat every value", t.Name, t.Value)
			}
		}
		if len(names) < len(pbnMandatory) || !slices.Equal(names[:len(pbnMandatory)], pbnMandatory) {
			fault(g.Line, "the tags begin %v; want the mandatory tags %v", names[:min(len(names), len(pbnMandatory))], pbnMandatory)
			continue
		}
		if rest := names[len(pbnMandatory):]; !slices.IsSorted(rest) {
			fault(g.Line, "supplemental tags %v are not sorted by name", rest)
		}
		if d := g.Value("Date"); !pbnExportDate.MatchString(d) {
			fault(g.Line, "[Date %q]: want YYYY.MM.DD, ? for an unknown digit", d)
		}
		if g.Value("Site") == "" {
			fault(g.Line, "[Site] is empty; an unknown site is \"?\"")
		}
		if v := g.Value("Vulnerable"); !slices.Contains([]string{"None", "NS", "EW", "All"}, v) {
			fault(g.Line, "[Vulnerable %q]: want None, NS, EW or All", v)
		}
		dealer := g.Value("Dealer")
		if deal := g.Value("Deal"); !strings.HasPrefix(deal, dealer+":") {
			fault(g.Line, "[Deal %q] does not start from the dealer %s", deal, dealer)
		} else if _, err := scoring.ParseDeal("deal", deal); err != nil {
			fault(g.Line, "[Deal %q]: %v", deal, err)
		}
		contract := g.Value("Contract")
		if contract != "" {
			for _, seat := range []string{"West", "North", "East", "South"} {
				if g.Value(seat) == "" {
					fault(g.Line, "a game with a contract and no [%s]", seat)
				}
			}
		}
		if contract == "Pass" && (g.Value("Declarer") != "" || g.Value("Result") != "") {
			fault(g.Line, "a passed-out game with a Declarer or a Result")
		}
		if t, ok := g.Tag("Play"); ok {
			decl, err := scoring.ParseSeat("declarer", g.Value("Declarer"))
			if err != nil || t.Value != ((decl+1)&3).String() {
				fault(t.Line, "[Play %q]: want the declarer's left-hand opponent", t.Value)
			}
		}
	}
	return faults
}

// pbnExport is one event exported for the checks.
type pbnExport struct {
	name   string
	golden string // the golden file's name, "" for none
	data   tournament.EventData
}

// pbnExports are the events whose PBN files are checked: one winner and
// two, MP, Butler and cross-IMP, the two real USEBIO files of
// ../shared/testdata, and an event with what traveler may not know (see
// unknownsEvent).
func pbnExports(t *testing.T) []pbnExport {
	t.Helper()
	howell := importUSEBIO(t, howellFile)
	return []pbnExport{
		{"one winner MP", "event.pbn", interchangeEvent(t)},
		{"one winner cross-IMP", "", rescored(t, interchangeEvent(t), tournament.MethodCrossIMP)},
		{"one winner Butler", "", rescored(t, interchangeEvent(t), tournament.MethodButler)},
		{"two winners MP", "event_two_winners.pbn", twoWinnerEvent(t)},
		{"Howell MP (Compscore3)", "", howell},
		{"Howell cross-IMP", "", rescored(t, howell, tournament.MethodCrossIMP)},
		{"Butler Howell (Compscore3)", "", importUSEBIO(t, butlerFile)},
		{"unknowns", "event_unknowns.pbn", unknownsEvent(t)},
	}
}

// TestPBNExportFormat writes every event of pbnExports, checks the file
// against PBN 2.1's export format (the golden files too) and that it holds
// only the boards it has something for, and reads it back to the same
// standings.
func TestPBNExportFormat(t *testing.T) {
	for _, c := range pbnExports(t) {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WritePBN(&buf, c.data); err != nil {
				t.Fatal(err)
			}
			file := buf.Bytes()
			if c.golden != "" {
				golden(t, c.golden, file)
			}
			for _, f := range checkPBN(file) {
				t.Error(f)
			}
			games, _ := ReadPBN(bytes.NewReader(file))
			written := map[int]bool{}
			for _, g := range games {
				n, _ := strconv.Atoi(g.Value("Board"))
				written[n] = true
			}
			for _, tr := range c.data.Sections[0].Travelers {
				played := slices.ContainsFunc(tr.Lines, func(l tournament.TravelerLine) bool { return l.Result.Status != tournament.StatusNotPlayed })
				if want := played || !tr.Board.Deal.Empty(); written[tr.Board.Number] != want {
					t.Errorf("board %d written %v; want %v (played %v, hand record %v)", tr.Board.Number, written[tr.Board.Number], want, played, !tr.Board.Deal.Empty())
				}
			}
			back, err := readBackPBN(file)
			if err != nil {
				t.Fatalf("reading back: %v", err)
			}
			sameStandings(t, c.data, back)
		})
	}
}

// TestPBNExportCatches: checkPBN finds each fault a writer could make.
func TestPBNExportCatches(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePBN(&buf, interchangeEvent(t)); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	if f := checkPBN([]byte(good)); len(f) != 0 {
		t.Fatalf("the good file: %v", f)
	}
	for _, c := range []struct{ name, file, want string }{
		{"no Site", strings.Replace(good, "[Site \"?\"]\n", "", 1), "want the mandatory tags"},
		{"order", strings.Replace(good, "[Scoring \"MP\"]\n[Declarer \"N\"]", "[Declarer \"N\"]\n[Scoring \"MP\"]", 1), "want the mandatory tags"},
		{"unsorted", strings.Replace(good, "[Round \"1\"]\n[Score \"NS 420\"]", "[Score \"NS 420\"]\n[Round \"1\"]", 1), "not sorted"},
		{"inherited", strings.Replace(good, "[Event \"Tuesday <Pairs> & Co\"]\n[Site \"?\"]\n[Date \"2024.03.05\"]\n[Board \"1\"]\n[West \"Hal\"]",
			"[Event \"#\"]\n[Site \"?\"]\n[Date \"2024.03.05\"]\n[Board \"1\"]\n[West \"Hal\"]", 1), "repeat every value"},
		{"date", strings.Replace(good, "2024.03.05", "2024-03-05", 1), "[Date \"2024-03-05\"]"},
		{"deal", strings.Replace(good, "[Deal \"E:- - - -\"]", "[Deal \"N:- - - -\"]", 1), "does not start from the dealer"},
		{"two tags a line", strings.Replace(good, "[Site \"?\"]\n[Date", "[Site \"?\"] [Date", 1), "not one tag alone"},
		{"no player", strings.Replace(good, "[West \"Dan\"]", "[West \"\"]", 1), "no [West]"},
	} {
		if c.file == good {
			t.Errorf("%s: the case does not change the file", c.name)
			continue
		}
		f := checkPBN([]byte(c.file))
		if !slices.ContainsFunc(f, func(s string) bool { return strings.Contains(s, c.want) }) {
			t.Errorf("%s: faults %v, want one saying %q", c.name, f, c.want)
		}
	}
}

// readBackPBN reads a written PBN file back into an event (the readers'
// entry point, in one place for these tests).
func readBackPBN(file []byte) (tournament.EventData, error) {
	f, err := ReadResults(bytes.NewReader(file), ReadOptions{Format: FormatPBN, Strict: true})
	if err != nil {
		return tournament.EventData{}, err
	}
	return f.Event, nil
}
