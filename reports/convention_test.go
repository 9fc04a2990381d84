package reports

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestReadConvention: a file's convention is the one asked for, else the
// one its program is known to use (a note says which and why), else
// traveler's own. The Compscore3 file (shared testdata
// usebio/mp_pairs_howell.xml) keeps traveler's own, and under the EBU's
// convention too its twelve percentages are the file's own: its one
// Neuberg-factored board (board 12, five results of six: (m+1)·6/5−1 =
// 9.8, 7.4, 5, 2.6, 0.2) is exact at 0.1, so rounding each line first
// changes nothing. The same file with its PROGRAM_NAME written
// "EBUScore" is read by the EBU's convention, with a note.
func TestReadConvention(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testdataDir(t), "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := ReadUSEBIO(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	own := map[string]float64{}
	for _, p := range u.Event.Pairs {
		own[p.Number] = p.Percentage.Value
	}
	ebuScore := bytes.Replace(data, []byte("<PROGRAM_NAME>Compscore3</PROGRAM_NAME>"), []byte("<PROGRAM_NAME>EBUScore</PROGRAM_NAME>"), 1)
	if bytes.Equal(ebuScore, data) {
		t.Fatal("the file names no Compscore3 program")
	}
	for _, c := range []struct {
		name       string
		data       []byte
		asked      string
		convention string
		note       string
	}{
		{"Compscore3", data, "", "", ""},
		{"Compscore3 read by the EBU's", data, "ebu", "ebu", ""},
		{"EBUScore", ebuScore, "", "ebuscore", "written by EBUScore"}, // its real file: TestUSEBIOEBUScoreAcrossField
		{"EBUScore read by WBF's", ebuScore, "wbf", "wbf", ""},
	} {
		rf, err := ReadResults(bytes.NewReader(c.data), ReadOptions{Format: FormatUSEBIO, Convention: c.asked})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := rf.Event.Event.Convention; got != c.convention {
			t.Errorf("%s: convention %q, want %q", c.name, got, c.convention)
		}
		noted := ""
		for _, n := range rf.Notes {
			if strings.Contains(n.Text, "convention") {
				noted = n.String()
			}
		}
		if (c.note == "") != (noted == "") || !strings.Contains(noted, c.note) || c.note != "" && !strings.Contains(noted, "PROGRAM_NAME") {
			t.Errorf("%s: convention note %q, want one saying %q", c.name, noted, c.note)
		}
		for _, st := range rf.Event.Sections[0].Standings.Pairs {
			if st.Percentage != own[st.Number] {
				t.Errorf("%s: pair %s %v %%, the file's own %v %%", c.name, st.Number, st.Percentage, own[st.Number])
			}
		}
	}
}

// TestPBNCarriesConvention: an event's convention goes out in a
// [TravelerConvention] tag of every game (PBN 2.1 §4.9: other programs
// skip a tag they do not know) and is read back from it; a name traveler
// does not know is refused naming the tag and what is allowed. The event
// is Compscore3's file read by the EBU's convention.
func TestPBNCarriesConvention(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testdataDir(t), "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	rf, err := ReadResults(bytes.NewReader(data), ReadOptions{Format: FormatUSEBIO, Convention: "ebu"})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WritePBN(&out, rf.Event); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "[TravelerConvention \"ebu\"]") {
		t.Fatal("the PBN export does not carry the convention")
	}
	back, err := ReadResults(bytes.NewReader(out.Bytes()), ReadOptions{Format: FormatPBN})
	if err != nil {
		t.Fatal(err)
	}
	if back.Event.Event.Convention != "ebu" {
		t.Errorf("read back: convention %q, want ebu", back.Event.Event.Convention)
	}
	bad := bytes.ReplaceAll(out.Bytes(), []byte("[TravelerConvention \"ebu\"]"), []byte("[TravelerConvention \"acme\"]"))
	_, err = ReadResults(bytes.NewReader(bad), ReadOptions{Format: FormatPBN})
	if err == nil || !strings.Contains(err.Error(), "[TravelerConvention]") || !strings.Contains(err.Error(), "ebu") {
		t.Errorf("an unknown convention: %v, want an error naming the tag and the conventions", err)
	}
}

