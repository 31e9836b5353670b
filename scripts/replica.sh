#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL 15 (port 5432, password postgres as .ci/run sets it) on
# 127.0.0.1:${REPLICA_PORT:-5433}, made afresh with pg_basebackup, for the tests of reads sent to a replica
# (TEST_REPLICA_URL). Debian keeps postgresql.conf and pg_hba.conf outside the data directory, so the replica gets
# files of its own. Run as root; PostgreSQL runs as postgres.
set -euo pipefail
port="${REPLICA_PORT:-5433}"
dir=/tmp/porra-replica
bin=/usr/lib/postgresql/15/bin

if [ -f "$dir/data/postmaster.pid" ]; then su postgres -c "$bin/pg_ctl -D $dir/data -m fast -w stop" >/dev/null || true; fi
rm -rf "$dir"
mkdir -p "$dir"
chown postgres "$dir"
# -R: standby.signal and primary_conninfo, so it starts as a streaming replica.
su postgres -c "PGPASSWORD=postgres $bin/pg_basebackup -h 127.0.0.1 -p 5432 -U postgres -D $dir/data -X stream -R -c fast"
cat > "$dir/data/postgresql.conf" <<CONF
port = $port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
hot_standby = on
# A standby needs at least the primary's limits (Debian's defaults).
max_connections = 200
CONF
cat > "$dir/data/pg_hba.conf" <<HBA
local all all peer
host all all 127.0.0.1/32 scram-sha-256
HBA
chown postgres "$dir/data/postgresql.conf" "$dir/data/pg_hba.conf"
su postgres -c "$bin/pg_ctl -D $dir/data -l $dir/replica.log -w start" >/dev/null
echo "replica of 127.0.0.1:5432 on 127.0.0.1:$port"
