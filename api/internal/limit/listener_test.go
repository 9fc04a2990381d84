package limit_test

import (
	"errors"
	"net"
	"net/netip"
	"syscall"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api/internal/limit"
)

// served accepts ln's connections into a channel, holding them open.
func served(t *testing.T, ln net.Listener) <-chan net.Conn {
	out := make(chan net.Conn, 64)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { c.Close() })
			out <- c
		}
	}()
	return out
}

// dial connects to ln from the loopback address ip (Linux routes all of
// 127.0.0.0/8 to lo).
func dial(t *testing.T, ln net.Listener, ip string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// accepted waits (at most 10 s, so that a failure fails) for the server to
// hand over the next connection, and checks it is from ip.
func accepted(t *testing.T, conns <-chan net.Conn, ip string) net.Conn {
	t.Helper()
	select {
	case c := <-conns:
		if got := c.RemoteAddr().(*net.TCPAddr).IP.String(); got != ip {
			t.Fatalf("accepted a connection from %s, want %s", got, ip)
		}
		return c
	case <-time.After(10 * time.Second):
		t.Fatalf("no connection from %s accepted", ip)
		return nil
	}
}

// refused connects to ln from ip and checks the server closed the
// connection without a byte: reset before the handshake was done (the
// dial fails) or after (a read ends) rather than held (at most 10 s).
func refused(t *testing.T, ln net.Listener, ip string) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", ln.Addr().String())
	if errors.Is(err, syscall.ECONNRESET) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	n, err := c.Read(make([]byte, 1))
	var ne net.Error
	if n > 0 || err == nil || (errors.As(err, &ne) && ne.Timeout()) {
		t.Fatalf("a connection over the bound was not refused: read %d, %v", n, err)
	}
}

// TestListenerBoundsConnectionsPerAddress: with a bound of 3, the fourth
// connection from one address is closed at once and never reaches the
// server, while another address is accepted; a connection closed makes
// room for the next; a trusted proxy's connections are not counted.
func TestListenerBoundsConnectionsPerAddress(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := limit.Listener(inner, 3, []netip.Prefix{netip.MustParsePrefix("127.0.0.9/32")}, nil)
	t.Cleanup(func() { ln.Close() })
	conns := served(t, ln)

	var held []net.Conn
	for range 3 {
		dial(t, ln, "127.0.0.2")
		held = append(held, accepted(t, conns, "127.0.0.2"))
	}
	refused(t, ln, "127.0.0.2")
	dial(t, ln, "127.0.0.3")
	accepted(t, conns, "127.0.0.3") // the refused one never came through

	held[0].Close()
	dial(t, ln, "127.0.0.2")
	accepted(t, conns, "127.0.0.2")
	refused(t, ln, "127.0.0.2")

	for range 5 {
		dial(t, ln, "127.0.0.9")
		accepted(t, conns, "127.0.0.9")
	}
}

// TestCountsBound: Take counts up to the bound per key, Give makes room,
// and a key holding nothing is forgotten.
func TestCountsBound(t *testing.T) {
	var c limit.Counts
	for i := range 3 {
		if !c.Take("a", 2) && i < 2 {
			t.Fatalf("take %d of 2 refused", i+1)
		} else if i == 2 && c.Held("a") != 2 {
			t.Fatalf("held %d after a third take, want 2", c.Held("a"))
		}
	}
	if !c.Take("b", 2) {
		t.Fatal("another key refused")
	}
	c.Give("a")
	if !c.Take("a", 2) {
		t.Fatal("a take after a give refused")
	}
	c.Give("b")
	if c.Held("b") != 0 {
		t.Fatalf("b holds %d after giving back its one", c.Held("b"))
	}
}
