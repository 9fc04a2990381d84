package scoring_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/scoring/sharedtest"
)

// The tests in this file check contract-2017 scoring against scores that
// nobody on this project computed (../shared/testdata/README.md):
//
//   - pbn/teams_imps_2021.pbn: every table result of a real online teams
//     event, with the score its scorer published;
//   - pbn/dds_list100.txt: the par contracts and par scores the DDS double
//     dummy solver's authors publish with their 100 test deals.

// ---------------------------------------------------------------------------
// PBN: a real teams event.

// pbnRecord is one game of a PBN file: its tags (a tag may repeat, as Note
// does) and the line it starts on.
type pbnRecord struct {
	line int
	tags map[string][]string
}

// tag returns the tag's single value and whether it was given exactly once.
func (r *pbnRecord) tag(name string) (string, bool) {
	v := r.tags[name]
	if len(v) != 1 {
		return "", false
	}
	return v[0], true
}

var pbnTagLine = regexp.MustCompile(`^\[([A-Za-z0-9_]+) "(.*)"\]$`)

// readPBN reads the tags of every game in a PBN file. Lines "[Tag "value"]"
// are tags; % lines are comments; other lines are the bodies of the tag
// before them (Auction, Play, OptimumResultTable) and are skipped; a blank
// line ends a game. Anything it cannot read is returned as an error.
func readPBN(path string) ([]pbnRecord, []error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, []error{err}
	}
	defer f.Close()
	var (
		recs []pbnRecord
		errs []error
		cur  *pbnRecord
	)
	flush := func() {
		if cur != nil {
			recs = append(recs, *cur)
			cur = nil
		}
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			flush()
		case strings.HasPrefix(trimmed, "%"), strings.HasPrefix(trimmed, ";"):
			// comment
		case strings.HasPrefix(trimmed, "["):
			m := pbnTagLine.FindStringSubmatch(trimmed)
			if m == nil {
				errs = append(errs, fmt.Errorf("%s:%d: cannot read tag line %q", filepath.Base(path), n, line))
				continue
			}
			if cur == nil {
				cur = &pbnRecord{line: n, tags: map[string][]string{}}
			}
			cur.tags[m[1]] = append(cur.tags[m[1]], m[2])
		default:
			if cur == nil {
				errs = append(errs, fmt.Errorf("%s:%d: text before any tag of a game: %q", filepath.Base(path), n, line))
			}
			// otherwise the body of the tag before (auction, play, table)
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		errs = append(errs, err)
	}
	return recs, errs
}

// parsePBNScore reads a PBN Score value, "NS 120", "EW 420" or
// "NS -100 EW 100", into the NS score, and returns its form with the
// numbers replaced by n ("NS n").
func parsePBNScore(v string) (ns int, form string, err error) {
	f := strings.Fields(v)
	if len(f) == 0 || len(f)%2 != 0 || len(f) > 4 {
		return 0, "", fmt.Errorf("score %q: want \"NS n\", \"EW n\" or \"NS n EW n\"", v)
	}
	var got [2]bool
	var val [2]int
	forms := make([]string, 0, 2)
	for i := 0; i < len(f); i += 2 {
		side, err := scoring.ParseSide("score", f[i])
		if err != nil {
			return 0, "", fmt.Errorf("score %q: %v", v, err)
		}
		n, err := strconv.Atoi(strings.TrimPrefix(f[i+1], "+"))
		if err != nil {
			return 0, "", fmt.Errorf("score %q: %q is not a number", v, f[i+1])
		}
		if got[side] {
			return 0, "", fmt.Errorf("score %q: %s given twice", v, side)
		}
		got[side], val[side] = true, n
		forms = append(forms, f[i]+" n")
	}
	switch {
	case got[scoring.NS] && got[scoring.EW] && val[scoring.NS] != -val[scoring.EW]:
		return 0, "", fmt.Errorf("score %q: the NS and EW scores do not balance", v)
	case got[scoring.NS]:
		ns = val[scoring.NS]
	default:
		ns = -val[scoring.EW]
	}
	return ns, strings.Join(forms, " "), nil
}

