package tournament

import (
	"bufio"
	"bytes"
	"container/list"
	"context"
	"errors"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// HeavyOptions bound the Service's heavy reads (Heavy): an event's reports
// and files, which cost in proportion to the whole event.
type HeavyOptions struct {
	Workers    int           // how many are made at once; 0: DefaultHeavyWorkers
	Wait       time.Duration // how long one waits for a worker before it is refused (ErrBusy); 0: DefaultHeavyWait
	Within     time.Duration // how long one may take to be made, whoever waits for it; 0: DefaultHeavyWithin
	KeepFor    time.Duration // how long one is kept at most, even when its event's version holds; 0: DefaultHeavyKeepFor
	Keep       int64         // bytes kept in memory in all, of outputs up to SpillAt (the least recently read go first); 0: DefaultHeavyKeep
	SpillAt    int64         // an output larger than this is written to a temporary file in Dir, not held in memory; 0: DefaultHeavySpillAt
	KeepOnDisk int64         // bytes of temporary files kept in all (the least recently read go first); 0: DefaultHeavyKeepOnDisk
	Dir        string        // where the temporary files are made; "": os.TempDir()
	// Nice is the scheduling priority (nice value, 1–19) of the thread
	// each making runs on, so that result entry comes first on a busy
	// machine; 0: DefaultHeavyNice; below 0: not lowered. Linux only (a
	// thread's nice value is its own there); elsewhere it does nothing.
	Nice int
	// Cores, when more than 0 and fewer than the machine's CPUs, keeps
	// each making's thread — and a process Apart starts from it — to the
	// last Cores CPUs (PinToLastCPUs), leaving the others to result entry.
	Cores int
	// GiveWay, when set, is called at a making's yield points — before
	// its first write and each 256 KiB of its output after, before each section it reads — and waits
	// there while result entry works (heavyproc.Gate.GiveWay): in this
	// process, or in the process Apart starts, which is given its own.
	GiveWay func(context.Context)
	// Apart, when set, makes each heavy read in another process (with a
	// heap and a collector of its own, so that a making's garbage never
	// holds back result entry): it is given the read as a HeavyJob and
	// writes the output to w, on the making's thread (a process it starts
	// from there inherits Nice). nil: made in this process, by write.
	Apart HeavyMaker
}

// HeavyJob is one heavy read as another process is asked to make it (a
// HeavyMaker; Service.MakeHeavy there): of which event, for whom, what
// part, and its name — one name, one output (Service.Heavy).
type HeavyJob struct {
	Event int64
	Actor Actor
	Part  EventPart
	Name  string
	With  int64 // another event the read compares the event with, read whole into EventData.With (HeavyWith); 0: none
}

// HeavyMaker makes the heavy read job, writing it to w: another process's
// Service.MakeHeavy, with the writer the name stands for. A refusal
// (ErrInvalid) is returned as the *Error it was.
type HeavyMaker func(ctx context.Context, job HeavyJob, w io.Writer) error

// The defaults of HeavyOptions, for a server of two cores.
const (
	DefaultHeavyWorkers    = 1
	DefaultHeavyWait       = 20 * time.Second
	DefaultHeavyWithin     = 5 * time.Minute
	DefaultHeavyKeepFor    = 10 * time.Minute
	DefaultHeavyKeep       = 64 << 20
	DefaultHeavySpillAt    = 4 << 20
	DefaultHeavyKeepOnDisk = 1 << 30
	DefaultHeavyNice       = 19
)

// ErrBusy is the kind of error of a heavy read refused because every worker
// stayed busy for HeavyOptions.Wait: the caller is to try again later.
var ErrBusy = errors.New("busy")

// Heavy returns what write makes of the part of the event a may read
// (EventData, Select: only that part is read; a section or session it does
// not have is a 404) — a report, a file — under name (the report and its
// options: one name, one output), made once for every request that asks
// for it while the event is unchanged:
//
//   - kept: while the event's version (heavyVersion: its row, its change
//     log, its sections, their results, boards, analyses and entries) is
//     the one it was made at, and for at most KeepFor (what the version may
//     not see: a club player's name changed in the roster);
//   - made once: requests for the same name, event, audience and version
//     while it is being made wait for that one making (single flight);
//   - bounded: at most Workers makings at once, apart from the requests
//     entering results, each on a thread of its own at the lowest priority
//     (Nice); one that waits longer than Wait for a worker is refused with
//     ErrBusy (a 503 with Retry-After to the caller). A making is not the
//     first request's: its client may leave, or its deadline pass (its
//     answer is then the deadline's error, never a part of the output),
//     and the making goes on, within Within, for the next;
//   - out of the heap when large: an output past SpillAt is written to a
//     temporary file (removed from its directory at once: nothing is left
//     behind when the process ends, however it ends), kept within
//     KeepOnDisk, and its space freed when it is no longer kept and the
//     last reader has closed it.
//
// With HeavyOptions.Apart the making is another process's (the job is
// handed to it, and write is not called here: name must say all write
// does); else write writes the output to w from d, all of it in its own goroutine
// (what it starts in others does not run at the making's priority); its
// errors are not kept, but a refusal (ErrInvalid) is, as the answer for
// the version. The caller reads the output (HeavyOutput.Reader) and closes
// it when it has sent it.
func (s *Service) Heavy(ctx context.Context, a Actor, eventID int64, part EventPart, name string, write func(ctx context.Context, w io.Writer, d EventData) error) (*HeavyOutput, error) {
	return s.HeavyWith(ctx, a, eventID, 0, part, name, write)
}

// HeavyWith is Heavy for a read of two events (the same boards under two
// law codes: reports.CompareWith): write is given the part of the event
// with the whole of event with in EventData.With (with 0: none, as
// Heavy). a must be allowed to read both; an event with that does not
// exist is ErrNotFound naming "with", the event itself ErrInvalid. The
// output is kept while neither event changes.
func (s *Service) HeavyWith(ctx context.Context, a Actor, eventID, with int64, part EventPart, name string, write func(ctx context.Context, w io.Writer, d EventData) error) (*HeavyOutput, error) {
	e, err := s.cache.Event(ctx, eventID)
	if err != nil {
		return nil, err
	}
	if err := canRead(a, &e, 0); err != nil {
		return nil, err
	}
	version, err := s.keptHeavyVersion(ctx, a, e)
	if err != nil {
		return nil, err
	}
	if with != 0 {
		other, err := s.otherEvent(ctx, a, eventID, with)
		if err != nil {
			return nil, err
		}
		v, err := s.keptHeavyVersion(ctx, a, other)
		if err != nil {
			return nil, err
		}
		version += "|with " + v
	}
	key := heavyKey{event: eventID, audience: audienceOf(a), part: part, name: name, with: with}
	job := HeavyJob{Event: eventID, Actor: a, Part: part, Name: name, With: with}
	return s.heavy.get(ctx, key, version, func(ctx context.Context, w io.Writer) error {
		if apart := s.heavy.o.Apart; apart != nil {
			return apart(ctx, job, w)
		}
		return s.MakeHeavy(ctx, job, write, w)
	})
}

// MakeHeavy writes to w what write makes of the part of the event job
// names, as job.Actor may read it: the making of one heavy read, not kept
// (Heavy keeps it). It is what a process making heavy reads apart
// (HeavyOptions.Apart) runs, with the writer job.Name stands for.
func (s *Service) MakeHeavy(ctx context.Context, job HeavyJob, write func(ctx context.Context, w io.Writer, d EventData) error, w io.Writer) error {
	if gw := s.heavy.o.GiveWay; gw != nil {
		ctx = context.WithValue(ctx, giveWayKey{}, gw)
		w = &givingWay{ctx: ctx, giveWay: gw, w: w, since: -1}
	}
	d, err := s.eventData(ctx, job.Actor, job.Event, nil, job.Part)
	if err != nil {
		return err
	}
	if d, err = d.Select(job.Part.SectionID, job.Part.Session); err != nil {
		return err
	}
	if job.With != 0 {
		other, err := s.OtherEventData(ctx, job.Actor, job.Event, job.With)
		if err != nil {
			return err
		}
		d.With = &other
	}
	return write(ctx, w, d)
}

// OtherEventData is the whole of event with, which a read of event
// eventID compares it with, as a may read it (otherEvent's rules: the
// event itself ErrInvalid, one that does not exist ErrNotFound, each
// naming "with").
func (s *Service) OtherEventData(ctx context.Context, a Actor, eventID, with int64) (EventData, error) {
	if _, err := s.otherEvent(ctx, a, eventID, with); err != nil {
		return EventData{}, err
	}
	return s.eventData(ctx, a, with, nil, EventPart{})
}

// otherEvent reads event with, which a read of event eventID compares it
// with, as a may read it: one that does not exist is ErrNotFound naming
// "with", the event itself ErrInvalid naming it.
func (s *Service) otherEvent(ctx context.Context, a Actor, eventID, with int64) (Event, error) {
	if with == eventID {
		return Event{}, Invalidf("with", "event "+strconv.FormatInt(with, 10)+" is the event itself: give another event that played the same boards")
	}
	other, err := s.cache.Event(ctx, with)
	if errors.Is(err, ErrNotFound) {
		return Event{}, &Error{Kind: ErrNotFound, Field: "with", Message: "event " + strconv.FormatInt(with, 10) + " does not exist: give another event's id"}
	}
	if err != nil {
		return Event{}, err
	}
	if err := canRead(a, &other, 0); err != nil {
		return Event{}, err
	}
	return other, nil
}

// giveWayKey keys a making's HeavyOptions.GiveWay in its context, for
// eventData to call between sections.
type giveWayKey struct{}

// giveWay waits as the making ctx belongs to is to (HeavyOptions.GiveWay);
// outside a making it does nothing.
func giveWay(ctx context.Context) {
	if gw, ok := ctx.Value(giveWayKey{}).(func(context.Context)); ok {
		gw(ctx)
	}
}

// givingWay is a making's output: it gives way before its first write and
// then once a piece (sendPiece) has been written since — not before every
// write, which (a CSV's rows, a PBN's tags) would have a change held in
// flight for long, such as a slow upload, stop the making at each line.
type givingWay struct {
	ctx     context.Context
	giveWay func(context.Context)
	w       io.Writer
	since   int64 // bytes written since it last gave way; -1 before the first write
}

func (g *givingWay) Write(p []byte) (int, error) {
	if g.since < 0 || g.since >= sendPiece {
		g.giveWay(g.ctx)
		g.since = 0
	}
	n, err := g.w.Write(p)
	g.since += int64(n)
	return n, err
}

// HeavyOutput is one request's hold on what a heavy read made: read it
// (Reader, Size) and Close it when sent. Many requests share the output; a
// temporary file's space is freed when none holds it and it is no longer
// kept.
type HeavyOutput struct {
	m    *heavyMade
	own  *os.File // the file of its own SendTo opened, closed with it
	once sync.Once
}

// Size is the output's length in bytes.
func (o *HeavyOutput) Size() int64 { return o.m.size }

// Reader returns a reader of the whole output, from its start; each call
// returns a reader of its own, and many may read at once.
func (o *HeavyOutput) Reader() *io.SectionReader {
	if o.m.file != nil {
		return io.NewSectionReader(o.m.file, 0, o.m.size)
	}
	return io.NewSectionReader(bytes.NewReader(o.m.mem), 0, o.m.size)
}

// InFile reports whether the output is held in a temporary file rather than
// in memory (HeavyOptions.SpillAt).
func (o *HeavyOutput) InFile() bool { return o.m.file != nil }

// SendTo writes the whole output to w and returns how many bytes it wrote.
// It is sent as it was made: on a thread of its own at the making's
// priority, kept to the making's CPUs (HeavyOptions.Nice and Cores), a
// piece (sendPiece) at a time, giving way to result entry before each
// (HeavyOptions.GiveWay) — four readers of a 73 MB workbook, at the speed
// of this machine's loopback, took entry p99 from 5 to 160 ms even kept to
// the other CPU (BENCHMARKS.md, "Sending gives way") — and, from a
// temporary file, from the file straight to the connection where w can
// (sendfile, through net/http's ReaderFrom).
func (o *HeavyOutput) SendTo(w io.Writer) (int64, error) {
	if o.m.file == nil && o.m.size <= sendPiece { // one piece: written as it is
		return io.Copy(w, o.Reader())
	}
	type sent struct {
		n   int64
		err error
	}
	done := make(chan sent, 1)
	go func() {
		// As a making's: locked to a thread never unlocked, which ends
		// with this goroutine (heavyReads.run says why).
		runtime.LockOSThread()
		lowerThreadPriority(o.m.nice)
		PinToLastCPUs(o.m.cores)
		src := o.source()
		var n int64
		for n < o.m.size {
			if o.m.giveWay != nil {
				o.m.giveWay(context.Background()) // bounded: heavyproc.MaxGiveWay
			}
			k, err := io.Copy(w, io.LimitReader(src, sendPiece))
			n += k
			if err != nil {
				done <- sent{n, err}
				return
			}
			if k == 0 {
				done <- sent{n, io.ErrUnexpectedEOF}
				return
			}
		}
		done <- sent{n, nil}
	}()
	s := <-done
	return s.n, s.err
}

// sendPiece is how much of an output SendTo sends between two looks at
// result entry.
const sendPiece = 256 << 10

// source returns a reader of the whole output for SendTo: from memory, or
// from a file of its own (fileReader).
func (o *HeavyOutput) source() io.Reader {
	if o.m.file == nil {
		return o.Reader()
	}
	return o.fileReader()
}

// fileReader returns a reader of the output's temporary file that is an
// *os.File of its own (a new open file description, at offset 0, through
// /proc/self/fd where there is one), so that a connection can send it with
// sendfile; else a section reader of the shared file.
func (o *HeavyOutput) fileReader() io.Reader {
	if f, err := os.Open("/proc/self/fd/" + strconv.Itoa(int(o.m.file.Fd()))); err == nil {
		o.own = f
		return f
	}
	return o.Reader()
}

// Close lets the output go: a reader of it is not to be used after.
// Closing again does nothing.
func (o *HeavyOutput) Close() error {
	o.once.Do(func() {
		if o.own != nil {
			o.own.Close()
		}
		o.m.release()
	})
	return nil
}

// heavyMade is an output made: in memory, or in an unlinked temporary file,
// with the number of holds on it (each request's HeavyOutput, and the kept
// entry's). The file is closed when the last is let go.
type heavyMade struct {
	size    int64
	mem     []byte
	file    *os.File
	refs    atomic.Int64
	nice    int // the making's nice value and cores (HeavyOptions), which SendTo sends it at
	cores   int
	giveWay func(context.Context) // HeavyOptions.GiveWay, which SendTo gives way by
}

// hold takes one more hold on m: m must be held already (kept, or a hold
// counted for a waiter).
func (m *heavyMade) hold() *HeavyOutput {
	m.refs.Add(1)
	return &HeavyOutput{m: m}
}

// release lets one hold go, and closes the file with the last.
func (m *heavyMade) release() {
	if m.refs.Add(-1) == 0 && m.file != nil {
		m.file.Close()
	}
}

// spill is where a making writes: memory up to at bytes, then an unlinked
// temporary file in dir, through a buffer.
type spill struct {
	dir string
	at  int64
	mem bytes.Buffer
	f   *os.File
	w   *bufio.Writer
	n   int64
}

// Write writes p to memory, or to the file once the output passes s.at.
func (s *spill) Write(p []byte) (int, error) {
	if s.f == nil {
		if int64(s.mem.Len()+len(p)) <= s.at {
			return s.mem.Write(p)
		}
		f, err := os.CreateTemp(s.dir, "traveler-heavy-*")
		if err != nil {
			return 0, err
		}
		os.Remove(f.Name()) // unlinked while open: freed when closed, whatever ends the process
		s.f, s.w = f, bufio.NewWriterSize(f, 256<<10)
		if _, err := s.w.Write(s.mem.Bytes()); err != nil {
			return 0, err
		}
		s.n = int64(s.mem.Len())
		s.mem = bytes.Buffer{}
	}
	n, err := s.w.Write(p)
	s.n += int64(n)
	return n, err
}

// made returns the output written, with no holds yet.
func (s *spill) made() (*heavyMade, error) {
	if s.f == nil {
		return &heavyMade{size: int64(s.mem.Len()), mem: s.mem.Bytes()}, nil
	}
	if err := s.w.Flush(); err != nil {
		s.f.Close()
		return nil, err
	}
	return &heavyMade{size: s.n, file: s.f}, nil
}

// abandon frees what a making that failed wrote.
func (s *spill) abandon() {
	if s.f != nil {
		s.f.Close()
	}
}

// HeavyMade counts the heavy reads made (not served from memory) since the
// Service began: what tests and operators read to see that one making served
// many requests.
func (s *Service) HeavyMade() int64 {
	s.heavy.mu.Lock()
	defer s.heavy.mu.Unlock()
	return s.heavy.made
}

// audienceOf names whom a read is made for: every director sees the same,
// the public the same, a table token its own table's lines besides.
func audienceOf(a Actor) string {
	switch a.Role {
	case RoleDirector:
		return "director"
	case RoleTable:
		return "table:" + strconv.FormatInt(a.SectionID, 10) + ":" + strconv.Itoa(a.Table)
	}
	return "public"
}

// heavyVersion is a value that changes whenever what an event's reports
// are made from changes, by any process: the event's row (law code,
// scoring, publication: its updated_at), the director's changes to it
// (pairs, teams, sections: the change log), its sections (their rounds),
// each section's StandingsVersion (results, their scores, late plays,
// refused entries, board versions) and analyses (how many), and the changes
// heard of its sections and hand records (the cache's generations). It
// reads a few small rows per section in three queries (however many
// sections), never the results themselves.
func (s *Service) heavyVersion(ctx context.Context, a Actor, e Event) (string, error) {
	secs, err := s.reader(a).Sections(ctx, e.ID)
	if err != nil {
		return "", err
	}
	changes, err := s.store.Changes(ctx, e.ID)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(e.UpdatedAt.UTC().Format(time.RFC3339Nano))
	b.WriteString("|" + strconv.Itoa(len(changes)))
	if n := len(changes); n > 0 {
		b.WriteString("." + strconv.FormatInt(max(changes[0].ID, changes[n-1].ID), 10))
	}
	b.WriteString("|" + strconv.FormatUint(s.cache.stamp(genKey{"event", e.ID}).gen, 10))
	b.WriteString("|" + strconv.FormatUint(s.cache.epoch.Load(), 10))
	versions, err := s.reader(a).SectionVersions(ctx, e.ID)
	if err != nil {
		return "", err
	}
	for i := range secs {
		sec := &secs[i]
		b.WriteString("|" + strconv.FormatInt(sec.ID, 10) + "." + strconv.Itoa(sec.CurrentRound) + "." + versions[sec.ID])
		b.WriteString("." + strconv.FormatUint(s.cache.stamp(genKey{"section", sec.ID}).gen, 10))
		b.WriteString("." + strconv.FormatUint(s.cache.stamp(genKey{"boards", sec.ID}).gen, 10))
	}
	return b.String(), nil
}

// heavyVersionFor is how long the public's version of an event's reports
// is kept at most while no change notice is heard (keptHeavyVersion): what
// no notice announces — a section added with no result yet, a board's
// analysis stored — shows in the public's reports within it.
const heavyVersionFor = 5 * time.Second

// heldVersion is an event's heavy version as the public's read found it,
// with the stamp of what was heard of the event before it was read
// (heardOf), and when.
type heldVersion struct {
	version string
	heard   string
	at      time.Time
}

// keptHeavyVersion is heavyVersion, kept for the public while this
// process hears every change (Listening) and hears nothing of the event's
// content, for at most heavyVersionFor, as the standings memo keeps the
// public's standings (not with a replica, which a notice may run ahead of):
// the version reads a few rows of every section (about 160 ms of the
// database for a 355-section event), and a crowd asking for a kept report
// read it once each, at full priority, beside the tables' entries. A
// director or table reads it afresh, so that a change of theirs is in what
// they read next.
func (s *Service) keptHeavyVersion(ctx context.Context, a Actor, e Event) (string, error) {
	if a.Role != RolePublic || !s.memo.listening.Load() || s.replica != nil {
		return s.heavyVersion(ctx, a, e)
	}
	// What was heard before the version is read: a notice heard while it
	// is read leaves what is kept behind what is heard, read again next.
	heard, err := s.heardOf(ctx, a, e)
	if err != nil {
		return "", err
	}
	now := s.now()
	if v, ok := s.heavy.versions.Load(e.ID); ok {
		h := v.(heldVersion)
		if h.heard == heard && now.Sub(h.at) < heavyVersionFor {
			return h.version, nil
		}
	}
	version, err := s.heavyVersion(ctx, a, e)
	if err != nil {
		return "", err
	}
	s.heavy.versions.Store(e.ID, heldVersion{version: version, heard: heard, at: now})
	return version, nil
}

// heardOf stamps what this process has heard of an event's content: its
// row and the notices of the event, of each of its sections, their hand
// records and standings (the cache's generations), read from the cache and
// one short list of its sections.
func (s *Service) heardOf(ctx context.Context, a Actor, e Event) (string, error) {
	secs, err := s.reader(a).Sections(ctx, e.ID)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(e.UpdatedAt.UTC().Format(time.RFC3339Nano))
	b.WriteString("|" + strconv.FormatUint(s.cache.epoch.Load(), 10))
	b.WriteString("|" + strconv.FormatUint(s.cache.stamp(genKey{"event", e.ID}).gen, 10))
	for i := range secs {
		b.WriteString("|" + strconv.FormatInt(secs[i].ID, 10) + "." + strconv.Itoa(secs[i].CurrentRound))
		for _, kind := range []string{"section", "boards", "standings"} {
			b.WriteString("." + strconv.FormatUint(s.cache.stamp(genKey{kind, secs[i].ID}).gen, 10))
		}
	}
	return b.String(), nil
}

// heavyKey names one heavy read: what, of which event, for whom.
type heavyKey struct {
	event    int64
	audience string
	part     EventPart
	name     string
	with     int64 // HeavyJob.With
}

// EventPart is a part of an event: a section, the sections of a session, or
// (the zero EventPart) all of it, as EventData.Select narrows it.
type EventPart struct {
	SectionID int64 // 0: every section
	Session   int   // 0: every session
}

// has reports whether sec is in the part.
func (p EventPart) has(sec *Section) bool {
	return (p.SectionID == 0 || sec.ID == p.SectionID) && (p.Session == 0 || sec.Session == p.Session)
}

// heavyReads are the heavy reads kept and being made, and the workers that
// make them.
type heavyReads struct {
	o     HeavyOptions
	slots chan struct{} // one token per worker busy

	mu     sync.Mutex
	kept   map[heavyKey]*list.Element // → *heldHeavy, in lru
	lru    list.List                  // most recently read first
	inMem  int64                      // bytes kept in memory
	onDisk int64                      // bytes kept in temporary files
	in     map[heavyFlightKey]*heavyFlight
	made   int64

	versions sync.Map // int64 (event) → heldVersion: the public's (keptHeavyVersion)
}

// heldHeavy is a heavy read kept: its output (one hold on it), the version
// it was made at and when.
type heldHeavy struct {
	key     heavyKey
	version string
	out     *heavyMade
	err     error // a refusal (ErrInvalid) of what the version holds: the same for every request
	made    time.Time
}

// heavyFlightKey is one making: a read at a version.
type heavyFlightKey struct {
	heavyKey
	version string
}

// heavyFlight is one making in progress: done closes when out and err are
// set, and out then holds one hold for each request still waiting.
type heavyFlight struct {
	done     chan struct{}
	out      *heavyMade
	err      error
	waiting  int  // requests waiting for it (h.mu)
	finished bool // out and err are set, and the waiting's holds counted (h.mu)
}

// This is not the cache's flights (cache.go), though both are single
// flight: a making runs apart from its requests, on a worker slot and a
// thread of its own, its requests may leave before it ends, and each
// request still waiting at the end must be handed a hold on the output
// before the output can be dropped from what is kept — counted under h.mu
// with the LRU. The cache's reads run on the first request's goroutine,
// share a value nothing frees, and end within readWithin.

// newHeavyReads returns the heavy reads of options o, defaults filled in.
func newHeavyReads(o HeavyOptions) *heavyReads {
	if o.Workers <= 0 {
		o.Workers = DefaultHeavyWorkers
	}
	if o.Wait <= 0 {
		o.Wait = DefaultHeavyWait
	}
	if o.Within <= 0 {
		o.Within = DefaultHeavyWithin
	}
	if o.KeepFor <= 0 {
		o.KeepFor = DefaultHeavyKeepFor
	}
	if o.Keep <= 0 {
		o.Keep = DefaultHeavyKeep
	}
	if o.SpillAt <= 0 {
		o.SpillAt = DefaultHeavySpillAt
	}
	if o.KeepOnDisk <= 0 {
		o.KeepOnDisk = DefaultHeavyKeepOnDisk
	}
	if o.Dir == "" {
		o.Dir = os.TempDir()
	}
	if o.Nice == 0 {
		o.Nice = DefaultHeavyNice
	}
	return &heavyReads{o: o, slots: make(chan struct{}, o.Workers), kept: map[heavyKey]*list.Element{}, in: map[heavyFlightKey]*heavyFlight{}}
}

// get returns what is kept of k at version, or joins or starts its making,
// and waits for it as long as ctx lets it.
func (h *heavyReads) get(ctx context.Context, k heavyKey, version string, write func(context.Context, io.Writer) error) (*HeavyOutput, error) {
	h.mu.Lock()
	if el, ok := h.kept[k]; ok {
		held := el.Value.(*heldHeavy)
		if held.version == version && time.Since(held.made) < h.o.KeepFor {
			h.lru.MoveToFront(el)
			defer h.mu.Unlock()
			if held.err != nil {
				return nil, held.err
			}
			return held.out.hold(), nil
		}
		h.drop(el)
	}
	fk := heavyFlightKey{k, version}
	fl, ok := h.in[fk]
	if !ok {
		fl = &heavyFlight{done: make(chan struct{})}
		h.in[fk] = fl
		go h.run(context.WithoutCancel(ctx), fk, fl, write)
	}
	fl.waiting++
	h.mu.Unlock()
	select {
	case <-fl.done:
		if fl.err != nil {
			return nil, fl.err
		}
		return &HeavyOutput{m: fl.out}, nil // the hold counted for this request
	case <-ctx.Done():
		h.mu.Lock()
		finished := fl.finished
		if !finished {
			fl.waiting--
		}
		h.mu.Unlock()
		if finished && fl.out != nil {
			fl.out.release() // the hold counted for this request, which leaves
		}
		return nil, ctx.Err()
	}
}

// run makes one heavy read on a worker, within Within, and keeps it.
func (h *heavyReads) run(ctx context.Context, fk heavyFlightKey, fl *heavyFlight, write func(context.Context, io.Writer) error) {
	defer func() {
		h.mu.Lock()
		delete(h.in, fk)
		if fl.out != nil {
			fl.out.refs.Add(int64(fl.waiting))
			h.keep(fk, fl.out, nil)
			if fl.out.refs.Load() == 0 { // neither waited for nor kept
				fl.out.refs.Add(1)
				fl.out.release()
			}
		} else if errors.Is(fl.err, ErrInvalid) {
			h.keep(fk, nil, fl.err)
		}
		fl.finished = true
		h.mu.Unlock()
		close(fl.done)
	}()
	wait := time.NewTimer(h.o.Wait)
	defer wait.Stop()
	select {
	case h.slots <- struct{}{}:
	case <-wait.C:
		fl.err = &Error{Kind: ErrBusy, Message: "the server is making other reports; try again shortly"}
		return
	}
	defer func() { <-h.slots }()
	// The making's thread runs at the lowest priority, and is never
	// unlocked: it ends with this goroutine, so that no other goroutine
	// runs on it, and the threads the runtime starts meanwhile are started
	// by its template thread, not cloned from this one (runtime.newm).
	// Should it be the main thread, which cannot end, the runtime parks it
	// for good instead (runtime.mexit): it never runs Go code again.
	runtime.LockOSThread()
	lowerThreadPriority(h.o.Nice)
	PinToLastCPUs(h.o.Cores)
	ctx, cancel := context.WithTimeout(ctx, h.o.Within)
	defer cancel()
	h.mu.Lock()
	h.made++
	h.mu.Unlock()
	sp := &spill{dir: h.o.Dir, at: h.o.SpillAt}
	if fl.err = write(ctx, sp); fl.err == nil {
		if fl.out, fl.err = sp.made(); fl.out != nil {
			fl.out.nice, fl.out.cores, fl.out.giveWay = h.o.Nice, h.o.Cores, h.o.GiveWay
		}
	} else {
		sp.abandon()
	}
}

// keep holds out (or a refusal, err) as fk's, taking one hold on out and
// dropping the least recently read until all kept fit Keep (in memory) and
// KeepOnDisk (in files). One larger than its budget is not kept. h.mu is
// held.
func (h *heavyReads) keep(fk heavyFlightKey, out *heavyMade, err error) {
	var size int64
	budget, used := h.o.Keep, &h.inMem
	if out != nil {
		size = out.size
		if out.file != nil {
			budget, used = h.o.KeepOnDisk, &h.onDisk
		}
	}
	if size > budget {
		return
	}
	if el, ok := h.kept[fk.heavyKey]; ok {
		h.drop(el)
	}
	for *used+size > budget {
		el := h.lru.Back()
		for el != nil && !h.sameBudget(el.Value.(*heldHeavy), out) {
			el = el.Prev()
		}
		if el == nil {
			break
		}
		h.drop(el)
	}
	if out != nil {
		out.refs.Add(1)
	}
	h.kept[fk.heavyKey] = h.lru.PushFront(&heldHeavy{key: fk.heavyKey, version: fk.version, out: out, err: err, made: time.Now()})
	*used += size
}

// sameBudget reports whether held counts against the budget out would.
func (h *heavyReads) sameBudget(held *heldHeavy, out *heavyMade) bool {
	inFile := func(m *heavyMade) bool { return m != nil && m.file != nil }
	return inFile(held.out) == inFile(out)
}

// drop forgets a kept read, letting its hold go. h.mu is held.
func (h *heavyReads) drop(el *list.Element) {
	held := h.lru.Remove(el).(*heldHeavy)
	delete(h.kept, held.key)
	if held.out == nil {
		return
	}
	if held.out.file != nil {
		h.onDisk -= held.out.size
	} else {
		h.inMem -= held.out.size
	}
	held.out.release()
}
