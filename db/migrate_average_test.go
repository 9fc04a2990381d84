package db_test

import (
	"context"
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
	if err := db.MigrateDown(u, 1); err != nil {
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
		`never stored {"average_session": false, "average_session_imps": false}`,
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
