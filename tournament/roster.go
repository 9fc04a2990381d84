package tournament

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// ClubPlayer is a player the club knows, kept across events: a name and,
// where given, a membership number no other player of the roster has.
type ClubPlayer struct {
	ID        int64
	Name      string
	Number    string // a national or club membership number; "" for a player without one (a visitor)
	CreatedAt time.Time
	UpdatedAt time.Time
}

// ClubPlayerPatch is a change to a player of the roster; nil fields stay
// as they are.
type ClubPlayerPatch struct {
	Name   *string
	Number *string // "" takes the number away
}

// PlayerQuery picks a page of the roster: the players whose name holds
// Search (case and spacing ignored) or whose number starts with it, by
// name.
type PlayerQuery struct {
	Search string
	Limit  int // players a page; 0: DefaultPlayersPage; at most MaxPlayersPage
	Offset int // players skipped
}

// PlayerPage is a page of the roster and how many players the query
// matches in all.
type PlayerPage struct {
	Players []ClubPlayer
	Total   int
}

// The sizes of the roster's pages and fields.
const (
	DefaultPlayersPage = 50   // players a page when the query names none
	MaxPlayersPage     = 200  // the most players one page holds
	MaxPlayerNumber    = 30   // characters in a membership number (national numbers run to 10 or 12)
	maxPlayerSearch    = 100  // characters in a search
	maxPlayersRemember = 4000 // players one call adds to the roster: a season's imported event
)

// RosterStore keeps the club's roster.
type RosterStore interface {
	// ClubPlayers returns the page q asks for (q already checked) and how
	// many players match in all.
	ClubPlayers(ctx context.Context, q PlayerQuery) ([]ClubPlayer, int, error)
	// ClubPlayer returns a player of the roster.
	ClubPlayer(ctx context.Context, id int64) (ClubPlayer, error)
	// AddClubPlayer stores a player and sets its ID, CreatedAt and
	// UpdatedAt; a number another player has is ErrConflict naming them.
	AddClubPlayer(ctx context.Context, p *ClubPlayer) error
	// UpdateClubPlayer stores p's name and number (by p.ID) and sets
	// UpdatedAt; a number another player has is ErrConflict naming them.
	UpdateClubPlayer(ctx context.Context, p *ClubPlayer) error
	// DeleteClubPlayer removes a player from the roster.
	DeleteClubPlayer(ctx context.Context, id int64) error
	// MatchPlayers returns the players of the roster that have one of
	// numbers, or whose name key (PlayerKey) is one of keys.
	MatchPlayers(ctx context.Context, numbers, keys []string) ([]ClubPlayer, error)
	// RememberPlayers adds to the roster, in one transaction, the players
	// it does not know yet (see Remembered for the rule), and returns how
	// many it added.
	RememberPlayers(ctx context.Context, players []Player) (int, error)
}

// PlayerKey is a name as the roster compares names: lower case, one space
// between words. "Ann  SMITH" and "ann smith" are one name.
func PlayerKey(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), " "))
}

// Remembered decides what remembering players does to a roster: for each
// player (trimmed; one with neither name nor number is skipped), in order,
//
//   - with a number the roster has: nothing (the roster's name stays);
//   - with a number the roster lacks, and exactly one roster player of the
//     same name has no number: that player gets the number;
//   - with a number the roster lacks otherwise: a new player;
//   - without a number, when a roster player (numbered or not) has the
//     name: nothing;
//   - without a number otherwise: a new player without a number.
//
// So a file imported twice, or the same pair entered in two events, adds
// each player once. roster is what the store holds of the players
// concerned (MatchPlayers); Remembered returns the players to add and the
// roster players to give a number (ID and the new Number).
func Remembered(roster []ClubPlayer, players []Player) (add, number []ClubPlayer) {
	byNumber := map[string]bool{}
	byKey := map[string][]int{} // name key → indexes in known
	known := append([]ClubPlayer(nil), roster...)
	for i, p := range known {
		if p.Number != "" {
			byNumber[p.Number] = true
		}
		k := PlayerKey(p.Name)
		byKey[k] = append(byKey[k], i)
	}
	for _, pl := range players {
		name, num := strings.TrimSpace(pl.Name), strings.TrimSpace(pl.Number)
		if len(num) > MaxPlayerNumber {
			num = "" // not a membership number the roster can keep (a file's own field of another kind)
		}
		k := PlayerKey(name)
		switch {
		case num != "" && byNumber[num]:
		case num != "":
			if name == "" {
				continue
			}
			var unnumbered []int
			for _, i := range byKey[k] {
				if known[i].Number == "" {
					unnumbered = append(unnumbered, i)
				}
			}
			if len(unnumbered) == 1 {
				i := unnumbered[0]
				known[i].Number = num
				if known[i].ID != 0 {
					number = append(number, ClubPlayer{ID: known[i].ID, Name: known[i].Name, Number: num})
				} else {
					for j := range add {
						if PlayerKey(add[j].Name) == k && add[j].Number == "" {
							add[j].Number = num
							break
						}
					}
				}
			} else {
				add = append(add, ClubPlayer{Name: name, Number: num})
				known = append(known, ClubPlayer{Name: name, Number: num})
				byKey[k] = append(byKey[k], len(known)-1)
			}
			byNumber[num] = true
		case name == "" || len(byKey[k]) > 0:
		default:
			add = append(add, ClubPlayer{Name: name})
			known = append(known, ClubPlayer{Name: name})
			byKey[k] = append(byKey[k], len(known)-1)
		}
	}
	return add, number
}

