package reports

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// readDealsFile reads testdata/deals/name as hand records, failing the test
// on an error.
func readDealsFile(t *testing.T, name string) []HandRecord {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "deals", name))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := ReadHandRecords(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return recs
}

// sameDeal reports whether two PBN Deal values give the same four hands,
// whichever seat each starts from.
func sameDeal(t *testing.T, a, b string) bool {
	t.Helper()
	da, err := scoring.ParseDeal("deal", a)
	if err != nil {
		t.Fatal(err)
	}
	db, err := scoring.ParseDeal("deal", b)
	if err != nil {
		t.Fatal(err)
	}
	return da.Hands == db.Hands && da.Full() && db.Full()
}

// TestHandFilesSameDealsAsPBN reads the same deals written by Big Deal in
// every format it writes (testdata/deals/README.md): Big Deal 1.2's two
// boards as PBN, DUP, BRI and DLM (richardschneider/pbn's samples), and Big
// Deal 2.0's 28 boards as PBN, DUP, BRI, DLM and LIN, and its 12 boards
// "blind" (not shown on the machine's screen: DUP's first DGE part 68
// spaces, DLM's Status=Sealed) as PBN, DUP and DLM. Each file gives the
// deals of its PBN, board by board (142 deals compared); LIN gives the
// dealer and vulnerability of the PBN's [Dealer] and [Vulnerable] too.
func TestHandFilesSameDealsAsPBN(t *testing.T) {
	compared := 0
	for set, formats := range map[string][]string{"bigdeal12": {"dup", "bri", "dlm"}, "bigdeal20": {"dup", "bri", "dlm", "lin"}, "bigdeal20blind": {"dup", "dlm"}} {
		pbn := readDealsFile(t, set+".pbn")
		for _, f := range formats {
			t.Run(set+"."+f, func(t *testing.T) {
				got := readDealsFile(t, set+"."+f)
				if len(got) != len(pbn) {
					t.Fatalf("%d boards, the PBN has %d", len(got), len(pbn))
				}
				for i, want := range pbn {
					g := got[i].Board
					if g.Number != want.Board.Number || !sameDeal(t, g.Deal, want.Board.Deal) {
						t.Errorf("board %d %q, the PBN's board %d %q", g.Number, g.Deal, want.Board.Number, want.Board.Deal)
					}
					if f == "lin" && (g.Dealer != want.Board.Dealer || g.Vulnerable != want.Board.Vulnerable) {
						t.Errorf("board %d dealer %q vulnerable %q, the PBN's %q %q", g.Number, g.Dealer, g.Vulnerable, want.Board.Dealer, want.Board.Vulnerable)
					}
					compared++
				}
			})
		}
	}
	if compared != 2*3+28*4+12*2 {
		t.Errorf("%d deals compared, want 142", compared)
	}
}

// TestReadBRIWithoutPBN reads dealer.bri, a BRI file of richardschneider/pbn
// without its PBN: 1,024 bytes are eight 128-byte records, boards 1 to 8,
// each a whole deal; its first record's first card numbers are 04 05 13:
// North holds the jack and ten of spades and the two ([PBNJS] numbering).
func TestReadBRIWithoutPBN(t *testing.T) {
	recs := readDealsFile(t, "dealer.bri")
	if len(recs) != 8 || recs[0].Board.Number != 1 || recs[7].Board.Number != 8 || recs[7].Record != 8 {
		t.Fatalf("%+v", recs)
	}
	d, err := scoring.ParseDeal("deal", recs[0].Board.Deal)
	if err != nil || !d.Full() {
		t.Fatalf("%q: %v", recs[0].Board.Deal, err)
	}
	for _, c := range []string{"SJ", "ST", "S2"} {
		card, _ := scoring.ParseCard("card", c)
		if !d.Hands[scoring.North].Has(card) {
			t.Errorf("North lacks %s: %s", c, recs[0].Board.Deal)
		}
	}
}

