package reports

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// pbnEdgeCases are small PBN files at the edges of what the readers take.
var pbnEdgeCases = []string{
	"",
	"\n\n%\n;\n",
	"[Board \"1\"]\n[Score \"NS 1\"]\n{\n",
	"text before any tag\n",
	"[Board \"1\"] [Dealer \"N\"] [Contract \"3NT\"] [Declarer \"N\"] [Result \"9\"] [Score \"NS 400\"] [North \"a\"] [South \"b\"] [East \"c\"] [West \"d\"]\n",
	"[Board \"1\"]\n[Event \"e\"]\n\n[Board \"2\"]\n[Event \"#\"]\n",
	"[Board \"1\"]\n[Auction \"N\"]\n1NT =1= Pass Pass Pass\n*\n[Note \"1:15-17\"]\n",
	"[Board \"1\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 7\nS X 14\n",
	"[Board \"1\"]\n[Contract \"Pass\"]\n[Score \"0\"]\n[PairId_NS \"1\"]\n[PairId_EW \"1\"]\n",
	"[Board \"2\"]\n[Contract \"4H\"]\n[Declarer \"S\"]\n[Result \"NS 10\"]\n[HomeTeam \"A\"]\n[VisitTeam \"B\"]\n[Table \"1\"]\n[Room \"Open\"]\n",
	"[Board \"1\"]\n[Note \"artificial score 60%/40%\"]\n[PairId_NS \"1\"]\n[PairId_EW \"2\"]\n",
	"[Board \"1\"\n",
	"[Board \"1\" x]\n",
	"[ \"1\"]\n",
	"[Board \"1\"] {comment [Board \"2\"]\nstill} [Dealer \"E\"]\n",
	"[Board \"1\"]\n[Deal \"N:- - - -\"]\n[LIN_DATA \"md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|\"]\n[Contract \"3D*\"]\n[Declarer \"N\"]\n[Result \"9\"]\n[North \"a\"]\n[East \"b\"]\n",
	"[Board \"1\"]\n[LIN_DATA \"md|1S10AH,,,|\"]\n[Contract \"PO\"]\n[Note \"1:assigned adjusted score (Law 12C1(c)), NS side: NS 420 weight 0.5; NS x weight 2\"]\n",
	"[Board \"1\"]\n[Contract \"A\"]\n[Declarer \"A\"]\n[Result \"A\"]\n[North \"a\"]\n[East \"b\"]\n",
}

// addPBNSeeds seeds a PBN fuzz test: pieces of the real and golden files
// (see pbnPieces) and the edge cases.
func addPBNSeeds(f *testing.F) {
	for _, file := range sortedValues(realFiles(f, "pbn", ".pbn", ".txt")) {
		for _, p := range pbnPieces(file) {
			f.Add(p)
		}
	}
	for _, s := range pbnEdgeCases {
		f.Add(s)
	}
}

// FuzzReadPBN feeds ReadPBN arbitrary text (see checkReadPBN).
func FuzzReadPBN(f *testing.F) {
	boundMinimizing(f)
	addPBNSeeds(f)
	f.Fuzz(checkReadPBN)
}

// checkReadPBN reads doc with ReadPBN. It must answer games or a
// *FileError saying where and what, never panic; the same games for the
// same text read again; games made of tags in file order with
// sections of single-spaced text; and the readers of a game's tags
// (PlayedResult, OptimumResults, AuctionCalls) must answer too.
func checkReadPBN(t *testing.T, doc string) {
	games, err := ReadPBN(strings.NewReader(doc))
	again, errAgain := ReadPBN(strings.NewReader(doc))
	if err != nil {
		checkFileError(t, err, "PBN")
		sameError(t, err, errAgain)
		return
	}
	if errAgain != nil || !reflect.DeepEqual(games, again) {
		t.Fatalf("read again: %v\n%+v\nwant\n%+v", errAgain, again, games)
	}
	line := 1
	for i := range games {
		g := &games[i]
		if len(g.Tags) == 0 || g.Line != g.Tags[0].Line {
			t.Fatalf("game %d at line %d: tags %+v", i, g.Line, g.Tags)
		}
		for _, tag := range g.Tags {
			if tag.Line < line || tag.Name == "" || strings.IndexFunc(tag.Name, func(r rune) bool { return r > 0x7f || !isTagNameByte(byte(r)) }) >= 0 {
				t.Fatalf("tag %+v after line %d", tag, line)
			}
			line = tag.Line
			for _, s := range tag.Section {
				if s == "" || s != strings.Join(strings.Fields(s), " ") {
					t.Fatalf("tag %s: section line %q", tag.Name, s)
				}
			}
		}
		if _, err := g.PlayedResult(); err != nil {
			checkFileError(t, err, "PBN")
		}
		if _, err := g.OptimumResults(); err != nil {
			checkFileError(t, err, "PBN")
		}
		_ = g.AuctionCalls()
	}
}

