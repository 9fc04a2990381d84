package limit

import (
	"context"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"time"
)

// Listener returns ln accepting at most perAddress open connections from
// one client address (AddressKey): a connection past that is closed as
// soon as it is accepted (reset, so that it leaves nothing behind), never
// handed to the server. Connections from trusted (the proxies in front)
// are not counted: many clients share them, and the proxy bounds each
// client's connections itself. Refusals are logged at INFO, at most one
// line each refuseLogEvery with how many there were since the last.
func Listener(ln net.Listener, perAddress int, trusted []netip.Prefix, log *slog.Logger) net.Listener {
	return &listener{Listener: ln, perAddress: perAddress, trusted: trusted, log: log}
}

// refuseLogEvery is how often refused connections are logged at most.
const refuseLogEvery = 10 * time.Second

// listener is Listener's net.Listener.
type listener struct {
	net.Listener
	perAddress int
	trusted    []netip.Prefix
	log        *slog.Logger
	open       Counts

	mu       sync.Mutex
	refused  int       // since the last log line
	loggedAt time.Time // of the last log line
}

// Accept returns the next connection its address may open, closing those
// it may not.
func (l *listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key, counted := l.key(c)
		if !counted {
			return c, nil
		}
		if l.open.Take(key, l.perAddress) {
			return &conn{Conn: c, release: func() { l.open.Give(key) }}, nil
		}
		if tc, ok := c.(*net.TCPConn); ok {
			_ = tc.SetLinger(0) // a reset: no TIME_WAIT kept for a refused client
		}
		_ = c.Close()
		l.noteRefused(key)
	}
}

// key is the counting key of c's client address; a connection from a
// trusted proxy or without an IP address (a unix socket) is not counted.
func (l *listener) key(c net.Conn) (string, bool) {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return "", false
	}
	a := ap.Addr().Unmap()
	for _, p := range l.trusted {
		if p.Contains(a) {
			return "", false
		}
	}
	return AddressKey(a), true
}

// noteRefused logs refused connections, at most once each refuseLogEvery.
func (l *listener) noteRefused(key string) {
	l.mu.Lock()
	l.refused++
	now := time.Now()
	if l.log == nil || now.Sub(l.loggedAt) < refuseLogEvery {
		l.mu.Unlock()
		return
	}
	n := l.refused
	l.refused, l.loggedAt = 0, now
	l.mu.Unlock()
	l.log.LogAttrs(context.Background(), slog.LevelInfo, "connections refused: too many open from one address",
		slog.Int("refused", n), slog.String("last", key), slog.Int("at_most", l.perAddress))
}

// conn is an accepted connection that gives its count back when closed.
type conn struct {
	net.Conn
	once    sync.Once
	release func()
}

// NetConn is the connection it wraps (as tls.Conn's NetConn): a stream
// looks at its socket through it.
func (c *conn) NetConn() net.Conn { return c.Conn }

// Close closes the connection and, the first time, gives back its count.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