// handBoardsOf turns hand records into boards as the service stores them.
func handBoardsOf(t *testing.T, recs []HandRecord) []tournament.Board {
	t.Helper()
	var out []tournament.Board
	for _, r := range recs {
		b, err := tournament.ParseBoard("", r.Board)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// TestWriteHandRecordsAsBigDeal writes Big Deal 2.0's 28 deals (read from
// its PBN) in each format and compares with the file Big Deal wrote: DUP
// and BRI byte for byte; DLM line for line but the Headline naming the
// program (traveler ends lines CR LF, Big Deal built on Unix LF); LIN,
// where traveler gives all four hands and Big Deal three, by reading both
// back to the same boards, dealers and vulnerabilities.
func TestWriteHandRecordsAsBigDeal(t *testing.T) {
	boards := handBoardsOf(t, readDealsFile(t, "bigdeal20.pbn"))
	for _, f := range []HandFormat{HandDUP, HandBRI, HandDLM, HandLIN, HandPBN} {
		t.Run(string(f), func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteHandRecords(&buf, f, boards); err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join("testdata", "deals", "bigdeal20."+string(f)))
			if err != nil {
				t.Fatal(err)
			}
			switch f {
			case HandDUP, HandBRI:
				if !bytes.Equal(buf.Bytes(), want) {
					t.Fatalf("differs from Big Deal's file: %d bytes, want %d", buf.Len(), len(want))
				}
			case HandDLM:
				got := strings.Split(strings.ReplaceAll(buf.String(), "\r\n", "\n"), "\n")
				lines := strings.Split(string(want), "\n")
				if len(got) != len(lines) {
					t.Fatalf("%d lines, Big Deal's %d", len(got), len(lines))
				}
				for i := range got {
					if got[i] != lines[i] && !strings.HasPrefix(got[i], "Headline=") {
						t.Errorf("line %d %q, Big Deal's %q", i+1, got[i], lines[i])
					}
				}
			}
			back, err := ReadHandRecordsIn(bytes.NewReader(buf.Bytes()), f)
			if err != nil {
				t.Fatal(err)
			}
			again := handBoardsOf(t, back)
			if len(again) != len(boards) {
				t.Fatalf("%d boards read back, %d written", len(again), len(boards))
			}
			for i := range boards {
				if again[i].Number != boards[i].Number || again[i].Deal.Hands != boards[i].Deal.Hands ||
					again[i].Dealer != boards[i].Dealer || again[i].Vulnerability != boards[i].Vulnerability {
					t.Errorf("board %d read back as %+v, written %+v", boards[i].Number, again[i], boards[i])
				}
			}
		})
	}
}

// TestWriteHandRecordsRefuses: a board without a deal, a gap in a DUP
// set, a BRI set not starting at board 1, a DLM board beyond 99 — each
// refused naming the board and what the format allows.
func TestWriteHandRecordsRefuses(t *testing.T) {
	boards := handBoardsOf(t, readDealsFile(t, "bigdeal20.pbn"))
	noDeal := append([]tournament.Board{}, boards[:3]...)
	noDeal[1].Deal = scoring.Deal{}
	gap := []tournament.Board{boards[0], boards[2]}
	from5 := boards[4:8]
	high := []tournament.Board{boards[0]}
	high[0].Number = 100
	for _, tc := range []struct {
		f      HandFormat
		boards []tournament.Board
		want   string
	}{
		{HandDUP, noDeal, "board 2 has no deal"},
		{HandDUP, gap, "boards 1, 3 have a gap"},
		{HandBRI, from5, "start at 5"},
		{HandDLM, high, "board 100: a DLM file holds boards 1 to 99"},
		{HandDLM, gap, "boards 1, 3 have a gap"},
	} {
		err := WriteHandRecords(&bytes.Buffer{}, tc.f, tc.boards)
		var te *tournament.Error
		if !errors.As(err, &te) || !strings.Contains(te.Message, tc.want) || te.Field != "boards" {
			t.Errorf("%s: %v, want an error on boards saying %q", tc.f, err, tc.want)
		}
	}
}

