package heavyproc

import (
	"fmt"
	"os"
	"sync/atomic"
	"syscall"
	"unsafe"
)

// NewGate makes the Gate of a serving process: its count in a page of
// memory mapped from an unlinked file in dir ("": os.TempDir()), which
// Command hands to each making.
func NewGate(dir string) (*Gate, error) {
	f, err := os.CreateTemp(dir, "traveler-gate-*")
	if err != nil {
		return nil, fmt.Errorf("heavyproc: the gate: %w", err)
	}
	os.Remove(f.Name())
	g, err := mapGate(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	return g, nil
}

// OpenGate returns the Gate a making's process was handed (its fourth
// file), or nil when it was handed none.
func OpenGate() *Gate {
	// Looked at before it is wrapped: an *os.File closes its descriptor
	// when collected, and fd 4 of a making handed no gate may be the
	// runtime's own (its poller's).
	var st syscall.Stat_t
	if err := syscall.Fstat(gateFD, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil
	}
	g, err := mapGate(os.NewFile(gateFD, "gate"))
	if err != nil {
		return nil
	}
	return g
}

// mapGate maps the first page of f, shared, as a Gate's count.
func mapGate(f *os.File) (*Gate, error) {
	const page = 4096
	if err := f.Truncate(page); err != nil {
		return nil, fmt.Errorf("heavyproc: the gate: %w", err)
	}
	mem, err := syscall.Mmap(int(f.Fd()), 0, page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("heavyproc: the gate: %w", err)
	}
	return &Gate{f: f, n: (*atomic.Int64)(unsafe.Pointer(&mem[0]))}, nil // a page is aligned
}
