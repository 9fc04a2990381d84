// Package download answers a request with a file made whole beforehand
// (tournament.Service.Heavy), the one way the API and the pages send an
// event's reports and files: with its length, read from memory or from its
// temporary file, and never ended as if whole when it could not all be sent.
package download

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/traveler-bridge/traveler/reports"
	"github.com/traveler-bridge/traveler/scoring"
	"github.com/traveler-bridge/traveler/tournament"
)

// Send answers 200 with out, of type mediaType, as an attachment named
// filename (none when ""), with its Content-Length, and lets out go. The
// file is whole before the answer begins, so that a refusal or a failure
// is answered as an error, not as part of a file; should it still not all
// be sent (the client gone, its temporary file unreadable), the connection
// is aborted (http.ErrAbortHandler), never ended as if the file were whole.
func Send(c echo.Context, filename, mediaType string, out *tournament.HeavyOutput) error {
	defer out.Close()
	h := c.Response().Header()
	h.Set(echo.HeaderContentType, mediaType)
	if filename != "" {
		h.Set(echo.HeaderContentDisposition, `attachment; filename="`+filename+`"`)
	}
	h.Set(echo.HeaderContentLength, strconv.FormatInt(out.Size(), 10))
	c.Response().WriteHeader(http.StatusOK)
	if c.Request().Method == http.MethodHead {
		return nil
	}
	// Straight to net/http's writer, which sends a file with sendfile
	// (HeavyOutput.SendTo); echo's Response counts what it sent.
	n, err := out.SendTo(c.Response().Writer)
	c.Response().Size += n
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	return nil
}

// Write returns f's writer for Heavy. The errors of a format that cannot
// hold every event (reports.File.Shaped) are made 422s naming "event": its
// writer writes to memory or a temporary file, whose failures are the
// server's, but every other error it gives is about what the event holds
// (its scoring method, a kind of result the format has no form for). The
// API and the pages make a file with the same writer, and so share one
// making of it.
func Write(f reports.File) func(context.Context, io.Writer, tournament.EventData) error {
	return func(_ context.Context, w io.Writer, d tournament.EventData) error {
		err := f.Write(w, d)
		if err == nil || !f.Shaped {
			return err
		}
		var te *tournament.Error
		var se *scoring.Error
		if errors.As(err, &te) || errors.As(err, &se) {
			return err
		}
		var pe *fs.PathError
		if errors.As(err, &pe) { // the temporary file's
			return err
		}
		return tournament.Invalidf("event", err.Error())
	}
}
