package scoring

import "math"

// Session is one entry's (pair's or team's) result in one session of an event.
type Session struct {
	Points   float64 // matchpoints, IMPs or VPs earned
	Possible float64 // the most that could be earned on the boards played (Σ of the tops), for percentages; 0 when there is no top
	Boards   int     // boards played
	// Earned is what the percentage counts over Possible where it is not
	// Points (a board sat out counted at a share of its top, as
	// Convention.SitOutPercent says); 0: Points.
	Earned float64
}

// Entry is one pair or team as the standings see it.
type Entry struct {
	Field     int       // who it is ranked with: 0 for a one-winner event; e.g. 0 NS and 1 EW for two winners
	CarryOver float64   // points brought into the event (e.g. a share of a qualifying score), added to the total
	Sessions  []Session // its sessions, in order; a session it missed has Boards 0
}

// Standing is an entry's place in the standings.
type Standing struct {
	Total      float64 // carry-over plus the sessions' points (each scaled to the session's most boards when asked)
	Percentage float64 // Σ points / Σ possible over the sessions, as a percentage to 2 decimals (0 without a top)
	Place      int     // 1-based; ties share a place and the next is skipped
}

// StandingsOptions says how standings are made.
type StandingsOptions struct {
	ScaleToMostBoards bool // scale each session's points by most/played, most being the most boards any entry of the field played in it
	ByPercentage      bool // rank by percentage (unrounded) instead of total
	// CarryShare is the share (0 < CarryShare < 1) of every session but
	// the last counted in the total and the percentage: the carry-over of
	// earlier sessions into a final. 0 counts every session whole (their
	// plain sum).
	CarryShare float64
	// Percentage writes a percentage of points over possible (a
	// Convention's Percentage); nil: Percentage, rounded half away from
	// zero.
	Percentage func(points, possible float64) float64
}

// Standings totals and ranks entries over their sessions: carry-over plus each session's points
// (scaled to the most boards played in that session and field when asked; every session but the
// last weighted by opts.CarryShare when given), the percentage over everything possible (weighted
// alike), and places within each field.
func Standings(entries []Entry, opts StandingsOptions) []Standing {
	out := make([]Standing, len(entries))
	most := map[[2]int]int{} // (field, session) → most boards played
	for _, e := range entries {
		for s, ses := range e.Sessions {
			k := [2]int{e.Field, s}
			most[k] = max(most[k], ses.Boards)
		}
	}
	percentage := opts.Percentage
	if percentage == nil {
		percentage = Percentage
	}
	keys := make([]float64, len(entries))
	fields := make([]int, len(entries))
	for i, e := range entries {
		total, points, possible := e.CarryOver, 0.0, 0.0
		for s, ses := range e.Sessions {
			w := 1.0
			if opts.CarryShare > 0 && s < len(e.Sessions)-1 {
				w = opts.CarryShare
			}
			p := ses.Points
			if opts.ScaleToMostBoards {
				p = ScaleToBoards(p, ses.Boards, most[[2]int{e.Field, s}])
			}
			total += w * p
			earned := ses.Points
			if ses.Earned != 0 {
				earned = ses.Earned
			}
			points += w * earned
			possible += w * ses.Possible
		}
		out[i].Total = total
		keys[i] = total
		if possible > 0 {
			out[i].Percentage = percentage(points, possible)
			if opts.ByPercentage {
				keys[i] = points / possible
			}
		}
		fields[i] = e.Field
	}
	for i, p := range PlacesPerField(keys, fields) {
		out[i].Place = p
	}
	return out
}

// ScaleToBoards scales a total earned on played boards to most boards: total·most/played
// (a pair that sat out a round is compared with those who played every board); 0 boards give 0.
func ScaleToBoards(total float64, played, most int) float64 {
	if played <= 0 {
		return 0
	}
	if played == most {
		return total
	}
	return total * float64(most) / float64(played)
}

// Percentage returns 100·points/possible rounded to 2 decimals, halves away from zero (the
// testdata README's convention: Σ scaled matchpoints / (boards played × top)); 0 when nothing was
// possible.
func Percentage(points, possible float64) float64 {
	if possible == 0 {
		return 0
	}
	return Round2(100 * points / possible)
}

// Round2 rounds to 2 decimals, halves away from zero, the way results are printed. The value is
// nudged by a billionth first so a half written exactly in decimal (e.g. 47.125) is not lost to
// its binary representation just under it.
func Round2(x float64) float64 {
	if x < 0 {
		return -Round2(-x)
	}
	return math.Floor(x*100+0.5+1e-9) / 100
}
