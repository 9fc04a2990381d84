// Package download answers a request with a file as it is made, the one
// way the API and the pages send an event's files: small files whole with
// their length, large ones streamed, and a failure part way never ended as
// if the file were whole.
package download

import (
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/api/internal/redact"
)

// WholeUpTo is how much of a file Send holds before it answers: a file
// no larger goes out whole, with its Content-Length, or not at all (its
// error answered as any other); past it the answer is sent and the file
// streamed.
const WholeUpTo = 1 << 20

// Send answers with the file write makes, as an attachment named
// filename of type mediaType, while write makes it: its first WholeUpTo
// bytes are held, so that a small file, or an error early on, is answered
// as before; then the answer (200, no Content-Length: chunked in HTTP/1.1)
// is sent and the rest follows as it is made, so that memory does not grow
// with the file. A failure after the answer is sent must not end the body
// as if the file were whole: it is logged and the connection aborted
// (http.ErrAbortHandler), so that the client sees a cut body — an HTTP/1.1
// chunked body without its last chunk, an HTTP/2 stream reset — and an
// error, never a 200 with half a file. Writing stops when the request's
// context ends (the client gone, the request's time up).
func Send(c echo.Context, log *slog.Logger, filename, mediaType string, write func(io.Writer) error) error {
	fw := &fileWriter{c: c, filename: filename, mediaType: mediaType}
	err := write(fw)
	if err == nil && !fw.sent {
		fw.answer(true)
		_, err = c.Response().Write(fw.head)
	}
	if err == nil || !fw.sent {
		return err
	}
	r := c.Request()
	log.LogAttrs(r.Context(), slog.LevelWarn, "download cut short",
		slog.String("method", r.Method), slog.String("path", redact.Path(r.URL.Path)),
		slog.Int64("bytes", c.Response().Size), slog.String("error", err.Error()))
	panic(http.ErrAbortHandler)
}

// fileWriter is the answer Send writes a file to.
type fileWriter struct {
	c                   echo.Context
	filename, mediaType string
	head                []byte // the file's first bytes, held until WholeUpTo
	sent                bool   // the answer's status and headers are sent
}

// Write holds p, or sends it.
func (w *fileWriter) Write(p []byte) (int, error) {
	if err := w.c.Request().Context().Err(); err != nil {
		return 0, err
	}
	if !w.sent {
		if len(w.head)+len(p) <= WholeUpTo {
			w.head = append(w.head, p...)
			return len(p), nil
		}
		w.answer(false)
		if _, err := w.c.Response().Write(w.head); err != nil {
			return 0, err
		}
		w.head = nil
	}
	return w.c.Response().Write(p)
}

// answer sends the status and headers, with the length of the file when
// whole (it is then all in head).
func (w *fileWriter) answer(whole bool) {
	h := w.c.Response().Header()
	h.Set(echo.HeaderContentType, w.mediaType)
	h.Set(echo.HeaderContentDisposition, `attachment; filename="`+w.filename+`"`)
	if whole {
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(w.head)))
	}
	w.c.Response().WriteHeader(http.StatusOK)
	w.sent = true
}
