// Package db keeps a tournament in PostgreSQL: the one implementation of
// tournament.Store, and everything that talks SQL.
//
// What it holds:
//
//   - Open and Store (db.go, store*.go): the pgx pool and the Store over it
//     — events, sections and their movements, pairs and teams, boards,
//     results with their versions and audit, the changes a director made,
//     tables at their own pace (store_pace.go), fouled boards and their
//     versions (store_fouled.go), the club roster of players
//     (store_players.go), table tokens (store_token.go). Raw SQL, every
//     multi-row change in one transaction. A deal is stored as its PBN text
//     and read back into a scoring.Deal (scanDeal); a stored deal that does
//     not read is a store error. Idempotency keys are pruned by the Store
//     itself (PruneIdempotencyKeys, which serve runs).
//   - Group commit of result entries (result_batches.go): entries arriving
//     together are stored in one statement.
//   - The errors (errors.go, unavailable.go): the one place pgx and PostgreSQL errors become
//     tournament errors (a duplicate becomes ErrConflict, an unreachable
//     server ErrUnavailable, …).
//   - Migrations (migrate.go, migrations/): the schema as embedded
//     NNNN_name.up.sql/.down.sql files run by golang-migrate; Migrate,
//     MigrateDown, MigrateForce, MigrateVersion.
//   - Change notices (listen.go): LISTEN/NOTIFY, so that every serve process
//     drops what its tournament caches hold when another one changes it
//     (migration 0009), and the standings it keeps when what they are made
//     of changes (0017: results, late plays, refused entries, fouled boards'
//     versions, pairs, teams).
//   - The analysis queue (analysis.go): double-dummy work queued with river
//     in PostgreSQL; ReplaceBoards enqueues a job for each board stored with
//     a deal, in the same transaction, and a server that can solve double
//     dummy works the jobs (StartAnalysis).
//   - The managed local PostgreSQL (local*.go): StartLocal runs a private
//     server in a data directory for the embedded default (no database
//     named), as a child that never outlives this process; Supervise starts
//     it again when it dies.
//
// What it does not hold: rules and decisions (tournament validates before
// it calls the Store), HTTP and pages (api never imports db; cmd/traveler
// wires them together). Its tests get a fresh database from db/dbtest.
package db
