package scoring

import (
	"strconv"
	"strings"
)

// Law is a law code: the rules a result is scored under.
type Law uint8

// The law codes traveler scores (../shared/LAWS.md).
const (
	Bridge           Law = iota + 1 // Laws of Bridge (seed 002): dealer declares, doubling without limit
	BridgePortland                  // the English code (seed 004): doubling limited to 100 a trick
	RoyalAuction1913                // Whist Club laws of Oct 1913 (seed 001): lone spade, royals, nullos
	Auction1915                     // Whist Club laws of June 1915 (seed 003)
	Royalton1915                    // Hawley's Royalton (seed 000): every odd trick 10, royal bids
	Contract2017                    // duplicate contract bridge, WBF/ACBL Laws 2017, Law 77
)

// Laws lists every law code in a stable order.
var Laws = []Law{Bridge, BridgePortland, RoyalAuction1913, Auction1915, Royalton1915, Contract2017}

var lawNames = [...]string{
	Bridge:           "bridge",
	BridgePortland:   "bridge-portland",
	RoyalAuction1913: "royal-auction-1913",
	Auction1915:      "auction-1915",
	Royalton1915:     "royalton-1915",
	Contract2017:     "contract-2017",
}

// LawNames lists the names of every law code, as ParseLaw reads them.
func LawNames() []string {
	names := make([]string, len(Laws))
	for i, l := range Laws {
		names[i] = lawNames[l]
	}
	return names
}

// String returns the law code's name, e.g. "auction-1915".
func (l Law) String() string {
	if int(l) < len(lawNames) && lawNames[l] != "" {
		return lawNames[l]
	}
	return "law(" + strconv.Itoa(int(l)) + ")"
}

// ParseLaw reads a law code's name.
func ParseLaw(field, s string) (Law, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, l := range Laws {
		if lawNames[l] == name {
			return l, nil
		}
	}
	return 0, invalid(field, s, "not a law code traveler knows", LawNames()...)
}

// isBridge reports whether the code is one of the Bridge codes, where the
// dealer declares and there is no bidding.
func (l Law) isBridge() bool { return l == Bridge || l == BridgePortland }

// hasHonours reports whether holding honours scores under the code.
func (l Law) hasHonours() bool {
	return l == Bridge || l == BridgePortland || l == RoyalAuction1913 || l == Auction1915
}

// Options are the event options of a law code. Each code reads only the
// ones it names (see Law.Options); the others keep their zero value.
type Options struct {
	GamePremium      int  // points a side adds when its trick score on the deal reaches game
	PartScorePremium int  // points a side adds for a trick score short of game
	Nullo            bool // royal-auction-1913: nullo bids allowed
	NulloValue       int  // royal-auction-1913: a nullo odd trick is worth 8 or 10
	NulloHonours     bool // royal-auction-1913: the aces score inversely at nullo
	Chicane          bool // royal-auction-1913: chicane scores (the Oct 1913 code dropped it)
	RevokePoints     int  // royal-auction-1913: the first revoke costs 100, or 150 under the older code
	AverageSession   bool // contract-2017: at matchpoints average plus/minus is the pair's session percentage when better/worse (Law 12C2)
	AverageIMPs      bool // contract-2017: at IMPs average plus/minus is the pair's or team's average a board when better/worse (Law 12C2), not ±3 IMPs
	ParFirstToName   bool // contract-2017: par's contract is played by the first of its side to name the strain (Definitions, "Declarer"), not published par's better seat
}

// OptionKind is the type of an option's value.
type OptionKind uint8

// The kinds of option value.
const (
	IntOption OptionKind = iota
	BoolOption
)

// Option describes one option of a law code: its name, kind, default and
// the values it may take.
type Option struct {
	Name    string     // the option's name in JSON and on the command line
	Label   string     // the option in plain words, as the pages name it
	Kind    OptionKind // whole number or yes/no
	Default int        // the default (for a yes/no option 1 is yes)
	Allowed []int      // the only values allowed, when the option is a choice
	Min     int        // the least value allowed, when Allowed is empty
	Max     int        // the greatest value allowed, when Allowed is empty
	Doc     string     // what the option does, in one line
}

