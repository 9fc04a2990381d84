package db

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/traveler-bridge/traveler/tournament"
)

// changeChannel is the channel the triggers of migration 0009 announce
// changes on, as "<kind>:<id>".
const changeChannel = "traveler_changes"

// Listen hears the changes every process makes to the sections, events,
// boards, tokens and sign-ins it caches (migration 0009's triggers), on a
// connection of its own, and hands each to changed until ctx ends. listening
// is told true once it listens and false when the connection is lost (then
// it connects again, waiting up to 5 s between tries): while it is false a
// change may go unheard, so the caller must not trust its caches. It returns
// ctx's error.
func (s *Store) Listen(ctx context.Context, changed func(tournament.Changed), listening func(bool)) error {
	wait := 100 * time.Millisecond
	for {
		if s.listenOnce(ctx, changed, listening) {
			wait = 100 * time.Millisecond // it listened: a new loss starts the waits again
		}
		listening(false)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}

// listenOnce listens on one connection until it fails or ctx ends, and
// reports whether it got as far as listening.
func (s *Store) listenOnce(ctx context.Context, changed func(tournament.Changed), listening func(bool)) bool {
	conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return false
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+changeChannel); err != nil {
		return false
	}
	listening(true)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return true
		}
		if c, ok := parseChange(n.Payload); ok {
			changed(c)
		}
	}
}

// parseChange reads a notice "<kind>:<id>".
func parseChange(payload string) (tournament.Changed, bool) {
	kind, id, ok := strings.Cut(payload, ":")
	if !ok {
		return tournament.Changed{}, false
	}
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return tournament.Changed{}, false
	}
	return tournament.Changed{Kind: tournament.ChangedKind(kind), ID: n}, true
}
