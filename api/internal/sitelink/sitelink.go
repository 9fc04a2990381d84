// Package sitelink writes the address table links and their QR codes are
// written with, and says when a phone at a table cannot open it: the one
// rule the API's token answers and the table links page share.
package sitelink

import (
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// Base is where players reach the server: configured (the server's
// --base-url, or its --lan address) when set, else the scheme and host the
// request itself used — the address the director's browser reached it at.
func Base(configured string, c echo.Context) string {
	if configured != "" {
		return strings.TrimRight(configured, "/")
	}
	return c.Scheme() + "://" + c.Request().Host
}

// Problem says why a phone cannot open links written with base and what
// the director can do; "" when a phone on the club's network can. A
// loopback host (127.x, localhost, ::1) names the phone itself once the
// phone opens it; an unspecified one (0.0.0.0, [::]) names no machine.
func Problem(base string) string {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return "the links are written with " + strconv.Quote(base) + ", which names no server. " + remedy
	}
	host := u.Hostname()
	if isLoopback(host) {
		return "the links name " + base + ", and " + host + " is, on a phone, the phone itself, not this server. " + remedy
	}
	if ip, err := netip.ParseAddr(host); err == nil && ip.IsUnspecified() {
		return "the links name " + base + ", and " + host + " means every address of this machine to a server but no machine to a phone. " + remedy
	}
	return ""
}

// remedy is what to do about links a phone cannot open.
const remedy = "Start the server with \"traveler serve --lan\" (it listens on the club's network and writes links with this machine's network address), " +
	"or with \"--base-url http://<this machine's network address>:PORT\", or open this page at the address the phones use; then make the links again."

// isLoopback reports whether host names the machine it is opened on.
func isLoopback(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
