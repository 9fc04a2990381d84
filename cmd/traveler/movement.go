package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/traveler-bridge/traveler/api"
	"github.com/traveler-bridge/traveler/tournament"
)

// runMovement reads a movement file (.ASC), checks it as a section would
// (tournament.MovementSpec with File) and prints the movement with its
// balance, or as the API's JSON.
func runMovement(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("movement", flag.ContinueOnError)
	fs.SetOutput(stderr)
	per := fs.Int("boards-per-round", 2, fmt.Sprintf("boards in each board group of the file (1 to %d)", tournament.MaxBoardsPerRound))
	asJSON := fs.Bool("json", false, "print the movement as the API's JSON (GET /v1/sections/{id}'s generated movement)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: traveler movement [--boards-per-round N] [--json] FILE.asc|-")
		fmt.Fprintln(stderr, "\nReads a movement file in the .ASC format (http://www.pjms.nl/movementfile_standard.html),")
		fmt.Fprintln(stderr, "refuses it as a section would (a repeated meeting, a group played twice, groups played")
		fmt.Fprintln(stderr, "unequally: naming the line, round and table) and prints its rounds and balance. The same")
		fmt.Fprintln(stderr, "file is a section's movement with {\"kind\": \"custom\", \"file\": …, \"boards_per_round\": N}.")
		fs.PrintDefaults()
	}
	pos, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(pos) != 1 {
		fs.Usage()
		return 2
	}
	var text []byte
	var err error
	if pos[0] == "-" {
		text, err = io.ReadAll(io.LimitReader(stdin, tournament.MaxMovementFile+1))
	} else {
		text, err = os.ReadFile(pos[0])
	}
	if err != nil {
		fmt.Fprintf(stderr, "traveler movement: %v\n", err)
		return 1
	}
	m, err := tournament.MovementSpec{Kind: "custom", BoardsPerRound: *per, File: string(text)}.Build()
	if err != nil {
		fmt.Fprintf(stderr, "traveler movement: %s: %v\n", pos[0], err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(api.NewMovementResponse(m)); err != nil {
			fmt.Fprintf(stderr, "traveler movement: %v\n", err)
			return 1
		}
		return 0
	}
	rep, err := m.Validate()
	if err != nil {
		fmt.Fprintf(stderr, "traveler movement: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d pairs at %d tables play %d boards in %d rounds\n", m.Name, m.Pairs, m.Tables, m.Boards, len(m.Rounds))
	for _, r := range m.Rounds {
		fmt.Fprintf(stdout, "round %d:", r.Number)
		for _, t := range r.Tables {
			fmt.Fprintf(stdout, "  T%d %d-%d b%d-%d", t.Table, t.NS, t.EW, t.Boards[0], t.Boards[len(t.Boards)-1])
		}
		if len(r.SitOut) > 0 {
			fmt.Fprintf(stdout, "  sit out %v", r.SitOut)
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "each board played %d times; two pairs compared on %d to %d boards (mean %.2f)\n",
		rep.Plays, rep.Balance.Min, rep.Balance.Max, rep.Balance.Mean)
	return 0
}
