package tournament

import "time"

// SetClock makes s read the time from now: the tests of package
// tournament_test let a token's time pass with it.
func SetClock(s *Service, now func() time.Time) { s.now = now }

// SetWatchEvery makes s look at watched sections without a notice every d
// (WatchEvery otherwise): a test sets an hour to see notices alone wake
// the live standings.
func SetWatchEvery(s *Service, d time.Duration) { s.watch.every = d }
