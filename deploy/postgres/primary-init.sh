#!/usr/bin/env bash
# Run once, by the official postgres image's entrypoint, when the primary's
# data directory is first made (mounted into /docker-entrypoint-initdb.d/).
# It makes traveler's role and database and the replica's role and slot,
# and lets that role connect for replication with a password. The entrypoint
# runs it as the postgres user against a server listening on its socket only.
#
# It may be run or sourced (the entrypoint sources a file that is not
# executable), so it neither exits nor sets -u.
set -e

: "${POSTGRES_USER:=postgres}"
: "${TRAVELER_DB_PASSWORD:?TRAVELER_DB_PASSWORD is not set}"
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD is not set}"
: "${REPLICATION_USER:=replicator}"
: "${REPLICATION_SLOT:=replica1}"

psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$POSTGRES_USER" --dbname postgres \
	--set traveler_password="$TRAVELER_DB_PASSWORD" \
	--set replication_user="$REPLICATION_USER" \
	--set replication_password="$REPLICATION_PASSWORD" \
	--set replication_slot="$REPLICATION_SLOT" <<'EOSQL'
-- traveler owns its database, so its migrations may create tables in the
-- public schema (owned by pg_database_owner); it is not a superuser.
CREATE ROLE traveler LOGIN PASSWORD :'traveler_password';
CREATE DATABASE traveler OWNER traveler;
-- The replica streams with this role, through a slot made now, so the
-- primary keeps the WAL the replica has not yet received (bounded by
-- max_slot_wal_keep_size in compose.yaml).
CREATE ROLE :"replication_user" LOGIN REPLICATION PASSWORD :'replication_password';
SELECT pg_create_physical_replication_slot(:'replication_slot');
EOSQL

# "host all all all" (which the entrypoint wrote) does not match a physical
# replication connection: allow it for the replication role, with a password.
printf '\n# Added by deploy/postgres/primary-init.sh: the streaming replica.\nhost replication %s all scram-sha-256\n' \
	"$REPLICATION_USER" >>"$PGDATA/pg_hba.conf"
