#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster: `scripts/with-postgres.sh pytest tests/search`.
# Installs Debian's postgresql package when no server is found, starts a cluster in a temporary folder on
# a local port and socket (never the system's), exports DATABASE_URL for the command, then stops and
# removes the cluster whatever happens.
set -euo pipefail

PORT="${RIFTPAL_PG_PORT:-54329}"

find_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$found" ] && command -v pg_ctl >/dev/null 2>&1; then found=$(dirname "$(command -v pg_ctl)"); fi
  echo "$found"
}

BIN=$(find_bin)
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "Installation de PostgreSQL (paquet Debian)"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  BIN=$(find_bin)
fi

DIR=$(mktemp -d /tmp/riftpal-pg.XXXXXX)
# initdb refuses to run as root: the cluster belongs to the postgres user when we are root.
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /nonexistent --shell /usr/sbin/nologin postgres
  chown postgres "$DIR"
  AS=(runuser -u postgres --)
else
  AS=()
fi

cleanup() {
  "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM

"${AS[@]}" "$BIN/initdb" -D "$DIR/data" --username=postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
  >"$DIR/initdb.log" 2>&1 || { cat "$DIR/initdb.log"; exit 1; }
# fsync off: a throwaway test cluster need not survive a power cut, and it saves minutes on 2 cores.
"${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$DIR/server.log"; exit 1; }

export DATABASE_URL="postgres://postgres@/riftpal?host=$DIR&port=$PORT"
"${AS[@]}" "$BIN/createdb" -h "$DIR" -p "$PORT" -U postgres riftpal
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') prêt sur le port $PORT (DATABASE_URL exporté)"
"$@"
