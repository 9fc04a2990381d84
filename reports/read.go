package reports

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/movement"
)

// Format names a results file format traveler reads and writes.
type Format string

// The results file formats.
const (
	FormatUSEBIO Format = "usebio" // USEBIO 1.2 XML
	FormatPBN    Format = "pbn"    // Portable Bridge Notation 2.1
)

// Formats lists the results file formats, as a format option names them.
var Formats = []Format{FormatUSEBIO, FormatPBN}

// ParseFormat reads a format's name in any case ("USEBIO", "pbn"); ""
// stays "" (the file is sniffed).
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if strings.EqualFold(strings.TrimSpace(s), string(f)) {
			return f, nil
		}
	}
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	return "", fmt.Errorf("%q: not a results file format (allowed: usebio, pbn)", s)
}

// MaxResultsFile is the largest results file ReadResults reads.
const MaxResultsFile = 256 << 20

// maxBoardLines is the most traveler lines one board may have in a
// section: the tables of the largest section a director runs, many times
// over. The movement built from a file's lines grows with the square of a
// board's lines, so the bound keeps a file from asking for more memory
// than the machine has.
const maxBoardLines = 500

// tooManyLines is the error for a board with more than maxBoardLines.
func tooManyLines(format string, line, board int) *FileError {
	return &FileError{Format: format, Line: line, Element: "board " + strconv.Itoa(board),
		Expected: "at most " + strconv.Itoa(maxBoardLines) + " traveler lines a board in one section (split a larger field into sections)"}
}

// ReadOptions say how to read a results file where the file itself leaves
// it open. The zero value reads any file as it is.
type ReadOptions struct {
	Format   Format            // "" sniffs it from Source's extension, then the first character
	Source   string            // the file's name, for the format and an event named after it; "" when not known
	Encoding string            // the text encoding; "" detects it (see Encodings)
	Method   tournament.Method // compare by this method instead of the one the file implies; "" keeps the file's
	Name     string            // the event's name instead of the file's
	Date     string            // the event's date (YYYY-MM-DD) instead of the file's
	Today    string            // the date (YYYY-MM-DD) an undated file is given; "" is today's
	Strict   bool              // a written score that disagrees with its contract, or a figure of the file's own that traveler does not reproduce (Differences), is an error, not a note

	Convention string // the convention (scoring.Conventions) its figures are worked out by; "traveler" is traveler's own; "" takes the one its program uses, else traveler's own
}

// Note is something traveler assumed or found while reading a file that a
// director should see: where it is and what was done.
type Note struct {
	Line    int    // the line of the file it is about; 0 for the whole file
	Element string // the element or tag it is about; "" for the whole file
	Text    string // what was assumed or found, in plain words
}

// String returns "line 12 [Date]: text", or the text alone.
func (n Note) String() string {
	var where []string
	if n.Line > 0 {
		where = append(where, "line "+strconv.Itoa(n.Line))
	}
	if n.Element != "" {
		where = append(where, n.Element)
	}
	if len(where) == 0 {
		return n.Text
	}
	return strings.Join(where, " ") + ": " + n.Text
}

// ResultsFile is a results file read into an event: what it was and what
// traveler assumed to read it.
type ResultsFile struct {
	Format   Format               // the file's format
	Encoding string               // the text encoding it was read in
	Event    tournament.EventData // the event, scored, compared and ranked
	Notes    []Note               // what traveler assumed or found, in file order
	Digest   [32]byte             // the sha-256 of the file's bytes, which an imported event keeps

	// Differences are the file's own figures (line points, pairs' totals,
	// percentages and places) that traveler does not reproduce from its
	// lines, each also a note (official.go).
	Differences []Difference
	official    *officialFigures
}