// Options returns the options the law code names, with their defaults.
func (l Law) Options() []Option {
	premium := Option{Name: "game_premium", Label: "Game premium", Kind: IntOption, Default: 125, Min: 0, Max: 1000,
		Doc: "points added when a side's trick score on the deal reaches game (Duplicate Auction Law A)"}
	part := Option{Name: "part_score_premium", Label: "Part-score premium", Kind: IntOption, Default: 0, Min: 0, Max: 1000,
		Doc: "points added for a trick score short of game"}
	switch l {
	case Bridge, BridgePortland:
		premium.Default = 50
		return []Option{premium, part}
	case RoyalAuction1913:
		return []Option{premium, part,
			{Name: "nullo", Label: "Nullo bids", Kind: BoolOption, Default: 1, Doc: "nullo bids allowed (Clark's nullo chapter)"},
			{Name: "nullo_value", Label: "Points a trick at nullo", Kind: IntOption, Default: 8, Allowed: []int{8, 10}, Doc: "points for each odd trick at nullo"},
			{Name: "nullo_honours", Label: "Aces score inversely at nullo", Kind: BoolOption, Default: 1, Doc: "aces score inversely at nullo"},
			{Name: "chicane", Label: "Chicane", Kind: BoolOption, Default: 0, Doc: "chicane scores as simple honours (dropped by the Oct 1913 code)"},
			{Name: "revoke_points", Label: "First revoke's penalty", Kind: IntOption, Default: 100, Allowed: []int{100, 150}, Doc: "the first revoke's penalty in points (150 under the older code)"},
		}
	case Auction1915, Royalton1915:
		return []Option{premium, part}
	case Contract2017:
		return []Option{{Name: "average_session", Label: "Average plus/minus at the session's percentage", Kind: BoolOption, Default: 1,
			Doc: "at matchpoints average plus is 60% or the pair's percentage on its other boards of the session if higher, average minus 40% or that percentage if lower (Law 12C2 as the WBF Laws Committee's minute of 1998-08-30 reads it, the EBU's and the ACBL's rule); off: 60% and 40% (Law 12C2(a) as printed)"},
			{Name: "average_session_imps", Label: "Average plus/minus at IMPs by the session's average", Kind: BoolOption, Default: 0,
				Doc: "at IMPs (cross-IMPs, Butler, IMP teams) average plus is +3 IMPs or the pair's or team's average a board on its other boards if higher, average minus -3 IMPs or that average if lower; off: plus and minus 3 IMPs (Law 12C2(a))"},
			{Name: "par_first_to_name", Label: "Par played by the first of the side to name the strain", Kind: BoolOption, Default: 1,
				Doc: "par's contract is played by the player of its side who first bid the strain, the Laws' declarer (Definitions), found by the same bidding game as the historical codes' par, each contract listed where that bidding ends; off: by the side's better seat, as published (DDS) par and hand records print it"}}
	}
	return nil
}

// DefaultOptions returns the law code's options at their defaults.
func DefaultOptions(l Law) Options {
	if int(l) < len(defaultOptions) {
		return defaultOptions[l]
	}
	return defaultsOf(l)
}

// defaultOptions holds every code's DefaultOptions, worked out once from
// Law.Options: NewRules runs for every result scored.
var defaultOptions = func() (d [Contract2017 + 1]Options) {
	for _, l := range Laws {
		d[l] = defaultsOf(l)
	}
	return d
}()

// defaultsOf works out the code's options at their defaults from
// Law.Options.
func defaultsOf(l Law) Options {
	var o Options
	for _, opt := range l.Options() {
		if opt.Kind == BoolOption {
			_ = o.setBool(opt.Name, opt.Default == 1)
		} else {
			_ = o.setInt(opt.Name, opt.Default)
		}
	}
	return o
}

// LookupOption returns the law code's option of that name.
func (l Law) LookupOption(name string) (Option, bool) {
	for _, opt := range l.Options() {
		if opt.Name == name {
			return opt, true
		}
	}
	return Option{}, false
}

// option finds the named option of the law code.
func (l Law) option(field, name string) (Option, error) {
	var names []string
	for _, opt := range l.Options() {
		if opt.Name == name {
			return opt, nil
		}
		names = append(names, opt.Name)
	}
	if len(names) == 0 {
		return Option{}, invalid(field, name, l.String()+" has no options")
	}
	return Option{}, invalid(field, name, "not an option of "+l.String(), names...)
}

// SetInt sets a whole-number option of the law code after checking the
// value is allowed.
func (o *Options) SetInt(l Law, name string, v int) error {
	field := "options." + name
	opt, err := l.option("options", name)
	if err != nil {
		return err
	}
	if opt.Kind != IntOption {
		return invalid(field, strconv.Itoa(v), "takes true or false")
	}
	if len(opt.Allowed) > 0 {
		ok := false
		allowed := make([]string, len(opt.Allowed))
		for i, a := range opt.Allowed {
			ok = ok || a == v
			allowed[i] = strconv.Itoa(a)
		}
		if !ok {
			return invalid(field, strconv.Itoa(v), "not allowed", allowed...)
		}
	} else if v < opt.Min || v > opt.Max {
		return invalid(field, strconv.Itoa(v), "out of range",
			"a whole number from "+strconv.Itoa(opt.Min)+" to "+strconv.Itoa(opt.Max))
	}
	return o.setInt(name, v)
}

