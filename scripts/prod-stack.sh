#!/usr/bin/env bash
# The whole production stack on this machine, as an operator runs it and as tests/production tests it:
# nginx (deploy/nginx.conf) in front of gunicorn (gunicorn.conf.py) with riftpal.settings.prod, static files
# collected with the manifest storage, the content loaded and indexed; PostgreSQL and Redis when asked.
#
#   scripts/prod-stack.sh [--postgres] [--redis] [--keep] [--bare] [--reuse] [--tls]
#
# --bare: migrate only (no static files, no content), for tests of the servers themselves (slow clients).
# --reuse: with RIFTPAL_PROD_DIR naming a folder a previous run prepared and kept (--keep), start the servers on it
#   without preparing again (bench/workers.py restarts gunicorn with other settings in seconds this way).
# --tls: nginx also answers HTTPS with HTTP/2 on RIFTPAL_PROD_TLS_PORT (the port after gunicorn's), with a
#   self-signed certificate made here: what a phone gets behind the HTTPS proxy production requires (bench/phone.py).
# Runs in the foreground until Ctrl-C or SIGTERM, then stops everything it started (by process id) and removes
# its folder (unless --keep). Everything listens on 127.0.0.1 only. Environment:
#   RIFTPAL_PROD_PORT   nginx's port (8200); gunicorn listens on the next one
#   RIFTPAL_REDIS_PORT  Redis's port with --redis (6390)
#   RIFTPAL_PG_PORT     PostgreSQL's port with --postgres (see scripts/with-postgres.sh)
#   RIFTPAL_PROD_DIR    the folder for the database, static files, cache, logs (a new temporary one)
#   GUNICORN_*, DJANGO_* as in the README (DJANGO_SECRET_KEY is generated when not set)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

POSTGRES=0 REDIS=0 KEEP=0 BARE=0 REUSE=0 TLS=0
for arg in "$@"; do
  case "$arg" in
    --postgres) POSTGRES=1 ;;
    --redis) REDIS=1 ;;
    --keep) KEEP=1 ;;
    --bare) BARE=1 ;;
    --reuse) REUSE=1 ;;
    --tls) TLS=1 ;;
    *) echo "Option inconnue : $arg (--postgres, --redis, --keep, --bare, --reuse, --tls)" >&2; exit 2 ;;
  esac
done

# PostgreSQL: this same script again, inside scripts/with-postgres.sh (which starts and removes the cluster).
if [ "$POSTGRES" = 1 ] && [ -z "${RIFTPAL_PROD_IN_POSTGRES:-}" ]; then
  args=()
  [ "$REDIS" = 1 ] && args+=(--redis)
  [ "$KEEP" = 1 ] && args+=(--keep)
  [ "$BARE" = 1 ] && args+=(--bare)
  [ "$REUSE" = 1 ] && args+=(--reuse)
  [ "$TLS" = 1 ] && args+=(--tls)
  RIFTPAL_PROD_IN_POSTGRES=1 exec scripts/with-postgres.sh "$0" --postgres "${args[@]}"
fi

install_debian() {  # command, package
  if ! command -v "$1" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$1" ]; then
    echo "Installation de $2 (paquet Debian)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  fi
}
install_debian nginx nginx
BROTLI_SO=/usr/lib/nginx/modules/ngx_http_brotli_static_module.so
if [ ! -f "$BROTLI_SO" ]; then  # the .br files collectstatic writes, served to browsers that take Brotli
  apt-get install -y -qq libnginx-mod-http-brotli-static >/dev/null 2>&1 || true
fi
if [ -f "$BROTLI_SO" ]; then BROTLI_MODULE="load_module $BROTLI_SO;" BROTLI="brotli_static on;"; else BROTLI_MODULE="" BROTLI=""; fi
[ "$REDIS" = 1 ] && install_debian redis-server redis-server
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

PORT="${RIFTPAL_PROD_PORT:-8200}"
APP_PORT=$((PORT + 1))
REDIS_PORT="${RIFTPAL_REDIS_PORT:-6390}"
DIR="${RIFTPAL_PROD_DIR:-$(mktemp -d /tmp/riftpal-prod.XXXXXX)}"
mkdir -p "$DIR"/{cache,static,client-body,proxy,proxy-cache,fastcgi,uwsgi,scgi}
PY="$ROOT/.venv/bin/python"

