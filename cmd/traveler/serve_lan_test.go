package main

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// serveInProcess runs `traveler serve args…` in this process on the test's
// own database until the test ends, and returns its stdout once it
// answers /readyz at readyURL.
func serveInProcess(t *testing.T, readyURL string, args ...string) *syncBuffer {
	t.Helper()
	t.Setenv("DATABASE_URL", dbtest.URL(t))
	t.Setenv("TRAVELER_DIRECTOR_TOKEN", apitest.DirectorToken)
	t.Setenv("TRAVELER_BASE_URL", "")
	t.Setenv("TRAVELER_DD_THREADS", "0")
	t.Setenv("TRAVELER_DATA_DIR", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- run(ctx, append([]string{"serve"}, args...), strings.NewReader(""), stdout, stderr) }()
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("traveler serve %s exited %d:\n%s", strings.Join(args, " "), code, stderr)
		}
	})
	for deadline := time.Now().Add(time.Minute); ; {
		select {
		case code := <-done:
			done <- code
			t.Fatalf("traveler serve %s exited %d before it was ready:\n%s%s", strings.Join(args, " "), code, stdout, stderr)
		default:
		}
		if resp, err := http.Get(readyURL + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return stdout
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("traveler serve %s not ready at %s:\n%s", strings.Join(args, " "), readyURL, stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// tableLinks makes a section and asks the API for its table links, as a
// client reaching the server at reach.
func tableLinks(t *testing.T, reach string) []api.TokenResponse {
	t.Helper()
	c := apitest.Client{T: t, URL: reach}
	f := apitest.NewMitchell(c, "Club night", false)
	var toks []api.TokenResponse
	c.Want(201, &toks, "POST", "/v1/sections/"+apitest.ID(f.Section.ID)+"/tokens", apitest.DirectorToken, map[string]any{})
	if len(toks) != 3 {
		t.Fatalf("%d table links for a 3-table Mitchell, want 3", len(toks))
	}
	return toks
}

// linkHost is the host a table link names, without its port.
func linkHost(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("table link %q: %v", link, err)
	}
	return u.Hostname()
}

// TestServeLAN is issue 22 §1: `traveler serve --lan` listens on every
// interface and writes table links with this machine's LAN address — the
// first IPv4 address of the first interface up that is not loopback, found
// here by the test itself — naming it on stdout; no link names a loopback
// or unspecified host.
func TestServeLAN(t *testing.T) {
	port := portOf(t, freeAddr(t))
	want := firstLANIPv4(t)
	out := serveInProcess(t, "http://127.0.0.1:"+port, "--lan", "--addr", "127.0.0.1:"+port)
	if !want.IsValid() {
		if !strings.Contains(out.String(), "--base-url") {
			t.Errorf("no LAN address on this machine, and stdout does not say to give --base-url:\n%s", out)
		}
		t.Skip("this machine has no IPv4 address but loopback: nothing a LAN link could name")
	}
	// Listening on 0.0.0.0: the LAN address itself answers.
	lanURL := "http://" + net.JoinHostPort(want.String(), port)
	resp, err := http.Get(lanURL + "/readyz")
	if err != nil {
		t.Fatalf("--lan: the LAN address %s does not answer: %v", lanURL, err)
	}
	resp.Body.Close()
	if !strings.Contains(out.String(), lanURL) {
		t.Errorf("stdout does not name the LAN address %s:\n%s", lanURL, out)
	}
	// Asked through 127.0.0.1, the links still name the LAN address.
	for _, tk := range tableLinks(t, "http://127.0.0.1:"+port) {
		if !strings.HasPrefix(tk.URL, lanURL+"/t/") {
			t.Errorf("table %d's link %q, want it at %s/t/…", tk.Table, tk.URL, lanURL)
		}
		if tk.LinkWarning != "" {
			t.Errorf("table %d's link %s comes with a warning %q", tk.Table, tk.URL, tk.LinkWarning)
		}
	}
}

// TestServeAllInterfacesLinks is issue 22 §1's defect: `serve --addr
// 0.0.0.0:PORT` wrote table links as http://[::]:PORT/t/… without a word.
// Now a link names the host the client reached the server at and, when
// that is loopback, says why a phone cannot open it.
func TestServeAllInterfacesLinks(t *testing.T) {
	port := portOf(t, freeAddr(t))
	serveInProcess(t, "http://127.0.0.1:"+port, "--addr", "0.0.0.0:"+port)
	for _, tk := range tableLinks(t, "http://127.0.0.1:"+port) {
		host := linkHost(t, tk.URL)
		if ip, err := netip.ParseAddr(host); err == nil && ip.IsUnspecified() {
			t.Errorf("table %d's link %s names the unspecified address", tk.Table, tk.URL)
		}
		if host != "127.0.0.1" {
			t.Errorf("table %d's link %s, want the host the request used, 127.0.0.1", tk.Table, tk.URL)
		}
		if !strings.Contains(tk.LinkWarning, "--lan") || !strings.Contains(tk.LinkWarning, "phone") {
			t.Errorf("table %d's loopback link %s: link_warning %q, want why a phone cannot open it and --lan", tk.Table, tk.URL, tk.LinkWarning)
		}
	}
	if want := firstLANIPv4(t); want.IsValid() {
		reach := "http://" + net.JoinHostPort(want.String(), port)
		for _, tk := range tableLinks(t, reach) {
			if !strings.HasPrefix(tk.URL, reach+"/t/") || tk.LinkWarning != "" {
				t.Errorf("reached at %s: table %d's link %s (warning %q), want it at %s without a warning", reach, tk.Table, tk.URL, tk.LinkWarning, reach)
			}
		}
	}
}

// portOf is the port of a host:port.
func portOf(t *testing.T, addr string) string {
	t.Helper()
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	return port
}

// firstLANIPv4 finds, by itself, what --lan should name: the first IPv4
// address, not loopback nor link-local, of the first interface up; the
// zero Addr when there is none.
func firstLANIPv4(t *testing.T) netip.Addr {
	t.Helper()
	ifaces, err := net.Interfaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagRunning == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
				ip, _ := netip.AddrFromSlice(n.IP.To4())
				return ip
			}
		}
	}
	return netip.Addr{}
}