// ReadResults reads a USEBIO or PBN results file into an event: the one
// way a results file enters traveler, for the CLI, the API and the pages.
// It sniffs the format (unless given), decodes the text (byte-order marks,
// UTF-16, and the single-byte encodings club programs write: see
// Encodings), reads the file with the format's reader and converts it to a
// tournament.EventData scored and ranked by package tournament: each
// result is scored once (tournament.ScoreResults), and carries its score
// and lines on, so an importer passes tournament.ImportOptions{Scored:
// true} and the Service scores none again. Errors in
// the file are *FileError naming the line, the element and what was
// expected; nothing else is an error but reading r.
func ReadResults(r io.Reader, opt ReadOptions) (*ResultsFile, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxResultsFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxResultsFile {
		return nil, &FileError{Format: "file", Expected: "a results file of at most " + strconv.Itoa(MaxResultsFile>>20) + " MiB"}
	}
	format := opt.Format
	if format == "" {
		if format = SniffFormat(opt.Source, data); format == "" {
			start, _, _ := decodeText(data[:min(len(data), 40)], FormatPBN, "")
			return nil, &FileError{Format: "results file", Line: 1, Value: strings.TrimSpace(string(start)),
				Expected: "a USEBIO file (XML, starting with <) or a PBN file (tags such as [Event \"...\"], % comments): name the format if it is one of them"}
		}
	}
	rd := &reading{opt: opt, format: format}
	text, enc, err := decodeText(data, format, opt.Encoding)
	if err != nil {
		return nil, err
	}
	rd.encoding = enc.name
	if enc.guessed {
		rd.note(0, "", "the file is not UTF-8: read as "+enc.name+" ("+enc.why+"); give the encoding to read it otherwise")
	}
	var d tournament.EventData
	switch format {
	case FormatUSEBIO:
		u, err := ReadUSEBIO(bytes.NewReader(text))
		if err != nil {
			return nil, err
		}
		d, err = rd.usebioEvent(u)
		if err != nil {
			return nil, err
		}
	case FormatPBN:
		games, err := ReadPBN(bytes.NewReader(text))
		if err != nil {
			return nil, err
		}
		d, err = rd.pbnEvent(games)
		if err != nil {
			return nil, err
		}
	default:
		return nil, &FileError{Format: "file", Value: string(format), Expected: "a USEBIO or PBN results file"}
	}
	diffs := compareOfficial(&d, rd.official)
	d, diffs = rd.conventionFromFigures(d, diffs)
	if err := rd.noteDifferences(diffs); err != nil {
		return nil, err
	}
	f := &ResultsFile{Format: format, Encoding: rd.encoding, Event: d, Notes: rd.finish(), Digest: sha256.Sum256(data), Differences: diffs, official: rd.official}
	// The event carries the file's official figures, for the import to
	// keep (the director may make them the event's later).
	if cs := f.OfficialCorrections(); cs != nil {
		f.Event.Figures = true
		for i := range cs {
			f.Event.Sections[i].Official = cs[i]
		}
	}
	return f, nil
}

// SniffFormat tells a results file's format: by the name's extension (.xml,
// .usebio: USEBIO; .pbn: PBN), else by the first character after a
// byte-order mark and white space ('<': USEBIO; '[', '%', ';' or '{': PBN,
// a tag or a comment). It returns "" when neither says.
func SniffFormat(name string, data []byte) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".xml", ".usebio":
		return FormatUSEBIO
	case ".pbn":
		return FormatPBN
	}
	text, _, err := decodeText(data[:min(len(data), 4096)], FormatPBN, "")
	if text = bytes.TrimLeft(text, " \t\n"); err != nil || len(text) == 0 {
		return ""
	}
	switch text[0] {
	case '<':
		return FormatUSEBIO
	case '[', '%', ';', '{':
		return FormatPBN
	}
	return ""
}

// reading is one file being read: the options, and the notes so far.
type reading struct {
	opt      ReadOptions
	format   Format
	encoding string
	notes    []Note
	kinds    map[string]int   // a kind of note repeated → index of its first in notes
	repeats  map[string]int   // a kind of note repeated → how many more times
	official *officialFigures // the file's own figures, to compare with traveler's (official.go)
}

// note records an assumption about the file.
func (rd *reading) note(line int, element, text string) {
	rd.notes = append(rd.notes, Note{Line: line, Element: element, Text: text})
}

// noteOnce records an assumption the file may call for many times (kind
// names it): the first time as a note, then only counted (see finish).
func (rd *reading) noteOnce(kind string, line int, element, text string) {
	if rd.kinds == nil {
		rd.kinds, rd.repeats = map[string]int{}, map[string]int{}
	}
	if _, ok := rd.kinds[kind]; ok {
		rd.repeats[kind]++
		return
	}
	rd.kinds[kind] = len(rd.notes)
	rd.note(line, element, text)
}

