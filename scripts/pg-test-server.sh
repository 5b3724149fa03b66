#!/bin/sh
# pg-test-server.sh - a throwaway PostgreSQL server for the tests.
#
#   sh scripts/pg-test-server.sh start   initdb's a cluster in a new
#       temporary folder, starts it on a Unix socket in that folder and on
#       a free 127.0.0.1 port, creates the database benchdb_test, and
#       prints its connection string (postgresql://...) on stdout; all
#       else goes to stderr. The folder is remembered in
#       ${BDB_PG_STATE:-/tmp/benchdb-pg-test.state}.
#   sh scripts/pg-test-server.sh stop    stops that server and removes its
#       folder (does nothing when none is running).
#
# PostgreSQL refuses to run as root, so as root (CI) the cluster belongs
# to the 'postgres' user of Debian's package, or to a user 'benchdb-pg'
# made for it. The server trusts local connections only: it listens on
# 127.0.0.1 and its own socket, and lives as long as the tests.
#
# In a test driver:
#   BDB_TEST_PG_URL=$(sh scripts/pg-test-server.sh start) || exit 1
#   trap 'sh scripts/pg-test-server.sh stop' EXIT INT TERM
#   export BDB_TEST_PG_URL
set -eu

STATE=${BDB_PG_STATE:-/tmp/benchdb-pg-test.state}

say() { echo "pg-test-server: $*" >&2; }

find_bin() {
    # initdb and pg_ctl live in /usr/lib/postgresql/NN/bin on Debian
    if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v pg_ctl)")"
        return 0
    fi
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ]; then
            echo "$d"
            return 0
        fi
    done
    return 1
}

# Runs "$@" as the cluster's owner.
as_owner() {
    if [ "$(id -u)" -ne 0 ]; then
        "$@"
    elif command -v runuser >/dev/null 2>&1; then
        runuser -u "$OWNER" -- "$@"
    else
        su -s /bin/sh "$OWNER" -c "$(printf '%s ' "$@")"
    fi
}

free_port() {
    # the kernel's choice of a free port, through python3 when there is one
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
    else
        echo $(( 20000 + $$ % 20000 ))
    fi
}

start() {
    BIN=$(find_bin) || { say "no PostgreSQL server found (apt-get install postgresql)"; exit 1; }
    if [ "$(id -u)" -eq 0 ]; then
        if id postgres >/dev/null 2>&1; then
            OWNER=postgres
        else
            OWNER=benchdb-pg
            id "$OWNER" >/dev/null 2>&1 || useradd --system --no-create-home "$OWNER"
        fi
    else
        OWNER=$(id -un)
    fi
    DIR=$(mktemp -d /tmp/benchdb-pg.XXXXXX)
    chmod 755 "$DIR"
    mkdir "$DIR/data" "$DIR/sock"
    [ "$(id -u)" -eq 0 ] && chown "$OWNER" "$DIR/data" "$DIR/sock"
    echo "$DIR" > "$STATE"
    as_owner "$BIN/initdb" -D "$DIR/data" -A trust -U benchdb -E UTF8 --locale=C >"$DIR/initdb.log" 2>&1 || {
        say "initdb failed:"; cat "$DIR/initdb.log" >&2; exit 1; }
    PORT=$(free_port)
    # fsync off: a throwaway server, and the tests commit many times
    if ! as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/sock/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR/sock -c fsync=off -c max_connections=64" \
            start >"$DIR/pg_ctl.log" 2>&1; then
        say "the server did not start:"; cat "$DIR/pg_ctl.log" "$DIR/sock/server.log" >&2 || true
        exit 1
    fi
    echo "$BIN" > "$DIR/bin"
    echo "$PORT" > "$DIR/port"
    i=0
    until as_owner "$BIN/psql" -h "$DIR/sock" -p "$PORT" -U benchdb -d postgres -qAtc \
            "CREATE DATABASE benchdb_test" >/dev/null 2>"$DIR/createdb.log"; do
        i=$((i + 1))
        if [ $i -ge 20 ]; then
            say "cannot create the test database:"; cat "$DIR/createdb.log" >&2; exit 1
        fi
        sleep 0.5
    done
    say "server on 127.0.0.1:$PORT and $DIR/sock (data in $DIR/data)"
    echo "postgresql://benchdb@127.0.0.1:$PORT/benchdb_test"
}

stop() {
    [ -f "$STATE" ] || exit 0
    DIR=$(cat "$STATE")
    if [ -d "$DIR/data" ] && [ -f "$DIR/bin" ]; then
        BIN=$(cat "$DIR/bin")
        OWNER=$(stat -c %U "$DIR/data")
        as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    case "$DIR" in
        /tmp/benchdb-pg.*) rm -rf "$DIR" ;;
    esac
    rm -f "$STATE"
}

case "${1:-}" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: sh scripts/pg-test-server.sh start|stop" >&2; exit 2 ;;
esac
