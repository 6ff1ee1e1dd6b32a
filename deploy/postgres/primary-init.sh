#!/bin/sh
# Run once by the postgres image's entrypoint when the primary's data folder is first created
# (/docker-entrypoint-initdb.d): the role the standby replicates with, the slot that keeps the WAL
# it has not received yet (bounded by max_slot_wal_keep_size in docker-compose.yml), and the
# pg_hba.conf line that lets that role replicate. The password comes from the environment, as a
# psql variable: it is never part of the SQL text.
set -eu
psql -v ON_ERROR_STOP=1 -v pw="$POSTGRES_REPLICATION_PASSWORD" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'pw';
SELECT pg_create_physical_replication_slot('standby1');
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