// TestExternalPBNTeams scores every table result of a real online teams
// event (PBN 2.1, boards 11–20, 30 tables, both rooms) and compares the
// engine's NS score with the score the event's scorer published.
func TestExternalPBNTeams(t *testing.T) {
	const name = "pbn/teams_imps_2021.pbn"
	path := sharedtest.Path(t, name)
	recs, errs := readPBN(path)
	for _, err := range errs {
		t.Errorf("cannot read %s: %v", name, err)
	}
	if len(recs) == 0 {
		t.Fatalf("%s: no games read", name)
	}
	rules := scoring.NewRules(scoring.Contract2017)
	var (
		compared, passedOut, unplayed, mismatches, unreadable int
		forms                                                 = map[string]int{}
	)
	for i := range recs {
		rec := &recs[i]
		where := fmt.Sprintf("%s game %d (line %d)", name, i+1, rec.line)
		recBad := false
		bad := func(format string, args ...any) {
			if !recBad {
				recBad = true
				unreadable++
			}
			t.Errorf("%s: cannot read the result: %s", where, fmt.Sprintf(format, args...))
		}
		get := func(tag string) (string, bool) {
			v, ok := rec.tag(tag)
			if !ok {
				bad("tag %s appears %d times, want once", tag, len(rec.tags[tag]))
			}
			return v, ok
		}
		boardS, ok1 := get("Board")
		vulS, ok2 := get("Vulnerable")
		declS, ok3 := get("Declarer")
		conS, ok4 := get("Contract")
		resS, ok5 := get("Result")
		if !(ok1 && ok2 && ok3 && ok4 && ok5) {
			continue
		}
		table, _ := rec.tag("Table")
		where = fmt.Sprintf("%s board %s table %s (line %d)", name, boardS, table, rec.line)
		board, err := strconv.Atoi(boardS)
		if err != nil || board < 1 {
			bad("board %q is not a board number", boardS)
			continue
		}
		vul, err := scoring.ParseVulnerability("Vulnerable", vulS)
		if err != nil {
			bad("%v", err)
			continue
		}
		// The published board's vulnerability and dealer follow the
		// standard cycle; check the engine's cycle against them.
		if want := scoring.BoardVulnerability(board); vul != want {
			t.Errorf("%s: file says vulnerability %s, scoring.BoardVulnerability(%d) = %s", where, vul, board, want)
		}
		if dealerS, ok := rec.tag("Dealer"); ok {
			if d, err := scoring.ParseSeat("Dealer", dealerS); err != nil {
				t.Errorf("%s: %v", where, err)
			} else if want := scoring.BoardDealer(board); d != want {
				t.Errorf("%s: file says dealer %s, scoring.BoardDealer(%d) = %s", where, d, board, want)
			}
		}
		con, err := rules.ParseContract(conS)
		if err != nil {
			bad("%v", err)
			continue
		}
		scoreS, hasScore := rec.tag("Score")
		if !hasScore {
			// Tables 1 and 17 of this file carry the boards with no
			// auction, no play and no score: the match was not played.
			_, auction := rec.tags["Auction"]
			if con.Pass && declS == "" && resS == "" && !auction && len(rec.tags["Score"]) == 0 {
				unplayed++
				continue
			}
			bad("no single Score tag for contract %q (Score tags: %q)", conS, rec.tags["Score"])
			continue
		}
		fileNS, form, err := parsePBNScore(scoreS)
		if err != nil {
			bad("%v", err)
			continue
		}
		forms[form]++
		res := scoring.Result{Contract: con, Vulnerability: vul}
		if con.Pass {
			if declS != "" || resS != "" {
				bad("passed out but declarer %q, result %q", declS, resS)
				continue
			}
			passedOut++
		} else {
			decl, err := scoring.ParseSeat("Declarer", declS)
			if err != nil {
				bad("%v", err)
				continue
			}
			tricks, err := strconv.Atoi(resS)
			if err != nil || tricks < 0 || tricks > 13 {
				bad("result %q is not 0 to 13 tricks", resS)
				continue
			}
			res.Declarer, res.Tricks = decl, tricks
		}
		sc, err := rules.Score(&res)
		if err != nil {
			t.Errorf("%s: contract %s by %s, vulnerable %s, %d tricks: engine refused: %v",
				where, conS, declS, vulS, res.Tricks, err)
			mismatches++
			continue
		}
		compared++
		if got := sc.NSScore(); got != fileNS || (con.Pass && !sc.PassedOut) {
			mismatches++
			t.Errorf("%s: contract %s by %s, vulnerable %s, %d tricks: file score %q = NS %d, engine NS %d (passed out %v)\n  engine items: %q",
				where, conS, declS, vulS, res.Tricks, scoreS, fileNS, got, sc.PassedOut, sc.Lines())
		}
	}
	formList := make([]string, 0, len(forms))
	for f, n := range forms {
		formList = append(formList, fmt.Sprintf("%q×%d", f, n))
	}
	sort.Strings(formList)
	t.Logf("%s: %d games read; compared %d results with the published score (%d of them passed out); "+
		"%d unplayed (contract Pass, no auction, no score) not compared; %d mismatches, %d unreadable; Score forms: %s",
		name, len(recs), compared, passedOut, unplayed, mismatches, unreadable, strings.Join(formList, ", "))
	if compared == 0 {
		t.Fatalf("%s: no result was compared", name)
	}
	if compared+unplayed+unreadable != len(recs) || unreadable > 0 {
		t.Errorf("%s: of %d games, %d compared, %d unplayed and %d could not be read: every game with a result must be compared",
			name, len(recs), compared, unplayed, unreadable)
	}
}