// noteWiderHandSet notes a hand set wider than the boards played
// (EBUScore writes every deal of the set, boards 19–28 with no results
// after 18 played): the deals of boards beyond (in any order) after the
// last board with a result, last, are not the section's boards and are
// not stored; line is that of the first, element its tag or element.
// Nothing is noted when beyond is empty.
func (rd *reading) noteWiderHandSet(line int, element string, beyond []int, last int) {
	if len(beyond) == 0 {
		return
	}
	slices.Sort(beyond)
	rd.note(line, element, "the file's hand set is wider than the boards played: boards "+tournament.NumberRanges(beyond)+
		" have a deal and no result, so the section plays boards 1 to "+strconv.Itoa(last)+" and their "+strconv.Itoa(len(beyond))+" deals are not stored")
}

// finish returns the notes in file order (whole-file notes first), each
// note of a repeated kind saying how many more times it applies.
func (rd *reading) finish() []Note {
	for kind, n := range rd.repeats {
		if n > 0 {
			rd.notes[rd.kinds[kind]].Text += " (and " + strconv.Itoa(n) + " more times in the file)"
		}
	}
	slices.SortStableFunc(rd.notes, func(a, b Note) int { return a.Line - b.Line })
	return rd.notes
}

// formatName is the format as messages name it: "USEBIO" or "PBN".
func (rd *reading) formatName() string { return strings.ToUpper(string(rd.format)) }

// scoreDisagrees handles a written score that is not what the contract
// scores: a *FileError when reading strictly, else a note (the recomputed
// score is kept).
func (rd *reading) scoreDisagrees(line int, element, written, contract, declarer string, tricks, scored int) error {
	what := fmt.Sprintf("%s by %s taking %d tricks scores NS %d", contract, declarer, tricks, scored)
	if rd.opt.Strict {
		return &FileError{Format: rd.formatName(), Line: line, Element: element, Value: written, Expected: "the NS score of " + contract + " by " + declarer + " taking " + strconv.Itoa(tricks) + " tricks: " + strconv.Itoa(scored)}
	}
	rd.note(line, element, "the file's score "+written+" is not what the contract scores ("+what+"); traveler uses "+strconv.Itoa(scored))
	return nil
}

// eventName is the event's name: the option's, else the file's, else the
// file's base name, else "Results"; it notes what it assumed.
func (rd *reading) eventName(fromFile string, line int, element string) string {
	if rd.opt.Name != "" {
		return strings.TrimSpace(rd.opt.Name)
	}
	if name := strings.TrimSpace(fromFile); name != "" && name != "?" && name != "#" {
		return name
	}
	name := "Results"
	if rd.opt.Source != "" && rd.opt.Source != "-" {
		base := filepath.Base(rd.opt.Source)
		name = strings.TrimSuffix(base, filepath.Ext(base))
	}
	rd.note(line, element, "the file does not name the event: it is called "+strconv.Quote(name)+"; give a name to change it")
	return name
}

// eventDate is the event's date (YYYY-MM-DD): the option's, else the
// file's as parse reads it, else the option's Today, else today's; it notes
// what it assumed. A date with unknown parts takes the first day they
// allow.
func (rd *reading) eventDate(written string, line int, element string) (string, error) {
	if rd.opt.Date != "" {
		if _, err := time.Parse(time.DateOnly, rd.opt.Date); err != nil {
			return "", &FileError{Format: "option", Element: "date", Value: rd.opt.Date, Expected: "a date YYYY-MM-DD"}
		}
		return rd.opt.Date, nil
	}
	today := rd.opt.Today
	if today == "" {
		today = time.Now().Format(time.DateOnly)
	}
	w := strings.TrimSpace(written)
	if w == "" {
		rd.note(line, element, "the file gives no date: the event is dated "+today+", the day it was read; give a date to change it")
		return today, nil
	}
	d, partial, err := parseFileDate(w)
	if err != nil {
		return "", &FileError{Format: rd.formatName(), Line: line, Element: element, Value: written,
			Expected: "a date YYYY.MM.DD, YYYY-MM-DD or DD/MM/YYYY (PBN: ? for an unknown digit; a time after the date is ignored)"}
	}
	switch {
	case d == "":
		rd.note(line, element, "the file's date "+strconv.Quote(w)+" is unknown: the event is dated "+today+", the day it was read; give a date to change it")
		return today, nil
	case partial:
		rd.note(line, element, "the file's date "+strconv.Quote(w)+" has unknown parts: the event is dated "+d+"; give a date to change it")
	}
	return d, nil
}

