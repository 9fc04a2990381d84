#!/usr/bin/env bash
# The replica's entrypoint, in place of the postgres image's own. On the
# first start (no PG_VERSION in PGDATA) it copies the primary with
# pg_basebackup -R, which also writes standby.signal and primary_conninfo,
# so the copy starts as a hot standby streaming from the primary through
# the slot primary-init.sh made. Every start then runs postgres.
#
# It runs as the postgres user (compose.yaml: user: postgres).
set -Eeuo pipefail

: "${PGDATA:?PGDATA is not set}"
: "${PRIMARY_HOST:?PRIMARY_HOST is not set}"
: "${PRIMARY_PORT:=5432}"
: "${REPLICATION_USER:=replicator}"
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD is not set}"
: "${REPLICATION_SLOT:=replica1}"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
	echo "replica: waiting for the primary at $PRIMARY_HOST:$PRIMARY_PORT"
	until pg_isready -q -h "$PRIMARY_HOST" -p "$PRIMARY_PORT"; do
		sleep 1
	done
	mkdir -p "$PGDATA"
	# pg_basebackup wants an empty directory: a copy cut short leaves files
	# but no PG_VERSION, so start again from nothing.
	find "$PGDATA" -mindepth 1 -delete
	echo "replica: copying the primary (pg_basebackup -R, slot $REPLICATION_SLOT)"
	PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup \
		--host="$PRIMARY_HOST" --port="$PRIMARY_PORT" --username="$REPLICATION_USER" \
		--pgdata="$PGDATA" --write-recovery-conf --wal-method=stream \
		--slot="$REPLICATION_SLOT" --checkpoint=fast --no-password
	echo "replica: copy made; starting as a standby"
fi
chmod 0700 "$PGDATA"

if [ "$#" -eq 0 ]; then
	set -- postgres
fi
exec "$@"
