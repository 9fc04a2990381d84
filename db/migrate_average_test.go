package db_test

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/traveler-bridge/traveler/db"
	"github.com/traveler-bridge/traveler/db/dbtest"
)

// TestMigrateAverageSessionIMPs: migration 0043 keeps how an event stored
// before it scores Law 12C2. Before, law option average_session gave the
// session's figure at matchpoints and IMPs alike and was off by default;
// now it is matchpoints only and on by default, and average_session_imps
// says it at IMPs. So an IMP event stored with average_session true gets
// average_session_imps true; one stored without the option (made before
// it existed) gets both false, as it was scored; another code's is left.
func TestMigrateAverageSessionIMPs(t *testing.T) {
	u := dbtest.URL(t)
	if err := db.MigrateDown(u, stepsAbove(t, 42)); err != nil {
		t.Fatal(err)
	}
	p := rawPool(t, u)
	ctx := context.Background()
	for _, q := range []string{
		`INSERT INTO events (name, date, law, law_options, scoring) VALUES ('imps on', '2026-11-01', 'contract-2017', '{"average_session": true, "par_first_to_name": false}', 'CROSS_IMP')`,
		`INSERT INTO events (name, date, law, law_options, scoring) VALUES ('never stored', '2026-11-01', 'contract-2017', '{}', 'MP')`,
		`INSERT INTO events (name, date, law, law_options, scoring) VALUES ('auction', '2026-11-01', 'auction-1915', '{"game_premium": 125}', 'MP')`,
	} {
		if _, err := p.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Migrate(ctx, u); err != nil {
		t.Fatal(err)
	}
	got := column(t, u, `SELECT name || ' ' || law_options::text FROM events WHERE name IN ('imps on', 'never stored', 'auction') ORDER BY name`)
	want := []string{
		`auction {"game_premium": 125}`,
		`imps on {"average_session": true, "par_first_to_name": false, "average_session_imps": true}`,
		`never stored {"average_session": false, "par_first_to_name": false, "average_session_imps": false}`, // and 0046
	}
	if len(got) != len(want) {
		t.Fatalf("events %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("after 0043: %s, want %s", got[i], want[i])
		}
	}
}

// TestMigrateParFirstToName: migration 0046 keeps the par an event or a
// section stored before it was made with. contract-2017's law option
// par_first_to_name is now on by default (par by the first of the side to
// name the strain, the 2017 Laws' declarer); before, absent meant off
// (DDS's published par). So one stored without the option gets it off; one
// that stored it keeps its value; another code's options are left.
func TestMigrateParFirstToName(t *testing.T) {
	u := dbtest.URL(t)
	if err := db.MigrateDown(u, stepsAbove(t, 45)); err != nil {
		t.Fatal(err)
	}
	p := rawPool(t, u)
	ctx := context.Background()
	var event int64
	if err := p.QueryRow(ctx, `INSERT INTO events (name, date, law, law_options, scoring) VALUES ('par never stored', '2026-11-01', 'contract-2017', '{"average_session": true}', 'MP') RETURNING id`).Scan(&event); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO events (name, date, law, law_options, scoring) VALUES ('par on', '2026-11-01', 'contract-2017', '{"par_first_to_name": true}', 'MP')`,
		`INSERT INTO events (name, date, law, law_options, scoring) VALUES ('par auction', '2026-11-01', 'auction-1915', '{"game_premium": 125}', 'MP')`,
	} {
		if _, err := p.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	var session int64
	if err := p.QueryRow(ctx, `INSERT INTO sessions (event_id, number) VALUES ($1, 1) RETURNING id`, event).Scan(&session); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Exec(ctx, `INSERT INTO sections (session_id, name, spec, kind, movement_name, winners, pairs, tables, boards, rounds, law, law_options)
		VALUES ($1, 'P', '{}', 'custom', 'custom', 1, 0, 0, 0, 1, 'contract-2017', '{}'), ($1, 'Q', '{}', 'custom', 'custom', 1, 0, 0, 0, 1, 'auction-1915', '{"game_premium": 125}')`, session); err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(ctx, u); err != nil {
		t.Fatal(err)
	}
	got := column(t, u, `SELECT name || ' ' || law_options::text FROM events WHERE name LIKE 'par %' ORDER BY name`)
	got = append(got, column(t, u, `SELECT name || ' ' || law_options::text FROM sections WHERE session_id = `+strconv.FormatInt(session, 10)+` ORDER BY name`)...)
	want := []string{
		`par auction {"game_premium": 125}`,
		`par never stored {"average_session": true, "par_first_to_name": false}`,
		`par on {"par_first_to_name": true}`,
		`P {"par_first_to_name": false}`,
		`Q {"game_premium": 125}`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("after 0046:\n got %q\nwant %q", got, want)
	}
}
