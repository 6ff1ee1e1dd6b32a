#!/bin/sh
# Entrypoint of the streaming standby in docker-compose.yml (the official postgres image). An empty
# data folder is filled once with pg_basebackup from the primary (-R: standby.signal and
# primary_conninfo, with the slot primary-init.sh created); then the image's own entrypoint starts
# PostgreSQL, which replays the primary's WAL and answers read-only queries (hot_standby).
# A base backup cut short leaves a partial folder: remove the standby's volume and start it again.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -q -h "$PRIMARY_HOST" -p 5432; do
    echo "standby: waiting for the primary at $PRIMARY_HOST"
    sleep 2
  done
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 0700 "$PGDATA"
  echo "standby: base backup from $PRIMARY_HOST"
  PGPASSWORD="$POSTGRES_REPLICATION_PASSWORD" gosu postgres pg_basebackup \
    --host="$PRIMARY_HOST" --port=5432 --username=replicator --pgdata="$PGDATA" \
    --wal-method=stream --slot=standby1 --write-recovery-conf --checkpoint=fast --no-password
fi
exec docker-entrypoint.sh "$@"
