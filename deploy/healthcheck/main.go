// Command healthcheck is the container image's HEALTHCHECK: it asks the
// traveler server in the same container whether it is up, and exits 0 when
// it answers 200, 1 otherwise. The image has no shell, curl or wget to do it.
// It speaks just enough HTTP/1.0 for that, so it adds little to the image.
//
// Usage:
//
//	healthcheck [http://HOST:PORT/PATH]
//
// The default is http://127.0.0.1:8080/healthz.
package main

import (
	"bufio"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"
)

// defaultURL is the image's traveler listening on --addr 0.0.0.0:8080.
const defaultURL = "http://127.0.0.1:8080/healthz"

func main() {
	target := defaultURL
	if len(os.Args) > 1 {
		target = os.Args[1]
	}
	if err := check(target, 3*time.Second); err != nil {
		fmt.Fprintln(os.Stderr, "healthcheck:", err)
		os.Exit(1)
	}
}

// check GETs target (plain http) and returns an error unless the status is
// 200.
func check(target string, timeout time.Duration) error {
	u, err := url.Parse(target)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("%q: want http://HOST:PORT/PATH", target)
	}
	conn, err := net.DialTimeout("tcp", u.Host, timeout)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(conn, "GET %s HTTP/1.0\r\nHost: %s\r\nUser-Agent: traveler-healthcheck\r\n\r\n", u.RequestURI(), u.Host); err != nil {
		return err
	}
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return fmt.Errorf("%s: reading the answer: %w", target, err)
	}
	status = strings.TrimSpace(status)
	// "HTTP/1.1 200 OK"
	if f := strings.Fields(status); len(f) < 2 || f[1] != "200" {
		return fmt.Errorf("%s: %s", target, status)
	}
	return nil
}
