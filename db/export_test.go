package db

import "context"

// CheckConstraints names the CHECK constraints the store explains to a user,
// for the test that each is in the schema and each of the schema's is here.
func CheckConstraints() []string {
	names := make([]string, 0, len(checks))
	for n := range checks {
		names = append(names, n)
	}
	return names
}

// MaxConns returns the size of s's pool.
func MaxConns(s *Store) int32 { return s.pool.Config().MaxConns }

// HoldLanes makes every lane of s's result gathering busy, so that the
// CreateResults calls made meanwhile wait to be gathered; the function it
// returns frees the lanes but one, and hands that one to the waiting calls:
// one statement stores them all (but a second call with a key one of them
// has, which the next statement stores).
func HoldLanes(s *Store) (release func()) {
	b := s.batches
	b.mu.Lock()
	held := b.lanes - b.running
	b.running = b.lanes
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		b.running -= held - 1
		b.mu.Unlock()
		b.release()
	}
}

// Waiting returns how many CreateResults calls of s wait to be gathered.
func Waiting(s *Store) int {
	s.batches.mu.Lock()
	defer s.batches.mu.Unlock()
	return len(s.batches.waiting)
}

// Unavailable is unavailable, for the test of which database errors are
// answered "try again in a moment".
func Unavailable(err error) error { return unavailable(err) }

// Setting reads a server setting as s's connections see it (SHOW name).
func Setting(s *Store, name string) (string, error) {
	var v string
	err := s.pool.QueryRow(context.Background(), "SHOW "+name).Scan(&v)
	return v, err
}