// checkPlayerNumber checks a membership number: letters, digits, spaces
// and the marks "-./" only (numbers such as "k212501", "100001" or
// "EBU 1234"), at
// most MaxPlayerNumber characters. It returns the number trimmed.
func checkPlayerNumber(field, number string) (string, error) {
	number = strings.TrimSpace(number)
	if len(number) > MaxPlayerNumber {
		return "", Invalidf(field, strconv.Quote(number)+": too long for a membership number: at most "+strconv.Itoa(MaxPlayerNumber)+" characters")
	}
	for _, r := range number {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" -./", r) {
			return "", Invalidf(field, strconv.Quote(number)+": a membership number holds letters, digits, spaces and - . / only, e.g. 100234")
		}
	}
	return number, nil
}

// ClubPlayers returns a page of the club's roster (directors only): every
// player, or those q.Search finds, by name.
func (s *Service) ClubPlayers(ctx context.Context, a Actor, q PlayerQuery) (PlayerPage, error) {
	if err := directorOnly(a, "read the club's players"); err != nil {
		return PlayerPage{}, err
	}
	q.Search = strings.TrimSpace(q.Search)
	switch {
	case len(q.Search) > maxPlayerSearch:
		return PlayerPage{}, Invalidf("q", "too long for a search: at most "+strconv.Itoa(maxPlayerSearch)+" characters of a name or number")
	case q.Limit < 0 || q.Limit > MaxPlayersPage:
		return PlayerPage{}, Invalidf("limit", strconv.Itoa(q.Limit)+": a page holds 1 to "+strconv.Itoa(MaxPlayersPage)+" players")
	case q.Offset < 0:
		return PlayerPage{}, Invalidf("offset", strconv.Itoa(q.Offset)+": the players to skip, 0 or more")
	}
	if q.Limit == 0 {
		q.Limit = DefaultPlayersPage
	}
	ps, total, err := s.store.ClubPlayers(ctx, q)
	if err != nil {
		return PlayerPage{}, err
	}
	return PlayerPage{Players: ps, Total: total}, nil
}

// ClubPlayer returns a player of the roster (directors only).
func (s *Service) ClubPlayer(ctx context.Context, a Actor, id int64) (ClubPlayer, error) {
	if err := directorOnly(a, "read the club's players"); err != nil {
		return ClubPlayer{}, err
	}
	return s.store.ClubPlayer(ctx, id)
}

// AddClubPlayer adds a player to the roster (directors only): a name and,
// where given, a membership number no other player has.
func (s *Service) AddClubPlayer(ctx context.Context, a Actor, p ClubPlayer) (ClubPlayer, error) {
	if err := directorOnly(a, "add players to the club's roster"); err != nil {
		return ClubPlayer{}, err
	}
	var err error
	if p.Name, err = checkName("name", p.Name); err != nil {
		return ClubPlayer{}, err
	}
	if p.Number, err = checkPlayerNumber("number", p.Number); err != nil {
		return ClubPlayer{}, err
	}
	if err := s.store.AddClubPlayer(ctx, &p); err != nil {
		return ClubPlayer{}, err
	}
	return p, nil
}