// SetBool sets a yes/no option of the law code.
func (o *Options) SetBool(l Law, name string, v bool) error {
	opt, err := l.option("options", name)
	if err != nil {
		return err
	}
	if opt.Kind != BoolOption {
		return invalid("options."+name, strconv.FormatBool(v), "takes a whole number")
	}
	return o.setBool(name, v)
}

func (o *Options) setInt(name string, v int) error {
	switch name {
	case "game_premium":
		o.GamePremium = v
	case "part_score_premium":
		o.PartScorePremium = v
	case "nullo_value":
		o.NulloValue = v
	case "revoke_points":
		o.RevokePoints = v
	default:
		return invalid("options", name, "not a whole-number option")
	}
	return nil
}

func (o *Options) setBool(name string, v bool) error {
	switch name {
	case "nullo":
		o.Nullo = v
	case "nullo_honours":
		o.NulloHonours = v
	case "chicane":
		o.Chicane = v
	case "average_session":
		o.AverageSession = v
	case "average_session_imps":
		o.AverageIMPs = v
	case "par_first_to_name":
		o.ParFirstToName = v
	default:
		return invalid("options", name, "not a yes/no option")
	}
	return nil
}

// Rules are a law code with its options: everything needed to score a
// result.
type Rules struct {
	Law     Law
	Options Options
}

// EveryCode returns own, then every other law code with its default
// options in the order of Laws: the codes par and the reports compare.
func EveryCode(own Rules) []Rules {
	out := []Rules{own}
	for _, l := range Laws {
		if l != own.Law {
			out = append(out, NewRules(l))
		}
	}
	return out
}

// NewRules returns the law code's rules with its default options.
func NewRules(l Law) Rules { return Rules{Law: l, Options: DefaultOptions(l)} }

// gameAt returns the trick score that makes game on one deal.
func (r *Rules) gameAt() int {
	if r.Law == Royalton1915 {
		return 40 // seed 000 Law 84
	}
	return 30
}

// TrickValue returns the undoubled value of an odd trick in the strain
// (contract-2017: of each odd trick after the first at no-trump), or 0 when
// the code has no such strain.
func (r *Rules) TrickValue(s Strain) int {
	if s >= numStrains {
		return 0
	}
	if r.Law == RoyalAuction1913 && s == Nullo {
		return r.Options.NulloValue
	}
	if int(r.Law) >= len(trickValues) {
		return 0
	}
	return trickValues[r.Law][s]
}

// trickValues holds each code's value of an odd trick by strain, 0 where
// the code has no such strain.
var trickValues = [...][numStrains]int{
	Bridge:           {Clubs: 4, Diamonds: 6, Hearts: 8, Spades: 2, NoTrump: 12},                 // seed 002 "Scoring"
	BridgePortland:   {Clubs: 4, Diamonds: 6, Hearts: 8, Spades: 2, NoTrump: 12},                 // seed 004 (as seed 002)
	RoyalAuction1913: {Clubs: 6, Diamonds: 7, Hearts: 8, Spades: 2, NoTrump: 10, RoyalSpades: 9}, // seed 001 Law 4
	Auction1915:      {Clubs: 6, Diamonds: 7, Hearts: 8, Spades: 9, NoTrump: 10},                 // seed 003 Law 3
	Royalton1915:     {Clubs: 10, Diamonds: 10, Hearts: 10, Spades: 10, NoTrump: 10, Nullo: 10},  // seed 000 Law 83
	Contract2017:     {Clubs: 20, Diamonds: 20, Hearts: 30, Spades: 30, NoTrump: 30},             // Law 77
}

// Value returns an option's value by name (a yes/no option as true or false,
// a whole-number option as an int), and whether there is such an option.
func (o Options) Value(name string) (any, bool) {
	switch name {
	case "game_premium":
		return o.GamePremium, true
	case "part_score_premium":
		return o.PartScorePremium, true
	case "nullo_value":
		return o.NulloValue, true
	case "revoke_points":
		return o.RevokePoints, true
	case "nullo":
		return o.Nullo, true
	case "nullo_honours":
		return o.NulloHonours, true
	case "chicane":
		return o.Chicane, true
	case "average_session":
		return o.AverageSession, true
	case "average_session_imps":
		return o.AverageIMPs, true
	case "par_first_to_name":
		return o.ParFirstToName, true
	}
	return nil, false
}