// ---------------------------------------------------------------------------
// DDS: par contracts and par scores of 100 deals.

// ddsVul is the DDS encoding of vulnerability (the PBN line's second
// number, the "vulnerable" argument of DDS's Par and DealerPar): 0 none,
// 1 both, 2 NS, 3 EW.
var ddsVul = [4]scoring.Vulnerability{scoring.VulNone, scoring.VulAll, scoring.VulNS, scoring.VulEW}

// ddsDeal is one deal of the DDS test file.
type ddsDeal struct {
	index   int    // 0-based, as DDS numbers them
	line    int    // the PBN line's line number
	dealer  int    // DDS hand 0–3: N, E, S, W
	vul     int    // DDS vulnerability 0–3
	deal    string // the PBN deal
	parNS   string // PAR line: "NS -110"
	parEW   string // PAR line: "EW 110"
	par2    string // PAR2 line: the NS par score
	par2Con []string
}

// ddsFields splits a DDS test line into words, a quoted string being one
// word without its quotes.
func ddsFields(line string) ([]string, error) {
	var out []string
	for s := strings.TrimSpace(line); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("unclosed quote in %q", line)
			}
			out = append(out, s[1:1+end])
			s = s[end+2:]
			continue
		}
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out, nil
}

// readDDS reads the deals of a DDS test file: a NUMBER line, then for each
// deal a PBN line (dealer, vulnerability, trump, leader, deal) followed by
// FUT, TABLE, PAR, PAR2 (or DEALERPAR), PLAY and TRACE lines.
func readDDS(path string) ([]ddsDeal, []error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, []error{err}
	}
	defer f.Close()
	base := filepath.Base(path)
	var (
		deals  []ddsDeal
		errs   []error
		number = -1
	)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		w, err := ddsFields(sc.Text())
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %v", base, n, err))
			continue
		}
		if len(w) == 0 {
			continue
		}
		fail := func(format string, args ...any) {
			errs = append(errs, fmt.Errorf("%s:%d: %s line: %s", base, n, w[0], fmt.Sprintf(format, args...)))
		}
		if w[0] != "NUMBER" && w[0] != "PBN" && len(deals) == 0 {
			fail("before the first PBN line")
			continue
		}
		var d *ddsDeal
		if len(deals) > 0 {
			d = &deals[len(deals)-1]
		}
		switch w[0] {
		case "NUMBER":
			if len(w) != 2 || number >= 0 {
				fail("want one NUMBER line with one number")
				continue
			}
			if number, err = strconv.Atoi(w[1]); err != nil {
				fail("%v", err)
			}
		case "PBN":
			if len(w) != 6 {
				fail("want dealer, vulnerability, trump, leader and a deal; got %q", w[1:])
				continue
			}
			var nums [4]int
			for i := range nums {
				if nums[i], err = strconv.Atoi(w[1+i]); err != nil || nums[i] < 0 || nums[i] > 4 {
					fail("field %d %q is not a small number", i+1, w[1+i])
				}
			}
			deals = append(deals, ddsDeal{index: len(deals), line: n, dealer: nums[0], vul: nums[1], deal: w[5]})
		case "PAR":
			if len(w) < 3 || d.parNS != "" {
				fail("want one PAR line per deal with an NS and an EW score")
				continue
			}
			d.parNS, d.parEW = w[1], w[2]
		case "PAR2", "DEALERPAR":
			if len(w) < 3 || d.par2 != "" {
				fail("want one PAR2 line per deal with a score and at least one contract")
				continue
			}
			d.par2, d.par2Con = w[1], w[2:]
		case "FUT", "TABLE", "PLAY", "TRACE":
			// not used here
		default:
			fail("unknown line")
		}
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, err)
	}
	if number != len(deals) {
		errs = append(errs, fmt.Errorf("%s: NUMBER says %d deals, read %d", base, number, len(deals)))
	}
	return deals, errs
}