// UpdateClubPlayer changes a roster player's name or number (directors
// only). Events already played keep the names and numbers they were
// entered with.
func (s *Service) UpdateClubPlayer(ctx context.Context, a Actor, id int64, p ClubPlayerPatch) (ClubPlayer, error) {
	if err := directorOnly(a, "change the club's players"); err != nil {
		return ClubPlayer{}, err
	}
	if p.Name == nil && p.Number == nil {
		return ClubPlayer{}, Invalidf("body", "nothing to change: give name or number")
	}
	next, err := s.store.ClubPlayer(ctx, id)
	if err != nil {
		return ClubPlayer{}, err
	}
	if p.Name != nil {
		if next.Name, err = checkName("name", *p.Name); err != nil {
			return ClubPlayer{}, err
		}
	}
	if p.Number != nil {
		if next.Number, err = checkPlayerNumber("number", *p.Number); err != nil {
			return ClubPlayer{}, err
		}
	}
	if err := s.store.UpdateClubPlayer(ctx, &next); err != nil {
		return ClubPlayer{}, err
	}
	return next, nil
}

// DeleteClubPlayer removes a player from the roster (directors only): a
// name typed wrong, a player who left the club. Events already entered
// keep the player as they were entered; a later entry or import of the
// player adds them again.
func (s *Service) DeleteClubPlayer(ctx context.Context, a Actor, id int64) error {
	if err := directorOnly(a, "remove players from the club's roster"); err != nil {
		return err
	}
	return s.store.DeleteClubPlayer(ctx, id)
}

// fillPlayers completes players entered for pairs or teams from the
// roster, in place: a player given by membership number alone gets the
// roster's name; a player given by name alone gets the number of the one
// roster player with that name (none when two share it). A number the
// roster has with another name, or a number it lacks without a name, is
// refused, naming the field (under prefix(i) for list i) — but for a
// player exactly as kept has them (the pair's or team's stored players:
// an event keeps its players as entered when the roster changes later).
// Nothing is stored: rememberPlayers does that once the rest is checked.
func (s *Service) fillPlayers(ctx context.Context, lists [][]Player, prefix func(i int) string, kept ...Player) error {
	var numbers, keys []string
	n := 0
	for _, list := range lists {
		for k := range list {
			if n++; n > maxPlayersRemember {
				return Invalidf("players", "too many players in one request: at most "+strconv.Itoa(maxPlayersRemember))
			}
			list[k].Name, list[k].Number = strings.TrimSpace(list[k].Name), strings.TrimSpace(list[k].Number)
			if list[k].Number != "" {
				numbers = append(numbers, list[k].Number)
			} else if list[k].Name != "" {
				keys = append(keys, PlayerKey(list[k].Name))
			}
		}
	}
	if n == 0 {
		return nil
	}
	roster, err := s.store.MatchPlayers(ctx, numbers, keys)
	if err != nil {
		return err
	}
	byNumber := map[string]ClubPlayer{}
	numbered := map[string][]ClubPlayer{} // name key → the roster's players of that name with a number
	for _, p := range roster {
		if p.Number != "" {
			byNumber[p.Number] = p
			numbered[PlayerKey(p.Name)] = append(numbered[PlayerKey(p.Name)], p)
		}
	}
	for i, list := range lists {
		for k := range list {
			pl := &list[k]
			field := prefix(i) + "players[" + strconv.Itoa(k) + "]."
			if pl.Name != "" && slices.Contains(kept, *pl) {
				continue
			}
			if pl.Number != "" {
				if pl.Number, err = checkPlayerNumber(field+"number", pl.Number); err != nil {
					return err
				}
				cp, ok := byNumber[pl.Number]
				switch {
				case ok && pl.Name == "":
					pl.Name = cp.Name
				case ok && PlayerKey(pl.Name) == PlayerKey(cp.Name):
					pl.Name = cp.Name
				case ok:
					return Invalidf(field+"name", strconv.Quote(pl.Name)+": membership number "+pl.Number+" is "+cp.Name+" in the club's roster; leave the name out to take it, or change the roster first")
				case pl.Name == "":
					return Invalidf(field+"name", "required: membership number "+pl.Number+" is not in the club's roster yet; give the player's name and they are added")
				}
			} else if m := numbered[PlayerKey(pl.Name)]; pl.Name != "" && len(m) == 1 {
				pl.Number = m[0].Number
				pl.Name = m[0].Name
			}
		}
	}
	return nil
}

// rememberPlayers adds the players of lists the roster does not know yet
// (Remembered).
func (s *Service) rememberPlayers(ctx context.Context, lists ...[]Player) error {
	var all []Player
	for _, list := range lists {
		all = append(all, list...)
	}
	if len(all) == 0 {
		return nil
	}
	_, err := s.store.RememberPlayers(ctx, all)
	return err
}
