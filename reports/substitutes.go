package reports

import (
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/traveler-bridge/traveler/tournament"
)

// An individual's substitutes in the files. traveler's rule
// (tournament.Pair.SatIn): a substitute sits in an entrant's seat from a
// round to a round, and the entrant is ranked on the rounds they played
// themselves. PBN names who sat in each seat game by game (PBN 2.1,
// https://www.tistis.nl/pbn/pbn_v21.txt §3.4.4–§3.4.7: the West, North,
// East and South tags are that game's players), so a game's seat naming someone other than the seat's
// entrant (its PlayerId_) is a substitute in that game's round. USEBIO
// names an individual's line's players by number only (N_PLAYER_NUMBER …,
// the EBU's example individual; PARTICIPANTS/PLAYER has one PLAYER_NAME,
// and the EBU's importer, marcshearer/ImportUsebio, reads no more), so
// traveler writes a substitute in a comment of the line, as it writes an
// assigned score's parts (usebio_assigned.go): a strict reader skips it,
// traveler's reads it. Both readers give individualSubstitutes who sat in
// every seat of every line.

// usebioSubstitutePrefix starts the comment of a USEBIO individual's line
// that names a substitute: `traveler substitute W: "Sam Sub" "201"` (the
// seat, N, E, S or W, the substitute's name and membership number).
const usebioSubstitutePrefix = "traveler substitute"

// maxSubstitutes bounds the substitutes of one seat read from a file: the
// service keeps an entrant and at most 3 more players (checkPairs).
const maxSubstitutes = 3

// seatSitter is who a file names in an individual's seat on one line.
type seatSitter struct {
	line   int                // the result's index
	player int                // the player whose seat it is
	who    tournament.Player  // who sat there; a zero Name (or "?", PBN's unknown): the player themselves
	where  func(string) error // the file's error at this seat, given what was expected
}

// usebioSubstituteComment is the comment naming the substitute who sat in
// seat (0 North, 1 East, 2 South, 3 West) of an individual's line, or with
// seat -1 a pair's substitute (one of its players throughout, in the PAIR).
func usebioSubstituteComment(seat int, pl tournament.Player) string {
	at := ""
	if seat >= 0 {
		at = " " + "NESW"[seat:seat+1]
	}
	return usebioSubstitutePrefix + at + ": " + strconv.Quote(pl.Name) + " " + strconv.Quote(pl.Number)
}

// parseUSEBIOSubstitute reads a comment written by usebioSubstituteComment:
// its seat (-1: none, a pair's), ok false for any other comment; err says
// what is wrong with one that starts like it.
func parseUSEBIOSubstitute(c string) (seat int, pl tournament.Player, ok bool, err error) {
	rest, found := strings.CutPrefix(c, usebioSubstitutePrefix)
	if !found {
		return 0, pl, false, nil
	}
	bad := func() (int, tournament.Player, bool, error) {
		return 0, tournament.Player{}, true, errors.New(`the seat (in an individual) and the substitute's name and membership number in quotes: ` +
			usebioSubstitutePrefix + ` W: "Sam Sub" "201", or in a PAIR ` + usebioSubstitutePrefix + `: "Sid Sub" ""`)
	}
	seat = -1
	if len(rest) >= 2 && rest[0] == ' ' {
		if seat = strings.IndexByte("NESW", rest[1]); seat < 0 {
			return bad()
		}
		rest = rest[2:]
	}
	if rest, found = strings.CutPrefix(rest, ": "); !found {
		return bad()
	}
	for i, f := range []*string{&pl.Name, &pl.Number} {
		q, qerr := strconv.QuotedPrefix(rest)
		if qerr != nil {
			return bad()
		}
		*f, _ = strconv.Unquote(q)
		*f = strings.TrimSpace(*f)
		rest = strings.TrimPrefix(rest[len(q):], " ")
		if i == 0 && *f == "" {
			return bad()
		}
	}
	if rest != "" {
		return bad()
	}
	return seat, pl, true, nil
}

// individualSubstitutes gives each of an individual's players (pairs, by
// number, Players[0] the entrant) the substitutes named sat in their seat:
// the rounds (results[line].Round) in which someone other than the
// entrant sat there, one after another, are a substitute from the first
// of them to the last (0 when they reach the player's last round), as
// Pair.SatIn reads it. One person sits in a seat for a whole round: a
// seat naming two in one round is refused at the later, and so is a
// fourth substitute of one seat.
func individualSubstitutes(pairs []tournament.Pair, results []tournament.Result, named []seatSitter) error {
	byPlayer := map[int][]seatSitter{}
	for _, n := range named {
		byPlayer[n.player] = append(byPlayer[n.player], n)
	}
	for i := range pairs {
		p := &pairs[i]
		n, err := strconv.Atoi(p.Number)
		if err != nil || len(byPlayer[n]) == 0 {
			continue
		}
		entrant := ""
		if len(p.Players) > 0 {
			entrant = strings.TrimSpace(p.Players[0].Name)
		}
		type sitting struct {
			who   tournament.Player // zero: the entrant
			where func(string) error
		}
		rounds := map[int]sitting{}
		for _, s := range byPlayer[n] {
			who := s.who
			if name := strings.TrimSpace(who.Name); name == "" || name == "?" || name == entrant {
				who = tournament.Player{}
			}
			r := results[s.line].Round
			if was, ok := rounds[r]; ok && was.who.Name != who.Name {
				return s.where("one person in player " + p.Number + "'s seat all round " + strconv.Itoa(r) + ": " + sitter(was.who, entrant) +
					" sat in it on another board of round " + strconv.Itoa(r) + " (a substitute sits in a seat from a round to a round)")
			}
			rounds[r] = sitting{who, s.where}
		}
		order := slices.Sorted(maps.Keys(rounds))
		subs := slices.Clip(p.Players[:min(1, len(p.Players))])
		for k := 0; k < len(order); {
			who := rounds[order[k]].who
			j := k
			for j+1 < len(order) && rounds[order[j+1]].who.Name == who.Name {
				j++
			}
			if who.Name != "" {
				if len(subs) == 0 { // no entrant to sit in for: the file named none
					subs = append(subs, tournament.Player{})
				}
				if len(subs) == 1+maxSubstitutes {
					return rounds[order[k]].where("at most " + strconv.Itoa(maxSubstitutes) + " substitutes in player " + p.Number + "'s seat (traveler keeps a player and " +
						strconv.Itoa(maxSubstitutes) + " more): " + strconv.Quote(who.Name) + " is another, from round " + strconv.Itoa(order[k]))
				}
				who.From, who.To = order[k], order[j]
				if j == len(order)-1 {
					who.To = 0 // to the last round
				}
				subs = append(subs, who)
			}
			k = j + 1
		}
		p.Players = subs
	}
	return nil
}

// sitter names who sat in a seat for a message: the entrant (who zero) or
// the substitute.
func sitter(who tournament.Player, entrant string) string {
	if who.Name == "" {
		if entrant == "" {
			return "the player"
		}
		return strconv.Quote(entrant)
	}
	return strconv.Quote(who.Name)
}
