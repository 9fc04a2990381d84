//go:build !nodds

package dds

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/ebitengine/purego"
)

// load opens the library with purego (dlopen, no cgo) and sets DDS's
// threads and memory.
func load(cfg Config) (*Solver, error) {
	if raceDetector {
		return nil, fmt.Errorf("%w: not in a binary built with the race detector (-race), whose exit DDS's threads crash; build without -race", ErrNoLibrary)
	}
	names := libraryNames
	if cfg.Path != "" {
		names = []string{cfg.Path}
	}
	var lib uintptr
	var tried []string
	for _, name := range names {
		h, err := purego.Dlopen(name, purego.RTLD_NOW|purego.RTLD_LOCAL)
		if err == nil {
			lib = h
			break
		}
		tried = append(tried, err.Error())
	}
	if lib == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoLibrary, strings.Join(tried, "; "))
	}
	s := &Solver{}
	for _, f := range []struct {
		fn   any
		name string
	}{{&s.calcAll, "CalcAllTablesPBN"}, {&s.dealerPar, "DealerPar"}, {&s.errorString, "ErrorMessage"}} {
		sym, err := purego.Dlsym(lib, f.name)
		if err != nil {
			return nil, fmt.Errorf("%w: the library has no %s (DDS 2.9 or later is needed): %v", ErrNoLibrary, f.name, err)
		}
		purego.RegisterFunc(f.fn, sym)
	}
	var setResources func(int32, int32)
	sym, err := purego.Dlsym(lib, "SetResources")
	if err != nil {
		return nil, fmt.Errorf("%w: the library has no SetResources: %v", ErrNoLibrary, err)
	}
	purego.RegisterFunc(&setResources, sym)
	s.threads = cfg.Threads
	if s.threads <= 0 {
		s.threads = runtime.NumCPU()
	}
	setResources(int32(max(cfg.MemoryMB, 0)), int32(s.threads))
	return s, nil
}
