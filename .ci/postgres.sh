# A throwaway PostgreSQL server for the tests (issue 19). Source this file, then run `start_postgres`: it starts
# PostgreSQL (15, from the machine's packages; `apt-get install postgresql` where it is missing) in a temporary
# folder, listening on a unix socket in that folder only (no TCP port), exports REFEREE_TEST_PG (the URL the
# tests create their databases from), and stops and removes the server when the calling shell exits.
# Durability is off (fsync, synchronous_commit): a test server's data is thrown away anyway.
# Run as root, the server runs as the `postgres` user (initdb refuses root); otherwise as the current user.

_pg_bin() {
    local d
    for d in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then echo "$d"; return 0; fi
    done
    return 1
}

start_postgres() {
    local bin run
    if ! bin=$(_pg_bin); then
        echo "postgres.sh: no PostgreSQL binaries; installing the postgresql package" >&2
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
        bin=$(_pg_bin) || { echo "postgres.sh: PostgreSQL could not be installed" >&2; return 1; }
    fi
    PG_TMP=$(mktemp -d /tmp/referee-pg.XXXXXX)
    run=()
    if [ "$(id -u)" = 0 ]; then
        id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
        chown postgres "$PG_TMP"
        run=(runuser -u postgres --)
    fi
    PG_CTL=("${run[@]}" "$bin/pg_ctl" -D "$PG_TMP/data")
    # (from the temporary folder: the postgres user may not enter the folder this runs from)
    (cd "$PG_TMP" && "${run[@]}" "$bin/initdb" -D "$PG_TMP/data" -U postgres -A trust -E UTF8 --locale=C --no-sync) \
        >"$PG_TMP/initdb.log" 2>&1 || { cat "$PG_TMP/initdb.log" >&2; return 1; }
    trap stop_postgres EXIT
    (cd "$PG_TMP" && "${PG_CTL[@]}" -l "$PG_TMP/server.log" -w -t 60 start \
        -o "-k $PG_TMP -c listen_addresses='' -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off") \
        >/dev/null || { cat "$PG_TMP/server.log" >&2; return 1; }
    export REFEREE_TEST_PG="postgresql://postgres@/postgres?host=$PG_TMP"
    echo "postgres.sh: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on $PG_TMP (REFEREE_TEST_PG)" >&2
}

stop_postgres() {
    if [ -n "${PG_TMP:-}" ] && [ -d "$PG_TMP" ]; then
        (cd "$PG_TMP" && "${PG_CTL[@]}" -m immediate -w stop) >/dev/null 2>&1 || true
        rm -rf "$PG_TMP"
    fi
}
