package web

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/tournament"
)

// maxUpload is the largest hand-record file accepted (a PBN of a few
// hundred boards is well under 1 MiB).
const maxUpload = 8 << 20

// pairLine reads one line of the pairs box: a number, a direction in a
// Mitchell, a colon, and the players.
var pairLine = regexp.MustCompile(`^(\d+)\s*(?i:(NS|EW|N-S|E-W|N/S|E/W))?\s*[:.]\s*(.*)$`)

// playerNumber reads a membership number written after a name in brackets.
var playerNumber = regexp.MustCompile(`^(.*?)\s*\(([^()]*)\)$`)

// playerSplit separates the players of a pair: "&" or the word "and".
var playerSplit = regexp.MustCompile(`\s*&\s*|\s+and\s+`)

// parsePairs reads the pairs box: one pair a line, e.g. "1: Ann Smith &
// Bob Jones" ("1 NS: …" in a Mitchell), a membership number in brackets
// after a name. It returns the pairs and the line each came from; a line it
// cannot read is an error naming the line and what to write.
func parsePairs(text string, mitchell bool) ([]tournament.Pair, []int, error) {
	example := `"1: Ann Smith & Bob Jones"`
	if mitchell {
		example = `"1 NS: Ann Smith & Bob Jones" or "1 EW: …"`
	}
	var pairs []tournament.Pair
	var lines []int
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		m := pairLine.FindStringSubmatch(line)
		if m == nil {
			return nil, nil, tournament.Invalidf("pairs", "line "+strconv.Itoa(i+1)+": "+strconv.Quote(line)+" is not a pair; write one pair a line, e.g. "+example)
		}
		dir := strings.NewReplacer("-", "", "/", "").Replace(strings.ToUpper(m[2]))
		if mitchell && dir == "" {
			return nil, nil, tournament.Invalidf("pairs", "line "+strconv.Itoa(i+1)+": pair "+m[1]+" needs its direction in a Mitchell, e.g. "+example, "NS", "EW")
		}
		pair := tournament.Pair{Number: m[1], Direction: dir}
		for _, name := range playerSplit.Split(strings.TrimSpace(m[3]), -1) {
			pair.Players = append(pair.Players, parsePlayer(name))
		}
		pairs = append(pairs, pair)
		lines = append(lines, i+1)
	}
	if len(pairs) == 0 {
		return nil, nil, tournament.Invalidf("pairs", "no pair given; write one pair a line, e.g. "+example)
	}
	return pairs, lines, nil
}

// parsePlayer reads "Ann Smith" or "Ann Smith (12345)".
func parsePlayer(s string) tournament.Player {
	s = strings.TrimSpace(s)
	if m := playerNumber.FindStringSubmatch(s); m != nil {
		return tournament.Player{Name: m[1], Number: strings.TrimSpace(m[2])}
	}
	return tournament.Player{Name: s}
}

// listElement reads a field like "pairs[3].players[0].name" into the list
// index (3) and the rest ("players[0].name"); a field with no list prefix
// is element 0.
var listElement = regexp.MustCompile(`^(?:\w+)\[(\d+)\]\.(.*)$`)

// fieldWords says in words what a pair's field is.
var fieldWords = []struct {
	re    *regexp.Regexp
	words string
}{
	{regexp.MustCompile(`^number$`), "pair number"},
	{regexp.MustCompile(`^direction$`), "direction"},
	{regexp.MustCompile(`^players$`), "players"},
	{regexp.MustCompile(`^players\[(\d+)\]\.name$`), "player %s's name"},
}

// onLine turns the Service's refusal of pairs[i] into one about the line
// of the pairs box it came from.
func onLine(err error, lines []int) error {
	var te *tournament.Error
	if !errors.As(err, &te) {
		return err
	}
	i, rest := 0, te.Field
	if m := listElement.FindStringSubmatch(te.Field); m != nil {
		i, _ = strconv.Atoi(m[1])
		rest = m[2]
	}
	if i >= len(lines) {
		return err
	}
	what := rest
	for _, f := range fieldWords {
		if m := f.re.FindStringSubmatch(rest); m != nil {
			what = f.words
			if len(m) > 1 {
				k, _ := strconv.Atoi(m[1])
				what = strings.Replace(what, "%s", strconv.Itoa(k+1), 1)
			}
		}
	}
	msg := "line " + strconv.Itoa(lines[i]) + ", " + what + ": " + te.Message
	return &tournament.Error{Kind: te.Kind, Field: "pairs", Message: msg, Allowed: te.Allowed}
}

// uploadedFile reads the form's file input, refusing a missing or too
// large file; errors name field, and what file to choose (e.g. "the PBN
// file of the hand records").
func uploadedFile(c echo.Context, input, field, choose string) ([]byte, error) {
	fh, err := c.FormFile(input)
	if err != nil {
		return nil, tournament.Invalidf(field, "no file chosen: choose "+choose)
	}
	if fh.Size > maxUpload {
		return nil, tournament.Invalidf(field, fh.Filename+" is too large: at most 8 MiB")
	}
	f, err := fh.Open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxUpload))
}

// boardsFromFile reads the hand records of a hand-record file (see
// reports.ReadHandRecordsIn): the format its name's extension says (.dup,
// .dlm, .bri, .lin, .pbn), else the one its content shows. It returns the
// boards and where each is in the file ("line 6", "record 3"); a file that
// cannot be read, or has no deal, is an error naming where.
func boardsFromFile(body []byte, filename string) ([]tournament.BoardInput, []string, error) {
	hs, err := reports.ReadHandRecordsIn(bytes.NewReader(body), reports.HandFormatOfName(filename))
	if err != nil {
		return nil, nil, tournament.Invalidf("hand records", "not hand records traveler can read: "+err.Error())
	}
	out := make([]tournament.BoardInput, len(hs))
	where := make([]string, len(hs))
	for i, h := range hs {
		out[i], where[i] = h.Board, h.Where()
	}
	return out, where, nil
}

// onBoard turns the Service's refusal of boards[i] into one about the
// board and the line of the file it came from.
func onBoard(err error, boards []tournament.BoardInput, where []string) error {
	var te *tournament.Error
	if !errors.As(err, &te) {
		return err
	}
	m := listElement.FindStringSubmatch(te.Field)
	if m == nil {
		return err
	}
	i, _ := strconv.Atoi(m[1])
	if i >= len(boards) {
		return err
	}
	msg := "board " + strconv.Itoa(boards[i].Number) + " (" + where[i] + "), " + m[2] + ": " + te.Message
	return &tournament.Error{Kind: te.Kind, Field: "hand records", Message: msg, Allowed: te.Allowed}
}