PIDS=()
cleanup() {
  trap - EXIT INT TERM
  # Last started, first stopped: nginx, then gunicorn (graceful), then Redis.
  for (( i=${#PIDS[@]}-1; i>=0; i-- )); do kill -TERM "${PIDS[$i]}" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  [ "$KEEP" = 1 ] || rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

export DJANGO_SETTINGS_MODULE=riftpal.settings.prod
export DJANGO_SECRET_KEY="${DJANGO_SECRET_KEY:-$("$PY" -c 'import secrets; print(secrets.token_urlsafe(64))')}"
export DJANGO_ALLOWED_HOSTS="${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}"
export DJANGO_CSRF_TRUSTED_ORIGINS="${DJANGO_CSRF_TRUSTED_ORIGINS:-http://127.0.0.1:$PORT,http://localhost:$PORT}"
# nginx here speaks plain HTTP on loopback (a secure context for browsers); on a server the TLS proxy redirects.
export DJANGO_SECURE_SSL_REDIRECT="${DJANGO_SECURE_SSL_REDIRECT:-false}"
export DJANGO_TRUSTED_PROXIES="${DJANGO_TRUSTED_PROXIES:-127.0.0.1}"
export DJANGO_STATIC_ROOT="$DIR/static"
export DJANGO_CACHE_DIR="${DJANGO_CACHE_DIR:-$DIR/cache}"
export DATABASE_URL="${DATABASE_URL:-sqlite:///$DIR/site.sqlite3}"
export GUNICORN_BIND="127.0.0.1:$APP_PORT"
# The same settings for `manage.py` against this stack: `set -a; . "$DIR/environment"; set +a`.
( umask 077; env | grep -E '^(DJANGO_|DATABASE_URL=|GUNICORN_)' >"$DIR/environment" )

if [ "$REDIS" = 1 ]; then
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no --dir "$DIR" \
    --maxmemory "${RIFTPAL_REDIS_MAXMEMORY:-256mb}" --maxmemory-policy allkeys-lru --loglevel warning \
    >"$DIR/redis.log" 2>&1 &
  PIDS+=($!)
  echo $! >"$DIR/redis.pid"
  export REDIS_URL="redis://127.0.0.1:$REDIS_PORT/0"
  echo "REDIS_URL=$REDIS_URL" >>"$DIR/environment"
fi

echo "Préparation dans $DIR ($( [ "$POSTGRES" = 1 ] && echo PostgreSQL || echo SQLite )$( [ "$REDIS" = 1 ] && echo ', Redis' ))"
step() {  # name, command…: run it, print how long it took
  local started=$SECONDS
  "${@:2}" >>"$DIR/prepare.log" 2>&1 || { echo "$1 a échoué :" >&2; tail -n 30 "$DIR/prepare.log" >&2; exit 1; }
  echo "  $1 : $((SECONDS - started)) s"
}
if [ "$REUSE" = 1 ] && [ -f "$DIR/prepared" ]; then
  echo "  préparation reprise de $DIR : 0 s"
else
  step migrate "$PY" manage.py migrate --noinput -v 0
  if [ "$BARE" = 0 ]; then
    # collectstatic beside the content: one is disk and compression, the other the database.
    step collectstatic "$PY" manage.py collectstatic --noinput -v 0 &
    COLLECT=$!
    step load_content "$PY" manage.py load_content
    step rebuild_search_index "$PY" manage.py rebuild_search_index
    wait "$COLLECT"
  fi
  touch "$DIR/prepared"
fi

"$ROOT/.venv/bin/gunicorn" --config "$ROOT/gunicorn.conf.py" --pid "$DIR/gunicorn.pid" >>"$DIR/gunicorn.log" 2>&1 &
PIDS+=($!)
SERVERS=($!)

sed -e "s|@RUN_DIR@|$DIR|g" -e "s|@PORT@|$PORT|g" -e "s|@UPSTREAM@|127.0.0.1:$APP_PORT|g" \
    -e "s|@STATIC_ROOT@|$DIR/static|g" -e "s|@USER@|$(id -un)|g" \
    -e "s|@BROTLI_MODULE@|$BROTLI_MODULE|g" -e "s|@BROTLI@|$BROTLI|g" \
    -e "s|@FORWARDED_PROTO@|${RIFTPAL_FORWARDED_PROTO:-\$scheme}|g" deploy/nginx.conf >"$DIR/nginx.conf"
rm -f "$DIR"/tls-listen*.conf
if [ "$TLS" = 1 ]; then
  TLS_PORT="${RIFTPAL_PROD_TLS_PORT:-$((PORT + 2))}"
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" \
    -keyout "$DIR/tls.key" -out "$DIR/tls.crt" >/dev/null 2>&1
  printf 'listen 127.0.0.1:%s ssl http2;\nssl_certificate %s;\nssl_certificate_key %s;\n' \
    "$TLS_PORT" "$DIR/tls.crt" "$DIR/tls.key" >"$DIR/tls-listen.conf"
fi
"$NGINX" -p "$DIR" -c "$DIR/nginx.conf" -e "$DIR/nginx-error.log" -g "daemon off;" &
PIDS+=($!)
SERVERS+=($!)

for _ in $(seq 1 300); do
  # /sante/ answers (200, or 503 for a bare site without content): nginx and gunicorn are both up.
  if "$PY" -c "
import sys, urllib.error, urllib.request
try:
    status = urllib.request.urlopen('http://127.0.0.1:$PORT/sante/', timeout=2).status
except urllib.error.HTTPError as error:
    status = error.code
sys.exit(status not in (200, 503) or ($BARE == 0 and status != 200))" 2>/dev/null; then
    echo "Prêt : http://127.0.0.1:$PORT/ (nginx $PORT → gunicorn $APP_PORT, dossier $DIR)$( [ "$TLS" = 1 ] && echo " ; HTTPS et HTTP/2 : https://127.0.0.1:$TLS_PORT/")"
    # Until nginx or gunicorn stops (Redis may be stopped and started again: the site runs on without it).
    wait -n "${SERVERS[@]}" || true
    echo "Un des services s'est arrêté ; journaux dans $DIR" >&2
    exit 1
  fi
  for pid in "${SERVERS[@]}"; do
    kill -0 "$pid" 2>/dev/null || { echo "Un service n'a pas démarré :" >&2; tail -n 5 "$DIR"/nginx-error.log "$DIR"/prepare.log >&2; tail -n 30 "$DIR"/gunicorn.log >&2; exit 1; }
  done
  sleep 0.2
done
echo "Le site n'a pas répondu sur /sante/ en 60 s :" >&2
tail -n 20 "$DIR"/*.log >&2
exit 1
