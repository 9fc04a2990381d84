// Package limit holds the API's bounds on what one client may hold at once:
// open things counted per key (Counts: live streams per address and per
// token), connections per client address (Listener), and the time a
// request body may take to arrive (Body). It answers no request itself: a
// client past a bound gets an *Exceeded, a body cut by its deadline
// ErrBodyTimeout, and package problem maps both to their statuses (429,
// 408). Request rates are not here (api's limiters), nor the server-wide cap
// on live standings (tournament.MaxWatchers).
package limit

import (
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"time"
)

// Exceeded is a client past one of its bounds: it may hold at most Bound
// of What at once.
type Exceeded struct {
	What       string        // what is bounded and whose, e.g. "open live standings streams from one address"
	Bound      int           // how many
	RetryAfter time.Duration // when to try again
}

// Error names the bound: "too many open live standings streams from one
// address: at most 8 at once".
func (e *Exceeded) Error() string {
	return fmt.Sprintf("too many %s: at most %d at once", e.What, e.Bound)
}

// Counts counts what each key holds open, each key at most its bound.
// Memory is one entry per key holding anything: a key is forgotten when
// it holds nothing.
type Counts struct {
	mu    sync.Mutex
	byKey map[string]int
}

// Take counts one more for key if it holds fewer than bound, and reports
// whether it did.
func (c *Counts) Take(key string, bound int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byKey == nil {
		c.byKey = map[string]int{}
	}
	if c.byKey[key] >= bound {
		return false
	}
	c.byKey[key]++
	return true
}

// Give counts one less for key (one Take's).
func (c *Counts) Give(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n := c.byKey[key]; n > 1 {
		c.byKey[key] = n - 1
	} else {
		delete(c.byKey, key)
	}
}

// Held is how many key holds now.
func (c *Counts) Held(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byKey[key]
}

// AddressKey is the key of a client address for every per-address bound:
// the IPv4 address, or the /64 of an IPv6 one (one subscriber's network
// hands out a whole /64, so counting addresses in it would count nothing).
func AddressKey(a netip.Addr) string {
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return "addr " + p.String()
	}
	return "addr " + a.String()
}

// ErrBodyTimeout is a request body that did not arrive within its deadline
// (Body).
var ErrBodyTimeout = errors.New("the request body did not arrive in time")

// IsTimeout reports whether err is a network timeout (a read deadline
// passed).
func isTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}