// FuzzReadPBNResults feeds ReadPBNResults arbitrary text (see
// checkReadPBNResults).
func FuzzReadPBNResults(f *testing.F) {
	boundMinimizing(f)
	addPBNSeeds(f)
	f.Fuzz(checkReadPBNResults)
}

// checkReadPBNResults reads doc with ReadPBNResults: a result for every
// game ReadPBN reads, at the game's line, with tricks 0 to 13, or a
// *FileError; the same for the same text.
func checkReadPBNResults(t *testing.T, doc string) {
	res, err := ReadPBNResults(strings.NewReader(doc))
	again, errAgain := ReadPBNResults(strings.NewReader(doc))
	if err != nil {
		checkFileError(t, err, "PBN")
		sameError(t, err, errAgain)
		return
	}
	if errAgain != nil || !reflect.DeepEqual(res, again) {
		t.Fatalf("read again: %v", errAgain)
	}
	games, err := ReadPBN(strings.NewReader(doc))
	if err != nil || len(games) != len(res) {
		t.Fatalf("%d results, ReadPBN: %d games, %v", len(res), len(games), err)
	}
	for i, r := range res {
		if r.Line != games[i].Line || r.Game == nil || r.Board < 0 || r.Tricks < 0 || r.Tricks > 13 || (!r.HasTricks && r.Tricks != 0) {
			t.Fatalf("game %d: %+v", i, r)
		}
		if r.HasContract != (r.ContractText != "") {
			t.Fatalf("game %d: contract %q, has %t", i, r.ContractText, r.HasContract)
		}
	}
}

// FuzzReadResultsPBN feeds arbitrary text to ReadResults as a PBN file
// (see checkReadResultsPBN).
func FuzzReadResultsPBN(f *testing.F) {
	boundMinimizing(f)
	addPBNSeeds(f)
	f.Fuzz(checkReadResultsPBN)
}

// checkReadResultsPBN reads doc with ReadResults as a PBN file: the
// decoding, the readers and the conversion to an event. It must answer an
// event or a *FileError, never panic nor run on; the same for the same
// text; and an event that holds together (see checkEventData).
func checkReadResultsPBN(t *testing.T, doc string) {
	rf, err := readResults(doc, FormatPBN)
	again, errAgain := readResults(doc, FormatPBN)
	if err != nil {
		checkFileError(t, err, "PBN")
		sameError(t, err, errAgain)
		return
	}
	if errAgain != nil {
		t.Fatalf("read again: %v", errAgain)
	}
	checkResultsFile(t, rf, FormatPBN)
	sameResultsFile(t, rf, again)
}

// FuzzReadHandRecords feeds arbitrary text to ReadHandRecords (see
// checkReadHandRecords), seeded with PBN and with the dealing machines'
// files of testdata/deals (whole, and cut short).
func FuzzReadHandRecords(f *testing.F) {
	boundMinimizing(f)
	addPBNSeeds(f)
	paths, _ := filepath.Glob(filepath.Join("testdata", "deals", "*"))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil && filepath.Ext(p) != ".md" {
			f.Add(string(data))
			f.Add(string(data[:len(data)/2]))
		}
	}
	f.Fuzz(checkReadHandRecords)
}

// checkReadHandRecords reads doc with ReadHandRecords: hand records, each
// with its line (or record, in DUP and BRI), a board number of 1 or more
// and a deal, or a *FileError of the format the content is sniffed as
// (SniffHandFormat); the same for the same text.
func checkReadHandRecords(t *testing.T, doc string) {
	recs, err := ReadHandRecords(strings.NewReader(doc))
	again, errAgain := ReadHandRecords(strings.NewReader(doc))
	if err != nil {
		switch f := SniffHandFormat([]byte(doc)); f {
		case HandDUP, HandBRI: // fixed-size records: the error names the record and its bytes, not a line
			var fe *FileError
			if !errors.As(err, &fe) || fe.Format != strings.ToUpper(string(f)) || fe.Element == "" || fe.Expected == "" {
				t.Fatalf("%q: want a *FileError of %s naming the record and what was expected", err, f)
			}
		default:
			checkFileError(t, err, strings.ToUpper(string(f)))
		}
		sameError(t, err, errAgain)
		return
	}
	if errAgain != nil || !reflect.DeepEqual(recs, again) {
		t.Fatalf("read again: %v", errAgain)
	}
	if len(recs) == 0 {
		t.Fatal("no hand records and no error")
	}
	for _, r := range recs {
		if r.Line < 1 && r.Record < 1 || r.Board.Number < 1 || r.Board.Deal == "" {
			t.Fatalf("hand record %+v", r)
		}
	}
}
