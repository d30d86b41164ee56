#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 server on 127.0.0.1, then stops and removes it.
# Usage: scripts/with-postgres.sh <command...>   (the command sees TEST_DATABASE_URL)
set -euo pipefail
PG_PORT="${PG_PORT:-55432}"
# A port already taken (another run's server) moves this one up, rather than failing to start.
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
while port_taken "$PG_PORT"; do PG_PORT=$((PG_PORT + 1)); done
base=$(mktemp -d /tmp/imprint-pg.XXXXXX)
chmod 755 "$base"
data="$base/data"; sock="$base/sock"
mkdir -p "$data" "$sock"
run_as_postgres() {
  if [ "$(id -u)" = "0" ]; then
    chown -R postgres "$base"
    su postgres -s /bin/sh -c "$*"
  else
    sh -c "$*"
  fi
}
stop() {
  run_as_postgres "pg_ctl -D '$data' -m fast -w stop" >/dev/null 2>&1 || true
  rm -rf "$base"
}
trap stop EXIT
run_as_postgres "initdb -D '$data' -U postgres --auth=trust --no-sync" >"$base/initdb.log" 2>&1 || { cat "$base/initdb.log"; exit 1; }
run_as_postgres "pg_ctl -D '$data' -l '$base/server.log' -o \"-p $PG_PORT -c listen_addresses=127.0.0.1 -k $sock -c fsync=off -c synchronous_commit=off -c full_page_writes=off\" -w start" >/dev/null
echo "PostgreSQL $(run_as_postgres "postgres --version" | awk '{print $3}') on 127.0.0.1:$PG_PORT"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
"$@"