// TestUSEBIONotesConvention: USEBIO 1.2 has no element for a convention;
// the export says it in a comment (as it does a grading), and traveler's
// own convention writes none; the reader takes the comment back, as it
// does PBN's TravelerConvention tag (issue 27 §1: "carried by its exports
// — and read from a file where the file says"), and refuses a name it
// does not know.
func TestUSEBIONotesConvention(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testdataDir(t), "usebio", "mp_pairs_howell.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, conv := range []string{"", "ebu"} {
		rf, err := ReadResults(bytes.NewReader(data), ReadOptions{Format: FormatUSEBIO, Convention: conv})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := WriteUSEBIO(&out, rf.Event); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(out.String(), "<!-- traveler: the figures follow the ebu convention"); got != (conv == "ebu") {
			t.Errorf("convention %q: the comment written %v", conv, got)
		}
		// Read back by the comment, as PBN's tag is: the same convention
		// (ebu, or traveler's own ""), and the same standings.
		back, err := ReadResults(bytes.NewReader(out.Bytes()), ReadOptions{Format: FormatUSEBIO})
		if err != nil {
			t.Fatal(err)
		}
		if back.Event.Event.Convention != conv {
			t.Errorf("convention %q read back as %q", conv, back.Event.Event.Convention)
		}
		sameStandings(t, rf.Event, back.Event)
		if conv == "ebu" {
			// A name traveler does not know is refused naming the comment
			// and the conventions it knows.
			bad := strings.Replace(out.String(), "follow the ebu convention", "follow the acme convention", 1)
			_, err := ReadResults(strings.NewReader(bad), ReadOptions{Format: FormatUSEBIO})
			var fe *FileError
			if !errors.As(err, &fe) || fe.Value != "acme" || !strings.Contains(fe.Element, "traveler: the figures follow the") || !strings.Contains(fe.Expected, "realbridge") {
				t.Errorf("unknown convention in the comment: %v", err)
			}
		}
	}
}

// TestConventionFromFigures (issue 27 §1: a convention is read from a
// file where "the figures show which one its program used"): real files
// with their PROGRAM_NAME taken out, so that only their figures can tell.
//   - BriAn 213's file (testdata/usebio/brian_mp_pairs.xml): read by
//     traveler's own convention its figures differ (board 21's lines
//     beside its A5050, every percentage: TestConventionAdjustedBriAn);
//     "brian" alone reproduces every one, so the file is read by it, with
//     a note giving the count and why, and no difference is left — as when
//     its program is named.
//   - EBUScore Pairs 1.2.20's two-section file: "ebuscore" (lines to 0.01)
//     and "acbl" (lines to 0.01, .005 up) both reproduce all its figures;
//     the figures do not tell them apart, so the note names both and the
//     file stays traveler's own, its differences reported.
//   - Compscore3's adjusted Mitchell (mp_pairs_mitchell_adjusted_02.xml):
//     no convention reproduces its figures (its A6060 line): nothing said,
//     traveler's own kept.
//
// A convention asked for is never second-guessed.
func TestConventionFromFigures(t *testing.T) {
	read := func(file, convention string) *ResultsFile {
		t.Helper()
		data, err := os.ReadFile(filepath.Join("testdata", "usebio", file))
		if err != nil {
			t.Fatal(err)
		}
		nameless := regexp.MustCompile(`<PROGRAM_NAME>[^<]*</PROGRAM_NAME>`).ReplaceAll(data, nil)
		if bytes.Equal(nameless, data) {
			t.Fatalf("%s names no program", file)
		}
		rf, err := ReadResults(bytes.NewReader(nameless), ReadOptions{Format: FormatUSEBIO, Convention: convention})
		if err != nil {
			t.Fatal(err)
		}
		return rf
	}
	own := read("brian_mp_pairs.xml", "traveler")
	named := readUSEBIONotes(t, localUSEBIO(t, "brian_mp_pairs.xml"))
	rf := read("brian_mp_pairs.xml", "")
	want := "the file names no program whose convention traveler knows, and " + strconv.Itoa(len(own.Differences)) +
		" of its own figures differ from traveler's own arithmetic; the brian convention reproduces every one of them (BriAn's:"
	if rf.Event.Event.Convention != "brian" || len(rf.Differences) != 0 || len(own.Differences) == 0 || !strings.Contains(notesText(rf), want) {
		t.Errorf("BriAn's file without its name: convention %q, %d differences (%d under traveler's own); notes\n%s\nwant %q",
			rf.Event.Event.Convention, len(rf.Differences), len(own.Differences), notesText(rf), want)
	}
	sameStandings(t, named.Event, rf.Event)

	rf = read("ebuscore_pairs_two_sections.xml", "")
	if rf.Event.Event.Convention != "" || len(rf.Differences) == 0 ||
		!strings.Contains(notesText(rf), "the acbl and ebuscore conventions each reproduce every one of them: read by traveler's own") {
		t.Errorf("EBUScore's file without its name: convention %q, %d differences; notes\n%s", rf.Event.Event.Convention, len(rf.Differences), notesText(rf))
	}

	rf = read("mp_pairs_mitchell_adjusted_02.xml", "")
	if rf.Event.Event.Convention != "" || len(rf.Differences) == 0 || strings.Contains(notesText(rf), "reproduce") {
		t.Errorf("Compscore3's adjusted Mitchell: convention %q, %d differences; notes\n%s", rf.Event.Event.Convention, len(rf.Differences), notesText(rf))
	}

	if rf := read("brian_mp_pairs.xml", "ebu"); rf.Event.Event.Convention != "ebu" || strings.Contains(notesText(rf), "reproduce") {
		t.Errorf("asked for ebu: read by %q; notes\n%s", rf.Event.Event.Convention, notesText(rf))
	}
}
