package tournament

import (
	"context"
	"errors"
)

// reader is the store a's reads go to. The public — who never writes —
// reads from the replica when there is one (the public pages, standings,
// travelers, results and exports); anyone with a token or a sign-in writes
// and reads the primary, so whoever just wrote reads their own write.
// Caches (sections, events, boards, tokens) are always filled from the
// primary.
func (s *Service) reader(a Actor) Store {
	if s.replica != nil && a.Role == RolePublic {
		return s.replica
	}
	return s.store
}

// replicaReads reads from a read-only standby and, while the standby cannot
// be reached, from the primary: a standby down slows the public's pages,
// never stops them. Anything else goes to the primary it embeds.
type replicaReads struct {
	Store   // the primary
	standby Store
}

// fromStandby runs read on the standby, and on the primary when the standby
// is unavailable.
func fromStandby[T any](r *replicaReads, read func(Store) (T, error)) (T, error) {
	v, err := read(r.standby)
	if errors.Is(err, ErrUnavailable) {
		return read(r.Store)
	}
	return v, err
}

// Events reads the standby.
func (r *replicaReads) Events(ctx context.Context) ([]Event, error) {
	return fromStandby(r, func(s Store) ([]Event, error) { return s.Events(ctx) })
}

// Sections reads the standby.
func (r *replicaReads) Sections(ctx context.Context, eventID int64) ([]Section, error) {
	return fromStandby(r, func(s Store) ([]Section, error) { return s.Sections(ctx, eventID) })
}

// Pairs reads the standby.
func (r *replicaReads) Pairs(ctx context.Context, sectionID int64) ([]Pair, error) {
	return fromStandby(r, func(s Store) ([]Pair, error) { return s.Pairs(ctx, sectionID) })
}

// Teams reads the standby.
func (r *replicaReads) Teams(ctx context.Context, sectionID int64) ([]Roster, error) {
	return fromStandby(r, func(s Store) ([]Roster, error) { return s.Teams(ctx, sectionID) })
}

// Results reads the standby.
func (r *replicaReads) Results(ctx context.Context, f ResultFilter) ([]Result, error) {
	return fromStandby(r, func(s Store) ([]Result, error) { return s.Results(ctx, f) })
}

// Result reads the standby.
func (r *replicaReads) Result(ctx context.Context, id int64) (Result, error) {
	return fromStandby(r, func(s Store) (Result, error) { return s.Result(ctx, id) })
}

// SectionVersions reads the standby.
func (r *replicaReads) SectionVersions(ctx context.Context, eventID int64) (map[int64]string, error) {
	return fromStandby(r, func(s Store) (map[int64]string, error) { return s.SectionVersions(ctx, eventID) })
}

// StandingsVersion reads the standby.
func (r *replicaReads) StandingsVersion(ctx context.Context, sectionID int64) (string, error) {
	return fromStandby(r, func(s Store) (string, error) { return s.StandingsVersion(ctx, sectionID) })
}
