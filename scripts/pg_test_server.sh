#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests and benchmarks of this checkout.
#
#   scripts/pg_test_server.sh start    # install if missing, create, start; prints its URL
#   scripts/pg_test_server.sh url      # the URL (exit 1 when it is not running)
#   scripts/pg_test_server.sh stop
#
# Idempotent and quick: a running server is reused (start takes ~0.1 s then; a first
# start ~2 s; installing Debian's package, when it is missing, a minute or so). Each
# checkout gets its own cluster under ${TMPDIR:-/tmp} that listens on a Unix socket only,
# so checkouts running tests side by side never meet, and nothing listens on the network.
# Trust authentication: it is for tests, never for games.
#
# initdb and postgres refuse to run as root, so as root the server runs as the `postgres`
# user (created by Debian's package; created here if missing).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
KEY=$(printf %s "$ROOT" | md5sum | cut -c1-10)
BASE=${SAILBOT_PG_DIR:-${TMPDIR:-/tmp}/sailbot-pg-$KEY}
DATA=$BASE/data
LOG=$BASE/server.log
URL="postgresql://postgres@/postgres?host=$BASE"

say() { echo "pg_test_server: $*" >&2; }

find_bin() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$dir/pg_ctl" ] && [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
    done
    if command -v pg_ctl >/dev/null && command -v initdb >/dev/null; then
        dirname "$(command -v pg_ctl)"; return 0
    fi
    return 1
}

install_server() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        say "PostgreSQL is not installed and I cannot install it here (needs root and apt-get)."
        say "Install Debian's 'postgresql' package (or put initdb and pg_ctl on PATH)."
        return 1
    fi
    say "installing Debian's postgresql package ..."
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y -q --no-install-recommends postgresql >&2; then
        apt-get update -q >&2 || true
        apt-get install -y -q --no-install-recommends postgresql >&2 || {
            say "apt-get could not install postgresql (no network or no package lists?)."
            return 1
        }
    fi
}

# Run a server program as the owner of the cluster.
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

running() { [ -f "$DATA/PG_VERSION" ] && as_owner "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

start() {
    BIN=$(find_bin) || { install_server && BIN=$(find_bin); } || {
        say "no PostgreSQL server programs found after installing."; return 1; }
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin postgres
    fi
    mkdir -p "$BASE"
    [ "$(id -u)" = 0 ] && chown postgres "$BASE"
    chmod 700 "$BASE"
    # one start at a time per checkout (two `make test` at once)
    exec 9>"$BASE.lock"
    flock 9
    if running; then echo "$URL"; return 0; fi
    if [ ! -f "$DATA/PG_VERSION" ]; then
        rm -rf "$DATA"
        as_owner "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C \
            --no-sync >"$BASE/initdb.log" 2>&1 9>&- || {
            say "initdb failed:"; cat "$BASE/initdb.log" >&2; return 1; }
    fi
    # listen_addresses='': a Unix socket in $BASE only. The rest is the default, durable
    # configuration (fsync on), so benchmarks measure what a real server does.
    if ! as_owner "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 \
            -o "-c listen_addresses='' -c unix_socket_directories='$BASE' -c max_connections=300" \
            start >/dev/null 2>&1 9>&-; then   # the server must not inherit the lock
        say "the server did not start; its log says:"; tail -20 "$LOG" >&2 || true
        return 1
    fi
    echo "$URL"
}

stop() {
    BIN=$(find_bin) || return 0
    if running; then as_owner "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null; fi
}

case "${1:-start}" in
    start) start ;;
    url) BIN=$(find_bin) && running && echo "$URL" ;;
    stop) stop ;;
    *) echo "usage: $0 start|url|stop" >&2; exit 2 ;;
esac