// TestReadHandFilesBadInput: a damaged file is refused naming the line or
// the record and bytes, what was found and what is allowed.
func TestReadHandFilesBadInput(t *testing.T) {
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", "deals", name))
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	dlm := string(read("bigdeal20.dlm"))
	dup := read("bigdeal20.dup")
	badDGE := bytes.Clone(dup)
	badDGE[156+80] = 'x' // record 2's DGE: a rank that is none
	swapped := bytes.Clone(dup)
	copy(swapped[156+79:], "K") // record 2's DGE: North's AJ93 of spades made KJ93 (West holds the king)
	bri := read("bigdeal20.bri")
	twice := bytes.Clone(bri)
	copy(twice[2:4], twice[0:2]) // North's second card the same as its first
	for _, tc := range []struct {
		name string
		data []byte
		f    HandFormat
		want string
	}{
		{"dlm checksum", []byte(strings.Replace(dlm, "Board 01=plfh", "Board 01=plfi", 1)), "", `DLM line 12: Board 01 "plfilikg`},
		{"dlm letter", []byte(strings.Replace(dlm, "Board 02=dimk", "Board 02=zimk", 1)), "", "letters a to p"},
		{"dlm to board", []byte(strings.Replace(dlm, "To board=28", "To board=128", 1)), "", `DLM line 6: to board "128": expected a board number 1 to 99`},
		{"dup size", dup[:len(dup)-1], "", "whole 156-byte records"},
		{"dup dge", badDGE, "", "DUP: record 2 (bytes 157–312), bytes 79–146 (DGE)"},
		{"dup dge differs", swapped, "", "DUP: record 2 (bytes 157–312), North's hand"},
		{"bri twice", twice, "", "BRI: record 1 (bytes 1–128), North's card 2"},
		{"bri as dup", bri, HandDUP, "DUP: file size \"3584 bytes\": expected whole 156-byte records"},
		{"lin dealer", []byte("qx|o1|md|5SAKQJ,S,S,|sv|0|"), "", `LIN line 1: md "5SAKQJ,S,S,": expected a first digit 1 to 4`},
		{"lin short hand", []byte("\nqx|o1|md|3SAKQJT98765432H2,SHA,,|"), "", "LIN line 2: md"},
		{"lin vulnerable", []byte("qx|o1|md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|sv|x|"), "", `LIN line 1: sv "x": expected the vulnerability`},
		{"bri too many", bytes.Repeat(bri[:128], 1000), "", "at most 999 records"},
		{"lin two deals", []byte("qx|o1|md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|\nqx|c1|md|3H23456789TJQKA,S23456789TJQKA,D23456789TJQKA,|"), "", "LIN line 2: md"},
	} {
		_, err := ReadHandRecordsIn(bytes.NewReader(tc.data), tc.f)
		var fe *FileError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.want) || fe.Expected == "" {
			t.Errorf("%s: %v, want a *FileError saying %q", tc.name, err, tc.want)
		}
	}
}

// TestSniffHandFormat: each Big Deal file is known by its content alone,
// and by its name's extension.
func TestSniffHandFormat(t *testing.T) {
	for _, f := range []HandFormat{HandPBN, HandDUP, HandBRI, HandDLM, HandLIN} {
		data, err := os.ReadFile(filepath.Join("testdata", "deals", "bigdeal20."+string(f)))
		if err != nil {
			t.Fatal(err)
		}
		if got := SniffHandFormat(data); got != f {
			t.Errorf("bigdeal20.%s sniffed as %q", f, got)
		}
		if got := HandFormatOfName("Tuesday." + strings.ToUpper(string(f))); got != f {
			t.Errorf("Tuesday.%s named as %q", strings.ToUpper(string(f)), got)
		}
	}
	if _, err := ParseHandFormat("rtf"); err == nil || !strings.Contains(err.Error(), "pbn, dup, dlm, bri, lin") {
		t.Errorf("rtf: %v", err)
	}
}

