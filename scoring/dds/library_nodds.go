//go:build nodds

package dds

import "fmt"

// load, in a build with the nodds tag (deploy/Dockerfile's static image,
// FROM scratch: dlopen needs the C library's loader), never loads DDS.
func load(Config) (*Solver, error) {
	return nil, fmt.Errorf("%w: this traveler was built without it (-tags nodds, a static binary); run one built without the tag, on a machine with libdds0", ErrNoLibrary)
}
