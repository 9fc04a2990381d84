package tournament

import "time"

// SetClock makes s read the time from now: the tests of package
// tournament_test let a token's time pass with it.
func SetClock(s *Service, now func() time.Time) { s.now = now }
