package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/tournament"
	"github.com/traveler-bridge/traveler/tournament/heavyproc"
)

// makeHeavyConns is how many connections a making apart keeps: it reads an
// event a section at a time.
const makeHeavyConns = 2

// runMakeHeavy makes one report or file for `traveler serve`, which starts
// it for each (--heavy-apart): the job on stdin, the output on stdout, how
// it went on file 3 (heavyproc). The database is DATABASE_URL's, the
// public's reads the replica's when TRAVELER_REPLICA_URL is set, as serve
// passes them.
func runMakeHeavy(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("make-heavy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	nice := fs.Int("nice", tournament.DefaultHeavyNice, "the nice value its database connections' server processes are given, where they run on this machine (0: not lowered); they are kept to its CPUs too")
	within := fs.Duration("within", tournament.DefaultHeavyWithin, "how long the making may take")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: traveler make-heavy [--nice N] [--within DURATION]")
		fmt.Fprintln(stderr, "Started by traveler serve for each report or file it makes apart (--heavy-apart); not for a person.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	outcome, err := heavyproc.Outcome()
	if err != nil {
		fmt.Fprintf(stderr, "traveler make-heavy: %v\n", err)
		return 2
	}
	defer outcome.Close()
	url := os.Getenv(envDatabaseURL)
	if url == "" {
		fmt.Fprintf(stderr, "traveler make-heavy: %s is not set: serve passes its database\n", envDatabaseURL)
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, *within)
	defer cancel()
	var opts []db.OpenOption
	opts = append(opts, db.Niced(makeHeavyConns, *nice)) // its connections' backends at its priority, on its CPUs
	store, err := db.Open(ctx, url, opts...)
	if err != nil {
		fmt.Fprintf(stderr, "traveler make-heavy: %v\n", err)
		return 1
	}
	defer store.Close()
	var so tournament.ServiceOptions
	if gate := heavyproc.OpenGate(); gate != nil { // serve's, when it gives way (--heavy-give-way)
		so.Heavy.GiveWay = gate.GiveWay
	}
	if replicaURL := os.Getenv(envReplicaURL); replicaURL != "" {
		replica, err := db.Open(ctx, replicaURL, opts...)
		if err != nil {
			fmt.Fprintf(stderr, "traveler make-heavy: the replica: %v\n", err)
			return 1
		}
		defer replica.Close()
		so.Replica = replica
	}
	svc := tournament.NewService(store, so)
	err = heavyproc.Serve(ctx, stdin, stdout, outcome, func(ctx context.Context, job tournament.HeavyJob, w io.Writer) error {
		write, err := api.HeavyWriter(job.Name, 0)
		if err != nil {
			return err
		}
		return svc.MakeHeavy(ctx, job, write, w)
	})
	if err != nil {
		fmt.Fprintf(stderr, "traveler make-heavy: %v\n", err)
		return 1
	}
	return 0
}
