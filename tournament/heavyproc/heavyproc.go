package heavyproc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/traveler-bridge/traveler/tournament"
)

// outcome is how a making went, as Serve reports it: Done when the output
// is whole; else the error, a *tournament.Error's parts when it was one.
type outcome struct {
	Done    bool
	Kind    string // the tournament.Err* kind of a *tournament.Error, by its text; "" for any other error
	Message string
	Field   string
	Allowed []string
}

// kinds are the kinds of *tournament.Error that cross between the
// processes, by their text.
var kinds = []error{tournament.ErrInvalid, tournament.ErrNotFound, tournament.ErrConflict, tournament.ErrForbidden,
	tournament.ErrUnauthorized, tournament.ErrStale, tournament.ErrUnavailable, tournament.ErrBusy}

// outcomeOf is err as Serve reports it.
func outcomeOf(err error) outcome {
	if err == nil {
		return outcome{Done: true}
	}
	var te *tournament.Error
	if errors.As(err, &te) && te.Kind != nil {
		return outcome{Kind: te.Kind.Error(), Message: te.Message, Field: te.Field, Allowed: te.Allowed}
	}
	return outcome{Message: err.Error()}
}

// err is the error o reports, nil when the making was done.
func (o outcome) err() error {
	if o.Done {
		return nil
	}
	for _, k := range kinds {
		if o.Kind != "" && k.Error() == o.Kind {
			return &tournament.Error{Kind: k, Message: o.Message, Field: o.Field, Allowed: o.Allowed}
		}
	}
	return errors.New(o.Message)
}

// Command returns a tournament.HeavyMaker that runs exe with args for each
// job, with env added to this process's environment: the job is written to
// its standard input, its standard output is the output, and Serve's
// outcome comes on its third file (fd 3). The process is killed when ctx
// ends, and (on Linux) when the thread that started it ends — the making's
// thread, which outlives it. Its standard error goes to stderr. With a
// gate, the process is handed its shared page as its fourth file
// (OpenGate there).
func Command(exe string, args, env []string, stderr io.Writer, gate *Gate) tournament.HeavyMaker {
	return func(ctx context.Context, job tournament.HeavyJob, w io.Writer) error {
		var in bytes.Buffer
		if err := gob.NewEncoder(&in).Encode(job); err != nil {
			return fmt.Errorf("heavyproc: the job: %w", err)
		}
		outcomeR, outcomeW, err := os.Pipe()
		if err != nil {
			return fmt.Errorf("heavyproc: %w", err)
		}
		defer outcomeR.Close()
		cmd := exec.CommandContext(ctx, exe, args...)
		cmd.Env = append(os.Environ(), env...)
		cmd.Stdin = &in
		cmd.Stderr = stderr
		cmd.ExtraFiles = []*os.File{outcomeW}
		if gate != nil && gate.f != nil {
			cmd.ExtraFiles = append(cmd.ExtraFiles, gate.f) // fd 4: gateFD
		}
		cmd.WaitDelay = 5 * time.Second
		dieWithThread(cmd)
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			outcomeW.Close()
			return fmt.Errorf("heavyproc: %w", err)
		}
		if err := cmd.Start(); err != nil {
			outcomeW.Close()
			return fmt.Errorf("heavyproc: starting %s: %w", exe, err)
		}
		outcomeW.Close() // the child's now
		var (
			told    outcome
			tellErr error
			wg      sync.WaitGroup
		)
		wg.Add(1)
		go func() { // read beside the output, however long the outcome
			defer wg.Done()
			tellErr = gob.NewDecoder(outcomeR).Decode(&told)
		}()
		_, copyErr := io.Copy(w, stdout)
		if copyErr != nil {
			cmd.Cancel() // the output cannot be taken: the making is of no use
		}
		waitErr := cmd.Wait()
		wg.Wait()
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case copyErr != nil:
			return fmt.Errorf("heavyproc: writing the output: %w", copyErr)
		case tellErr != nil:
			return fmt.Errorf("heavyproc: %s ended without saying how the making went (%v): %s", exe, waitErr, tellErr)
		case !told.Done:
			return told.err()
		case waitErr != nil:
			return fmt.Errorf("heavyproc: %s: %w", exe, waitErr)
		}
		return nil
	}
}

// Serve is the making side of Command: it reads the job from in, makes it
// with make, writing the output to out, and writes the outcome to
// outcomeTo (fd 3 of the process Command starts). The making's error is
// reported there, not returned: it returns only an error of its own (a job
// it cannot read, an outcome it cannot write).
func Serve(ctx context.Context, in io.Reader, out io.Writer, outcomeTo io.Writer, make tournament.HeavyMaker) error {
	var job tournament.HeavyJob
	if err := gob.NewDecoder(in).Decode(&job); err != nil {
		return fmt.Errorf("heavyproc: reading the job: %w", err)
	}
	bw := bufio.NewWriterSize(out, 256<<10)
	err := make(ctx, job, bw)
	if err == nil {
		err = bw.Flush()
	}
	if terr := gob.NewEncoder(outcomeTo).Encode(outcomeOf(err)); terr != nil {
		return fmt.Errorf("heavyproc: reporting how the making went (%v): %w", err, terr)
	}
	return nil
}

// Outcome opens the file Serve writes the outcome to in a process that
// Command started: its third file (fd 3).
func Outcome() (*os.File, error) {
	f := os.NewFile(3, "outcome")
	if f == nil {
		return nil, errors.New("heavyproc: no file 3: this command is started by traveler serve, which makes its reports apart")
	}
	if _, err := f.Stat(); err != nil {
		return nil, errors.New("heavyproc: file 3 is not open: this command is started by traveler serve, which makes its reports apart")
	}
	return f, nil
}
