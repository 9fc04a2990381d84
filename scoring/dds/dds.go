// Package dds solves deals double dummy with DDS, the solver every bridge
// scorer uses (Bo Haglund and Søren Hein; Debian's libdds0), loaded when
// first asked for, not linked: a traveler built and run without the
// library works as before, and only what needs double dummy says what to
// install. It is the one package of traveler that calls C code.
//
// DDS keeps global state (its threads and their transposition tables), so
// every call goes through one lock, and its threads and memory are set once,
// when the library is loaded.
package dds

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/traveler-bridge/traveler/scoring"
)

// Library names tried in turn when no path is given: the runtime package's
// soname (libdds0), then the development package's link (libdds-dev).
var libraryNames = []string{"libdds.so.0", "libdds.so"}

// ErrNoLibrary is the error, wrapped, when the DDS library cannot be loaded.
var ErrNoLibrary = errors.New("double dummy needs the DDS library: install Debian's libdds0 (apt-get install libdds0)")

// MaxDeals is how many deals DDS solves in one call (its MAXNOOFTABLES);
// Tables takes any number and calls it as often as needed.
const MaxDeals = 40

// The C structures of dll.h that the calls use, laid out as C lays them
// out (every field an int or a char array: no padding).
type (
	ddTableDealPBN  struct{ cards [80]byte }
	ddTableDealsPBN struct {
		noOfTables int32
		deals      [MaxDeals * 5]ddTableDealPBN
	}
	ddTableResults struct{ resTable [5][4]int32 } // [strain S H D C NT][hand N E S W]
	ddTablesRes    struct {
		noOfBoards int32
		results    [MaxDeals * 5]ddTableResults
	}
	parResults struct {
		parScore           [2][16]byte
		parContractsString [2][128]byte
	}
	allParResults    struct{ presults [MaxDeals]parResults }
	parResultsDealer struct {
		number    int32
		score     int32
		contracts [10][10]byte
	}
)

// Config is how DDS runs: the threads it solves with and the memory they
// may hold. Zero values let DDS choose (every core; memory by what is free).
// Each thread keeps ~95 MB of tables once it has solved a deal.
type Config struct {
	Threads  int
	MemoryMB int
	Path     string // the library to load; "" tries libdds.so.0, then libdds.so
}

// Solver calls DDS. There is one per process: Load returns it.
type Solver struct {
	mu          sync.Mutex
	calcAll     func(*ddTableDealsPBN, int32, *[5]int32, *ddTablesRes, *allParResults) int32
	dealerPar   func(*ddTableResults, *parResultsDealer, int32, int32) int32
	errorString func(int32, *[80]byte)
	threads     int
}

var (
	loadOnce sync.Once
	loaded   *Solver
	loadErr  error
)

// Load loads DDS the first time it is called, setting its threads and
// memory from cfg, and returns the process's one Solver; later calls
// return the same Solver (or the same error) whatever cfg they give. An
// error wraps ErrNoLibrary and says what was tried.
func Load(cfg Config) (*Solver, error) {
	loadOnce.Do(func() { loaded, loadErr = load(cfg) })
	return loaded, loadErr
}

// Threads is how many threads DDS was asked to solve with.
func (s *Solver) Threads() int { return s.threads }

// Tables solves every deal double dummy: all four seats as declarer in all
// five strains. Each deal must be whole (52 cards). Deals go to DDS
// MaxDeals at a time; an error names the deal (its index) when DDS says
// which.
func (s *Solver) Tables(deals []scoring.Deal) ([]scoring.TrickTable, error) {
	out := make([]scoring.TrickTable, len(deals))
	in := new(ddTableDealsPBN)
	res := new(ddTablesRes)
	par := new(allParResults)
	var filter [5]int32 // 0: solve the strain
	for start := 0; start < len(deals); start += MaxDeals {
		end := min(start+MaxDeals, len(deals))
		in.noOfTables = int32(end - start)
		for i, d := range deals[start:end] {
			if !d.Full() {
				return nil, &DealError{Index: start + i, Message: "not every hand is given: double dummy needs all 52 cards"}
			}
			pbn := d.String()
			if len(pbn) >= len(in.deals[i].cards) {
				return nil, &DealError{Index: start + i, Message: "not a deal DDS can read"}
			}
			in.deals[i].cards = [80]byte{}
			copy(in.deals[i].cards[:], pbn)
		}
		s.mu.Lock()
		code := s.calcAll(in, -1, &filter, res, par)
		s.mu.Unlock()
		if code != 1 {
			return nil, fmt.Errorf("DDS CalcAllTablesPBN for deals %d to %d: %s", start+1, end, s.message(code))
		}
		for i := range end - start {
			out[start+i] = fromDDS(&res.results[i])
		}
	}
	return out, nil
}

