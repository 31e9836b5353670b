#!/usr/bin/env bash
# Starts Debian's PgBouncer in transaction pooling on 127.0.0.1:${PGBOUNCER_PORT:-6432}, in front of the local
# PostgreSQL on port 5432 (every database, as user postgres, password postgres as .ci/run sets it), for the tests that
# run through a pooler. Installs it first if missing. Run as root; PgBouncer itself runs as postgres.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
port="${PGBOUNCER_PORT:-6432}"
dir=/tmp/porra-pgbouncer

if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  apt-get install -y -qq pgbouncer >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq pgbouncer >/dev/null; }
fi
# Debian's package starts its own instance on 6432 with an empty configuration: ours replaces it.
service pgbouncer stop >/dev/null 2>&1 || true
if [ -f "$dir/pgbouncer.pid" ]; then kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true; sleep 1; fi

mkdir -p "$dir"
cat > "$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432 user=postgres password=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = any
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 40
; node-postgres sends no startup parameter PgBouncer does not know, but psql and some drivers send this one.
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
chown -R postgres "$dir"
su postgres -c "/usr/sbin/pgbouncer -d $dir/pgbouncer.ini"
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$port" && exit 0; sleep 0.5; done
echo "PgBouncer did not start; its log:" >&2
cat "$dir/pgbouncer.log" >&2
exit 1
