package e2e

import (
	"bufio"
	"html"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/api/apitest"
	"github.com/traveler-bridge/traveler/api/web"
	"github.com/traveler-bridge/traveler/tournament"
)

// signInCookie signs in to the director's pages with the director token
// and returns the sign-in cookie's value.
func signInCookie(t *testing.T, base string) string {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := c.PostForm(base+"/director/login", url.Values{"token": {directorToken}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, ck := range res.Cookies() {
		if ck.Name == web.CookieName && ck.Value != "" {
			return ck.Value
		}
	}
	t.Fatalf("signing in: %s, no %s cookie", res.Status, web.CookieName)
	return ""
}

// trickleForm posts a multipart form to a page as a signed-in director's
// browser would: its form token and fields first, then a file part of
// which a byte comes every 100 ms; it returns the answer, read within 10 s.
func trickleForm(t *testing.T, base, path, cookie string, fields map[string]string, file string) (int, string) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", strings.TrimPrefix(base, "http://"), 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	const boundary = "slowformboundary"
	var body strings.Builder
	part := func(name, filename string) {
		body.WriteString("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\"")
		if filename != "" {
			body.WriteString("; filename=\"" + filename + "\"\r\nContent-Type: text/plain")
		}
		body.WriteString("\r\n\r\n")
	}
	part("csrf", "")
	body.WriteString(web.FormToken(cookie) + "\r\n")
	for k, v := range fields {
		part(k, "")
		body.WriteString(v + "\r\n")
	}
	part(file, file+".txt")
	head := "POST " + path + " HTTP/1.1\r\nHost: " + strings.TrimPrefix(base, "http://") +
		"\r\nContent-Type: multipart/form-data; boundary=" + boundary +
		"\r\nContent-Length: " + strconv.Itoa(body.Len()+200) +
		"\r\nCookie: " + web.CookieName + "=" + cookie + "\r\nSec-Fetch-Site: same-origin\r\n\r\n"
	if _, err := io.WriteString(conn, head+body.String()); err != nil {
		t.Fatal(err)
	}
	go func() {
		for range 199 {
			time.Sleep(100 * time.Millisecond)
			if _, err := conn.Write([]byte("x")); err != nil {
				return
			}
		}
	}()
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("POST %s with a trickled file: no answer within 10 s: %v", path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestPagesTrickledUpload: a director's upload (the hand records' PBN
// file, a file of pairs) whose body trickles past BodyTimeout (1 s here) is
// answered 408 by the section page — saying the form took too long and to
// try again, the pairs typed in the box still in it — logged at INFO and
// not as a failure, and nothing is stored. Before, the page read the cut
// form as one without its token (403) or without its file (422 "no file
// chosen").
func TestPagesTrickledUpload(t *testing.T) {
	var logs apitest.LockedBuffer
	e := newEnv(t, withAPI(api.Options{BodyTimeout: time.Second,
		Logger: slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))}))
	b := e.build()
	ev := b.Event(tournament.EventInput{Name: "Slow uploads"})
	sec := b.CreateSection(ev.ID, tournament.SectionInput{Name: "A", Movement: tournament.MovementSpec{Kind: "mitchell", Tables: 3, BoardsPerRound: 2}})
	cookie := signInCookie(t, e.url)
	page := "/director/sections/" + id(sec.ID)
	typed := "1 NS: Ann Smith & Bob Jones"
	for _, c := range []struct {
		path, file string
		fields     map[string]string
		kept       string // what the page sent back must still hold
	}{
		{page + "/boards", "pbn", nil, `id="boards-form"`},
		{page + "/pairs", "pairs_file", map[string]string{"pairs_text": typed}, ">" + html.EscapeString(typed) + "</textarea>"},
	} {
		status, body := trickleForm(t, e.url, c.path, cookie, c.fields, c.file)
		if status != http.StatusRequestTimeout {
			t.Errorf("POST %s trickled: %d, want 408\n%.2000s", c.path, status, body)
			continue
		}
		text := html.UnescapeString(body)
		for _, want := range []string{"took too long", "at most 1s", "Try again", "nothing was changed"} {
			if !strings.Contains(text, want) {
				t.Errorf("POST %s trickled: the page does not say %q", c.path, want)
			}
		}
		if !strings.Contains(body, c.kept) {
			t.Errorf("POST %s trickled: the section's form is not sent back as it was (%s)", c.path, c.kept)
		}
	}
	out := logs.String()
	for _, path := range []string{page + "/boards", page + "/pairs"} {
		if !strings.Contains(out, `"level":"INFO","msg":"request","method":"POST","path":"`+path+`","status":408`) {
			t.Errorf("no INFO request line for %s with status 408:\n%s", path, out)
		}
	}
	if strings.Contains(out, `"level":"ERROR"`) {
		t.Errorf("a trickled upload logged as a failure of the server:\n%s", out)
	}
	pairs, err := e.svc.Pairs(b.Ctx, tournament.Director, sec.ID)
	if err != nil || len(pairs) != 0 {
		t.Errorf("pairs after the cut uploads: %v %v, want none", pairs, err)
	}
}
