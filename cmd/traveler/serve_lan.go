package main

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
)

// envLAN is --lan's environment fallback ("1", "true").
const envLAN = "TRAVELER_LAN"

// lanAddress is an address of this machine that phones on the club's
// network can reach, and the interface that has it.
type lanAddress struct {
	iface string
	ip    netip.Addr
}

// findLANAddress returns the first IPv4 address, not loopback nor
// link-local, of the first interface that is up and running (a cable or a
// radio link: a bridge without any, such as an idle docker0, is skipped),
// in the system's order of interfaces.
func findLANAddress() (lanAddress, error) {
	ifaces, err := net.Interfaces()
	if err != nil {
		return lanAddress{}, err
	}
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagRunning == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			ip, ok := netip.AddrFromSlice(n.IP)
			if !ok {
				continue
			}
			ip = ip.Unmap()
			if ip.Is4() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() && !ip.IsUnspecified() {
				return lanAddress{iface: ifc.Name, ip: ip}, nil
			}
		}
	}
	return lanAddress{}, errors.New("no network interface that is up has an IPv4 address other than 127.0.0.1")
}

// lanListenAddr is where --lan listens: every interface (0.0.0.0) at
// addr's port.
func lanListenAddr(addr string) (string, error) {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--addr %s: %w", addr, err)
	}
	return net.JoinHostPort("0.0.0.0", port), nil
}

// linkBase decides the address table links and QR codes are written with,
// for a server listening at listening: the configured base URL; else, with
// --lan, this machine's LAN address at the port listened on; else none
// (""), so that the pages and the API write the host the director's
// browser used. It says in a sentence for the director what it chose and
// why, to print at start.
func linkBase(cfg serveConfig, listening net.Addr) (base, note string) {
	port := "8080"
	var host netip.Addr
	if ap, err := netip.ParseAddrPort(listening.String()); err == nil {
		port, host = strconv.Itoa(int(ap.Port())), ap.Addr().Unmap()
	}
	switch {
	case cfg.baseURL != "":
		return cfg.baseURL, "table links and QR codes are written with " + cfg.baseURL + " (--base-url)"
	case cfg.lan:
		lan, err := findLANAddress()
		if err != nil {
			return "", "--lan: " + err.Error() + ": table links are written with the address the director's browser used; " +
				"give the address phones reach this machine at with --base-url http://<address>:" + port
		}
		base = "http://" + net.JoinHostPort(lan.ip.String(), port)
		return base, "on the club's network at " + base + " (interface " + lan.iface + ", its first IPv4 address): " +
			"table links and QR codes are written with it; phones on the same network open them"
	case host.IsLoopback():
		return "", "listening on " + listening.String() + ", this machine only: phones cannot reach it; " +
			"start with --lan to serve the club's network"
	default:
		return "", "table links are written with the address the director's browser used: open the director's pages " +
			"at this machine's network address (not 127.0.0.1) so that phones can open them, or start with --lan"
	}
}