// ddsStrain maps the table's strains (clubs, diamonds, hearts, spades,
// no-trump) to DDS's order (spades, hearts, diamonds, clubs, no-trump).
var ddsStrain = [5]int{3, 2, 1, 0, 4}

// fromDDS turns DDS's resTable[strain][hand] into a TrickTable.
func fromDDS(r *ddTableResults) scoring.TrickTable {
	var t scoring.TrickTable
	for seat := range 4 {
		for k := range 5 {
			t[seat][k] = uint8(r.resTable[ddsStrain[k]][seat])
		}
	}
	return t
}

// toDDS turns a TrickTable into DDS's resTable.
func toDDS(t *scoring.TrickTable) ddTableResults {
	var r ddTableResults
	for seat := range 4 {
		for k := range 5 {
			r.resTable[ddsStrain[k]][seat] = int32(t[seat][k])
		}
	}
	return r
}

// ddsVulnerable maps a Vulnerability to DDS's code: 0 none, 1 both, 2 NS,
// 3 EW.
var ddsVulnerable = [4]int32{scoring.VulNone: 0, scoring.VulNS: 2, scoring.VulEW: 3, scoring.VulAll: 1}

// DealerPar is DDS's par under today's duplicate contract bridge (the
// 2017 Laws) for the deal's table, dealer and vulnerability: the score for
// North-South and the contracts that reach it.
func (s *Solver) DealerPar(t scoring.TrickTable, dealer scoring.Seat, vul scoring.Vulnerability) (scoring.Par, error) {
	in := toDDS(&t)
	var out parResultsDealer
	s.mu.Lock()
	code := s.dealerPar(&in, &out, int32(dealer&3), ddsVulnerable[vul&3])
	s.mu.Unlock()
	if code != 1 {
		return scoring.Par{}, fmt.Errorf("DDS DealerPar: %s", s.message(code))
	}
	par := scoring.Par{NSScore: int(out.score)}
	for i := range min(int(out.number), len(out.contracts)) {
		text := cString(out.contracts[i][:])
		if strings.EqualFold(text, "pass") {
			continue
		}
		c, err := parseDealerPar(text)
		if err != nil {
			return scoring.Par{}, err
		}
		par.Contracts = append(par.Contracts, c)
	}
	return par, nil
}

// parseDealerPar reads a contract of DealerPar's text: "2S-EW",
// "4S*-EW-1", "3N-NS+1", "4H-E": level, strain (S, H, D, C or N), "*" when
// doubled, the declaring side or seat, and the tricks over or under.
func parseDealerPar(text string) (scoring.ParContract, error) {
	bad := func() (scoring.ParContract, error) {
		return scoring.ParContract{}, fmt.Errorf("DDS DealerPar: contract %q is not in the form 4S*-EW-1", text)
	}
	var p scoring.ParContract
	if len(text) < 4 || text[0] < '1' || text[0] > '7' {
		return bad()
	}
	p.Contract.Level = int8(text[0] - '0')
	switch text[1] {
	case 'S':
		p.Contract.Strain = scoring.Spades
	case 'H':
		p.Contract.Strain = scoring.Hearts
	case 'D':
		p.Contract.Strain = scoring.Diamonds
	case 'C':
		p.Contract.Strain = scoring.Clubs
	case 'N':
		p.Contract.Strain = scoring.NoTrump
	default:
		return bad()
	}
	rest := text[2:]
	if strings.HasPrefix(rest, "*") {
		p.Contract.Doubles = 1
		rest = rest[1:]
	}
	if !strings.HasPrefix(rest, "-") {
		return bad()
	}
	rest = rest[1:]
	who, result := rest, ""
	if i := strings.IndexAny(rest, "+-"); i >= 0 {
		who, result = rest[:i], rest[i:]
	}
	switch who {
	case "NS":
		p.Side = scoring.NS
	case "EW":
		p.Side = scoring.EW
	case "N", "E", "S", "W":
		seat, _ := scoring.ParseSeat("contract", who)
		p.Seat, p.Side, p.OneSeat = seat, seat.Side(), true
	default:
		return bad()
	}
	if result != "" {
		n, err := strconv.Atoi(result)
		if err != nil {
			return bad()
		}
		p.Result = n
	}
	return p, nil
}

// message is DDS's text for an error code.
func (s *Solver) message(code int32) string {
	var line [80]byte
	s.errorString(code, &line)
	return fmt.Sprintf("%s (code %d)", cString(line[:]), code)
}

// cString is the text of a NUL-terminated C string in b.
func cString(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return string(b[:i])
	}
	return string(b)
}

// DealError is a deal DDS cannot solve: its index in the call and why.
type DealError struct {
	Index   int
	Message string
}

// Error says which deal and why.
func (e *DealError) Error() string {
	return "deal " + strconv.Itoa(e.Index+1) + ": " + e.Message
}