// ddsParContract is one DDS par contract: "4S*-EW-1", "3N-NS+1", "2S-EW".
type ddsParContract struct {
	text      string
	contract  string         // as ParseContract reads it: "4SX", "3NT"
	level     int            // 1–7
	declarers []scoring.Seat // the seats that may declare it
	tricks    int            // tricks the declarer takes
}

var ddsContractRE = regexp.MustCompile(`^([1-7])([CDHSN])(\*{0,2})-(NS|EW|N|E|S|W)(?:([+-])([1-9][0-9]*))?$`)

func parseDDSContract(s string) (ddsParContract, error) {
	m := ddsContractRE.FindStringSubmatch(s)
	if m == nil {
		return ddsParContract{}, fmt.Errorf("par contract %q: want level, strain (C D H S N), * or ** for doubled or redoubled, -declarers, then -undertricks or +overtricks", s)
	}
	p := ddsParContract{text: s}
	p.level = int(m[1][0] - '0')
	strain := m[2]
	if strain == "N" {
		strain = "NT"
	}
	p.contract = m[1] + strain + strings.Repeat("X", len(m[3]))
	for _, c := range m[4] {
		seat, err := scoring.ParseSeat("declarer", string(c))
		if err != nil {
			return p, err
		}
		p.declarers = append(p.declarers, seat)
	}
	p.tricks = 6 + p.level
	if m[5] != "" {
		n, _ := strconv.Atoi(m[6])
		if m[5] == "-" {
			n = -n
		}
		p.tricks += n
	}
	if p.tricks < 0 || p.tricks > 13 {
		return p, fmt.Errorf("par contract %q: %d tricks", s, p.tricks)
	}
	return p, nil
}

// parseDDSScore reads a PAR score "NS -110" or "EW 110" as the side's score.
func parseDDSScore(s string, side scoring.Side) (int, error) {
	f := strings.Fields(s)
	if len(f) != 2 || f[0] != side.String() {
		return 0, fmt.Errorf("par score %q: want %q and a number", s, side.String()+" n")
	}
	return strconv.Atoi(f[1])
}

