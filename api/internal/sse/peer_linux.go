package sse

import (
	"net"
	"syscall"
)

// peerGone reports whether c's client has closed or reset its end, looking
// at the socket without waiting (a peek that takes nothing): a stream
// whose client left is ended within sweepEvery, without a goroutine
// reading each connection.
func peerGone(c net.Conn) bool {
	for {
		u, ok := c.(interface{ NetConn() net.Conn })
		if !ok {
			break
		}
		c = u.NetConn()
	}
	sc, ok := c.(syscall.Conn)
	if !ok {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return true
	}
	gone := false
	var b [1]byte
	err = raw.Read(func(fd uintptr) bool {
		n, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		switch {
		case err == syscall.EAGAIN || err == syscall.EINTR:
		case err != nil:
			gone = true // reset
		case n == 0:
			gone = true // closed: the end of its stream
		}
		return true // never wait
	})
	return gone || err != nil
}