// TestReadLINAgainstItsPlay reads a board BBO wrote as LIN (endplay's
// tests/lin/example1.lin: three hands and a trailing comma, ranks from the
// two up, vulnerability "o") and checks its deal against the play the same
// file records: the auction (mb) makes North declarer in 3NT (3N the first
// no-trump bid of North–South, by North), so East leads; each trick is won
// by the highest card of the suit led; every one of the 52 cards played
// (pc) must be in the hand of the seat whose turn it was.
func TestReadLINAgainstItsPlay(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "deals", "bbo_board1.lin"))
	if err != nil {
		t.Fatal(err)
	}
	recs := readDealsFile(t, "bbo_board1.lin")
	if len(recs) != 1 || recs[0].Board.Number != 1 || recs[0].Board.Dealer != "N" || recs[0].Board.Vulnerable != "None" {
		t.Fatalf("%+v", recs)
	}
	deal, err := scoring.ParseDeal("deal", recs[0].Board.Deal)
	if err != nil || !deal.Full() {
		t.Fatalf("%q: %v", recs[0].Board.Deal, err)
	}
	var played []scoring.Card
	parts := strings.Split(strings.TrimSpace(string(data)), "|")
	for i := 0; i+1 < len(parts); i += 2 {
		if parts[i] == "pc" {
			c, err := scoring.ParseCard("pc", parts[i+1])
			if err != nil {
				t.Fatal(err)
			}
			played = append(played, c)
		}
	}
	if len(played) != 52 {
		t.Fatalf("%d cards played, want 52", len(played))
	}
	leader := scoring.North.Next() // East leads against North's 3NT
	var seen scoring.Hand
	for trick := 0; trick < 13; trick++ {
		cards := played[4*trick : 4*trick+4]
		winner, best := leader, cards[0]
		for k, c := range cards {
			seat := (leader + scoring.Seat(k)) & 3
			if !deal.Hands[seat].Has(c) {
				t.Errorf("trick %d: %s plays %s, not in its hand %s", trick+1, seat, c, recs[0].Board.Deal)
			}
			if bit := scoring.Hand(1) << (13*uint(c.Suit) + uint(c.Rank)); seen&bit != 0 {
				t.Errorf("trick %d: %s played twice", trick+1, c)
			} else {
				seen |= bit
			}
			if c.Suit == best.Suit && c.Rank > best.Rank {
				winner, best = seat, c
			}
		}
		leader = winner
	}
}

// TestReadLINBothRooms: a LIN file of a teams match gives each board in
// the open room (qx|o1|) and the closed (qx|c1|); one hand record a board,
// the number from qx (ah's "Board 1" where there is no qx), the dealer
// from md's digit and the vulnerability from sv (b: both, as [BIGDEAL]
// lin_vulnrep has it).
func TestReadLINBothRooms(t *testing.T) {
	const md = "md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|"
	lin := "vg|Match,IMPs|\nqx|o7|" + md + "sv|b|\nqx|c7|" + md + "sv|b|\n" +
		"md|1S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,C23456789TJQKA|ah|Board 8|sv|n|\n"
	recs, err := ReadHandRecords(strings.NewReader(lin))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 {
		t.Fatalf("%d hand records, want 2: %+v", len(recs), recs)
	}
	want := []tournament.BoardInput{
		{Number: 7, Dealer: "N", Vulnerable: "All", Deal: "N:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432.."},
		{Number: 8, Dealer: "S", Vulnerable: "NS", Deal: "N:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432.."},
	}
	for i, w := range want {
		if recs[i].Board != w || recs[i].Line != i*2+2 {
			t.Errorf("record %d: %+v (line %d), want %+v on line %d", i, recs[i].Board, recs[i].Line, w, i*2+2)
		}
	}
}