// TestExternalDDSPar scores every par contract of the DDS test deals, with
// the dealer and vulnerability the file gives, and compares it with the
// published par score for NS.
func TestExternalDDSPar(t *testing.T) {
	const name = "pbn/dds_list100.txt"
	path := sharedtest.Path(t, name)
	deals, errs := readDDS(path)
	for _, err := range errs {
		t.Errorf("cannot read %s: %v", name, err)
	}
	if len(deals) == 0 {
		t.Fatalf("%s: no deals read", name)
	}
	rules := scoring.NewRules(scoring.Contract2017)
	type parCase struct {
		deal   *ddsDeal
		par    ddsParContract
		decl   scoring.Seat
		wantNS int
	}
	var cases []parCase
	problems := 0
	for i := range deals {
		d := &deals[i]
		where := fmt.Sprintf("%s deal %d (line %d)", name, d.index, d.line)
		bad := func(format string, args ...any) {
			problems++
			t.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
		}
		// The first number is the dealer, DDS hand 0–3 (N E S W); the
		// deal string starts from the dealer throughout this file, which
		// confirms that reading.
		if d.dealer > 3 {
			bad("dealer %d is not a DDS hand 0–3", d.dealer)
			continue
		}
		if first, err := scoring.ParseSeat("deal", d.deal[:1]); err != nil || int(first) != d.dealer {
			bad("dealer field %d (%s) but the deal starts from %q", d.dealer, scoring.Seat(d.dealer), d.deal[:1])
		}
		if _, err := scoring.ParseDeal("deal", d.deal); err != nil {
			bad("%v", err)
		}
		if d.vul > 3 {
			bad("vulnerability %d is not 0–3", d.vul)
			continue
		}
		if d.par2 == "" || d.parNS == "" {
			bad("no PAR or PAR2 line")
			continue
		}
		want, err := strconv.Atoi(d.par2)
		if err != nil {
			bad("PAR2 score %q: %v", d.par2, err)
			continue
		}
		// The PAR line's sides' par scores must agree with PAR2's.
		ns, err1 := parseDDSScore(d.parNS, scoring.NS)
		ew, err2 := parseDDSScore(d.parEW, scoring.EW)
		if err1 != nil || err2 != nil {
			bad("PAR line: %v %v", err1, err2)
			continue
		}
		if ns != want || ew != -want {
			bad("PAR says %q %q but PAR2 says NS %d", d.parNS, d.parEW, want)
		}
		if len(d.par2Con) == 0 {
			bad("PAR2 gives no contract")
			continue
		}
		for _, cs := range d.par2Con {
			if strings.EqualFold(cs, "pass") {
				if want != 0 {
					bad("par contract pass but par score %d", want)
				}
				continue
			}
			p, err := parseDDSContract(cs)
			if err != nil {
				bad("%v", err)
				continue
			}
			for _, decl := range p.declarers {
				cases = append(cases, parCase{deal: d, par: p, decl: decl, wantNS: want})
			}
		}
	}

	// score runs every case under a reading of the vulnerability field and
	// returns the number that match and the deals that do not.
	score := func(vulOf [4]scoring.Vulnerability, report bool) (matched int, badDeals map[int]bool) {
		badDeals = map[int]bool{}
		for _, c := range cases {
			con, err := rules.ParseContract(c.par.contract)
			if err != nil {
				if report {
					t.Errorf("%s deal %d: par contract %q: %v", name, c.deal.index, c.par.text, err)
				}
				badDeals[c.deal.index] = true
				continue
			}
			vul := vulOf[c.deal.vul]
			res := scoring.Result{Contract: con, Declarer: c.decl, Tricks: c.par.tricks, Vulnerability: vul}
			sc, err := rules.Score(&res)
			got := sc.NSScore()
			if err == nil && got == c.wantNS {
				matched++
				continue
			}
			badDeals[c.deal.index] = true
			if report {
				t.Errorf("%s deal %d (line %d): par contract %q = %s by %s, dealer %s, vulnerability field %d = %s, %d tricks: par score NS %d, engine NS %d (err %v)\n  engine items: %q",
					name, c.deal.index, c.deal.line, c.par.text, con, c.decl, scoring.Seat(c.deal.dealer), c.deal.vul, vul,
					c.par.tricks, c.wantNS, got, err, sc.Lines())
			}
		}
		return matched, badDeals
	}

	matched, badDeals := score(ddsVul, true)
	contracts := 0
	for _, d := range deals {
		contracts += len(d.par2Con)
	}
	t.Logf("%s: %d deals read; %d par contracts; compared %d (contract, declarer) scores with the par score; %d match, %d deals disagree, %d problems reading the file",
		name, len(deals), contracts, len(cases), matched, len(badDeals), problems)
	if len(cases) == 0 {
		t.Fatalf("%s: no par contract was compared", name)
	}

	// The vulnerability field is read as DDS encodes it (0 none, 1 both,
	// 2 NS, 3 EW). Check the data pins that reading down: no other
	// assignment of the four codes makes every par score match.
	if len(badDeals) == 0 && problems == 0 {
		vs := []scoring.Vulnerability{scoring.VulNone, scoring.VulNS, scoring.VulEW, scoring.VulAll}
		var others []string
		var perm func(k int, cur [4]scoring.Vulnerability, used [4]bool)
		perm = func(k int, cur [4]scoring.Vulnerability, used [4]bool) {
			if k == 4 {
				if cur == ddsVul {
					return
				}
				if m, _ := score(cur, false); m == len(cases) {
					others = append(others, fmt.Sprint(cur))
				}
				return
			}
			for i, v := range vs {
				if !used[i] {
					used[i] = true
					cur[k] = v
					perm(k+1, cur, used)
					used[i] = false
				}
			}
		}
		perm(0, [4]scoring.Vulnerability{}, [4]bool{})
		if len(others) > 0 {
			t.Errorf("%s: the par scores also all match with the vulnerability codes 0–3 read as %v: the data does not confirm the DDS reading", name, others)
		} else {
			t.Logf("%s: vulnerability field read as DDS encodes it (0 None, 1 All, 2 NS, 3 EW) matches all %d deals; no other reading of the four codes does",
				name, len(deals))
		}
	}
}