// parseFileDate reads a date as results files write it: YYYY.MM.DD (PBN),
// YYYY-MM-DD, DD/MM/YYYY or D/M/YYYY (Compscore), each optionally followed
// by a time ("2021-04-03 05:06", "2012-08-07T10:00:00"). PBN's unknown
// digits ("2012.08.??", "????.??.??") give the first day they allow and
// partial true; a date wholly unknown gives "".
func parseFileDate(s string) (date string, partial bool, err error) {
	if i := strings.IndexAny(s, " T"); i > 0 {
		s = s[:i]
	}
	var y, m, d string
	switch {
	case strings.Count(s, "/") == 2:
		p := strings.Split(s, "/")
		d, m, y = p[0], p[1], p[2]
	case strings.Count(s, ".") == 2:
		p := strings.Split(s, ".")
		y, m, d = p[0], p[1], p[2]
	case strings.Count(s, "-") == 2:
		p := strings.Split(s, "-")
		y, m, d = p[0], p[1], p[2]
	default:
		return "", false, strconv.ErrSyntax
	}
	if strings.Contains(y, "?") {
		if strings.Trim(y+m+d, "?") != "" {
			return "", false, strconv.ErrSyntax
		}
		return "", true, nil
	}
	unknown := func(s, first string) string {
		if s != "" && strings.Trim(s, "?") == "" {
			partial = true
			return first
		}
		return s
	}
	m, d = unknown(m, "01"), unknown(d, "01")
	if len(y) != 4 || len(m) < 1 || len(m) > 2 || len(d) < 1 || len(d) > 2 {
		return "", false, strconv.ErrSyntax
	}
	t, err := time.Parse("2006-1-2", y+"-"+m+"-"+d)
	if err != nil {
		return "", false, strconv.ErrSyntax
	}
	return t.Format(time.DateOnly), partial, nil
}

// method chooses how the event is compared: the option's method, else
// the one the file names (named), else the first candidate whose points
// equal the file's own (fits), noting the choice when the file did not
// name it plainly.
func (rd *reading) method(named tournament.Method, line int, element, why string) tournament.Method {
	if rd.opt.Method != "" {
		if named != "" && named != rd.opt.Method {
			rd.note(line, element, "the file is scored "+string(named)+"; compared by "+string(rd.opt.Method)+" as asked")
		}
		return rd.opt.Method
	}
	if why != "" {
		rd.note(line, element, why)
	}
	return named
}

// methodFits refuses a method the section cannot be compared by: team
// matches (a teams method, Method.Teams) need a teams movement, and a
// teams movement needs them. The error is about the method asked for, or else about the file
// (at: where the file says what the section is) mixing team matches and
// pairs.
func (rd *reading) methodFits(m tournament.Method, sec *tournament.Section, at FileError) error {
	teams := sec.Movement.Kind == movement.KindTeams
	if m.Teams() == teams {
		return nil
	}
	if rd.opt.Method == "" {
		at.Expected = "one kind of event in the whole file: this part holds pairs, another team matches"
		if teams {
			at.Expected = "one kind of event in the whole file: this part holds team matches, another pairs"
		}
		return &at
	}
	if teams {
		return &FileError{Format: "option", Element: "method", Value: string(m), Expected: "a teams method (IMP_TEAMS, BAM_TEAMS, PATTON_TEAMS, AGGREGATE_TEAMS): the file holds team matches"}
	}
	return &FileError{Format: "option", Element: "method", Value: string(m), Expected: "a pairs method (MP, MP_ACBL, BUTLER, CROSS_IMP, TOTAL, AVERAGE): the file holds a pairs event, not team matches"}
}

// knownMethod reads a method's name as the options give it; "" is no method.
func knownMethod(s string) (tournament.Method, bool) {
	for _, m := range tournament.Methods {
		if strings.EqualFold(s, string(m)) {
			return m, true
		}
	}
	return "", s == ""
}

// ParseMethod reads a scoring method's name in any case; "" stays "" (the
// file's own method).
func ParseMethod(s string) (tournament.Method, error) {
	m, ok := knownMethod(strings.TrimSpace(s))
	if !ok {
		names := make([]string, len(tournament.Methods))
		for i, x := range tournament.Methods {
			names[i] = string(x)
		}
		return "", fmt.Errorf("%q: not a scoring method (allowed: %s)", s, strings.Join(names, ", "))
	}
	return m, nil
}
