package web

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/problem"
)

// A form's body arrives within the API's body deadline (--body-timeout) or
// is cut there (package api's bodyDeadline). A page must not then read the
// cut form as one sent without its fields ("no file chosen", a missing
// form token): every form a page takes is read once, up front (readForm),
// and one cut by the deadline is answered 408 by its page, sent back with
// the fields that had arrived (slowForm), nothing changed.

// formMemory is how much of a multipart form is kept in memory, the rest
// in temporary files: net/http's and echo's own default.
const formMemory = 32 << 20

// keptHead is how much of a form's body is kept to give back the fields that
// arrived before it was cut: the typed fields come before the files.
const keptHead = 256 << 10

// slowFormPage bounds the reads of the page that sends a cut form back.
const slowFormPage = 10 * time.Second

// formPage sends a page's form back after its body was cut (err, a 408),
// with the fields that arrived.
type formPage func(c echo.Context, arrived map[string]string, err error) error

// behind is page sent back through mw, its route's middleware (who may
// see it), as its route's handler would be.
func behind(mw echo.MiddlewareFunc, page formPage) formPage {
	return func(c echo.Context, arrived map[string]string, err error) error {
		return mw(func(c echo.Context) error { return page(c, arrived, err) })(c)
	}
}

// readForm reads a form's body (urlencoded or multipart) into the request,
// where c.FormValue and c.FormFile find it. A body cut by its deadline is
// the error (problem.Of: 408), with the fields that had arrived whole.
func readForm(r *http.Request) (map[string]string, error) {
	if r.Method != http.MethodPost || r.Body == nil || r.Body == http.NoBody {
		return nil, nil
	}
	kind, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || (kind != "multipart/form-data" && kind != "application/x-www-form-urlencoded") {
		return nil, nil
	}
	head := &headBuffer{}
	r.Body = struct {
		io.Reader
		io.Closer
	}{io.TeeReader(r.Body, head), r.Body}
	if kind == "multipart/form-data" {
		err = r.ParseMultipartForm(formMemory)
	} else {
		err = r.ParseForm()
	}
	if err == nil || problem.Of(err).Status != http.StatusRequestTimeout {
		return nil, err
	}
	return arrivedFields(head.Bytes(), kind, params["boundary"]), err
}

// headBuffer keeps the first keptHead bytes written to it.
type headBuffer struct{ bytes.Buffer }

// Write keeps what fits of p and takes all of it.
func (h *headBuffer) Write(p []byte) (int, error) {
	if room := keptHead - h.Len(); room > 0 {
		h.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// arrivedFields reads the fields (not files) a cut form's body holds whole.
func arrivedFields(body []byte, kind, boundary string) map[string]string {
	out := map[string]string{}
	if kind != "multipart/form-data" {
		if i := bytes.LastIndexByte(body, '&'); i >= 0 {
			body = body[:i] // the last field may be cut
		} else {
			body = nil
		}
		values, _ := url.ParseQuery(string(body))
		for k, v := range values {
			out[k] = v[0]
		}
		return out
	}
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		part, err := mr.NextPart()
		if err != nil {
			return out
		}
		if part.FileName() != "" || part.FormName() == "" {
			continue
		}
		v, err := io.ReadAll(part)
		if err != nil { // cut inside this field
			return out
		}
		if _, seen := out[part.FormName()]; !seen {
			out[part.FormName()] = string(v)
		}
	}
}

// slowForm answers a form whose body was cut by its deadline: 408, the
// form's page with the fields that arrived and, where no page is known for
// the form, a page saying so; the request is logged at INFO (408) as any.
func (p *Pages) slowForm(c echo.Context, arrived map[string]string, err error) error {
	delete(arrived, formTokenField)
	// net/http ends the request's context when its connection's read
	// fails, as the body's deadline makes it; the page is still read and
	// written, within a bound of its own.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Request().Context()), slowFormPage)
	defer cancel()
	c.SetRequest(c.Request().WithContext(ctx))
	if page, ok := p.formPages[c.Path()]; ok {
		return page(c, arrived, err)
	}
	return p.render(c, http.StatusRequestTimeout, "public_message.html", View{Title: "Not done",
		Data: messageData{Text: explain(err).Message}})
}

// slowBodyWords is how a page says a form's body took too long.
func slowBodyWords(err error) string {
	within := ""
	if _, bound, ok := strings.Cut(err.Error(), "at most "); ok {
		within = " (the server waits at most " + bound + ")"
	}
	return "The form took too long to arrive" + within + " and was not read: nothing was changed. " +
		"Try again — choose the file again if it had one — on a steadier connection if you can."
}

// isSlowBody reports whether err is a body cut by its deadline.
func isSlowBody(err error) bool {
	return err != nil && !errors.Is(err, io.EOF) && problem.Of(err).Status == http.StatusRequestTimeout
}
