#!/usr/bin/env bash
# Measures the decision service (`split-test-server`, release build) with wrk on loopback: POST
# /v1/assignments for units whose groups are stored and for new units, against GET /health of the
# same server(s), OFREP's bulk POST /ofrep/v1/evaluate/flags for the repeat units, and POST
# /v1/events in batches of 100. First one server on a new SQLite file;
# with --postgres, then two servers sharing one database of a throwaway PostgreSQL cluster, wrk's
# threads spread over both. Prints a Markdown table per database with requests per second, p50
# and p99, the ratios and the verdicts against the service's targets; progress goes to standard
# error. Not part of `swift test` nor of .ci/run; about 2 minutes a run once the server is built
# (10+ minutes to build it).
#
#   bash Benchmarks/Server/run.sh [--check] [--postgres] [--help]
#
# --check     exit 1 when a target is missed (the tables are printed first).
# --help      print this text and exit.
# --postgres  also measure two instances sharing one PostgreSQL database (initdb from Debian's
#             postgresql package; fsync and synchronous_commit on, as in production).
#
# Targets: SQLite, repeat units at least 0.5x /health, new units 0.2x, OFREP bulk for repeat
# units 0.5x, 100,000 events/s; PostgreSQL with two instances, repeat units 0.3x, new units 0.1x,
# 100,000 events/s (OFREP measured, no target).
#
# Environment: THREADS, CONNECTIONS, DURATION (wrk's -t, -c, -d; default 2, 32, 10s; with two
# instances THREADS must be even), WARMUP (seconds of each warm-up, default 3), REPEAT_UNITS (the
# set of repeat units, default 1000), RUNS (runs of every scenario against the same servers,
# default 1; the tables give each figure's median over the runs, and every run's ratios).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
threads="${THREADS:-2}"
connections="${CONNECTIONS:-32}"
duration="${DURATION:-10s}"
warmup="${WARMUP:-3}"
repeat_units="${REPEAT_UNITS:-1000}"
runs="${RUNS:-1}"
check=0
postgres=0
for argument in "$@"; do
    case "$argument" in
        --check) check=1 ;;
        --postgres) postgres=1 ;;
        -h | --help)
            # The comment at the top of this file, without its '# '.
            sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"
            exit 0 ;;
        *) printf 'run.sh: unknown argument %s (known: --check, --postgres, --help)\n' "$argument" >&2; exit 2 ;;
    esac
done

step() { printf '==> %s\n' "$*" >&2; }
fail() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

for tool in swift wrk sqlite3 python3; do
    command -v "$tool" >/dev/null || fail "$tool is not on PATH (wrk and sqlite3: apt-get install -y wrk sqlite3)"
done

work="$(mktemp -d "${TMPDIR:-/tmp}/split-test-server-bench.XXXXXX")"
server_pids=()
ports=()
postgres_pid=""
as_owner=()
stop_servers() {
    local pid
    for pid in "${server_pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${server_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    server_pids=()
    ports=()
}
cleanup() {
    stop_servers
    if [ -n "$postgres_pid" ]; then
        # runuser does not pass signals on: pg_ctl stops the server itself (fast: ends sessions).
        "${as_owner[@]}" "$binaries/pg_ctl" -D "$work/postgres/data" stop -m fast >/dev/null 2>&1 || true
        wait "$postgres_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

step "Building split-test-server (release)"
swift build --package-path "$root/Server" -c release --product split-test-server >&2
server="$(swift build --package-path "$root/Server" -c release --show-bin-path)/split-test-server"

# Starts a server on a free loopback port with the database URL $1; adds its pid and port to
# server_pids and ports.
start_server() {
    local log="$work/server-$RANDOM.log" pid port=""
    "$server" --definitions "$here/experiments" --database "$1" --host 127.0.0.1 --port 0 >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 600); do
        port="$(sed -n 's|.*listening on http://127.0.0.1:\([0-9]*\).*|\1|p' "$log")"
        if [ -n "$port" ]; then
            server_pids+=("$pid")
            ports+=("$port")
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; fail "split-test-server exited at start"; }
        sleep 0.1
    done
    fail "split-test-server did not start within a minute"
}

# CPU time (user + system) of the servers in clock ticks.
server_ticks() {
    local pid total=0
    for pid in "${server_pids[@]}"; do total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat"))); done
    echo "$total"
}
# Busy and total ticks of the whole machine.
machine_ticks() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat; }

# Runs wrk with script $2 and its arguments ($3…) for $1 seconds or wrk's duration ("-" for the
# configured one), its threads spread over the servers; prints one JSON object: wrk's figures,
# the servers' CPU seconds and the machine's load meanwhile.
measure() {
    local seconds="$1" script="$2"
    shift 2
    local length="$duration"
    [ "$seconds" != "-" ] && length="${seconds}s"
    local load_before server_before machine_before server_after machine_after output
    load_before="$(cut -d' ' -f1 /proc/loadavg)"
    server_before="$(server_ticks)"
    machine_before="$(machine_ticks)"
    output="$(SERVER_PORTS="$(IFS=,; echo "${ports[*]}")" wrk -t"$threads" -c"$connections" -d"$length" \
        --timeout 10s -s "$here/wrk/$script" "http://127.0.0.1:${ports[0]}" -- "$@")" || fail "wrk failed: $output"
    server_after="$(server_ticks)"
    machine_after="$(machine_ticks)"
    local wrk_json
    wrk_json="$(printf '%s\n' "$output" | sed -n 's/^WRK_JSON //p')"
    [ -n "$wrk_json" ] || fail "wrk printed no figures: $output"
    python3 - "$wrk_json" "$server_before" "$server_after" "$machine_before" "$machine_after" \
        "$(getconf CLK_TCK)" "$load_before" "$(cut -d' ' -f1 /proc/loadavg)" <<'EOF'
import json, sys
figures = json.loads(sys.argv[1])
server_before, server_after = int(sys.argv[2]), int(sys.argv[3])
busy_before, total_before = map(int, sys.argv[4].split())
busy_after, total_after = map(int, sys.argv[5].split())
ticks = int(sys.argv[6])
figures["server_cpu_seconds"] = (server_after - server_before) / ticks
figures["machine_busy_share"] = (busy_after - busy_before) / max(1, total_after - total_before)
figures["load_before"], figures["load_after"] = float(sys.argv[7]), float(sys.argv[8])
errors = figures["errors"]
if errors["status"] or errors["connect"] or errors["timeout"]:
    sys.exit(f"run.sh: wrk saw failed requests: {errors}")
print(json.dumps(figures))
EOF
}

# Runs the scenarios against the servers; $1 names the database (and the run) in the results
# file $2.
run_scenarios() {
    local database="$1" results="$2"
    local prefix="run$$-$database"
    step "[$database] warming up ($warmup s each): /health, $repeat_units repeat units assigned, new units, events"
    measure "$warmup" health.lua >/dev/null
    # Until every repeat unit (a device and a user each) has its groups stored: its first
    # request is a new unit's.
    local stored_repeat=0 attempt
    for attempt in $(seq 20); do
        measure "$warmup" repeat_units.lua "$repeat_units" >/dev/null
        stored_repeat="$(count "SELECT COUNT(DISTINCT unit) FROM assignments WHERE unit LIKE 'repeat-%'")"
        [ "$stored_repeat" = $((2 * repeat_units)) ] && break
    done
    [ "$stored_repeat" = $((2 * repeat_units)) ] ||
        fail "the warm-up stored groups for $stored_repeat repeat units, not $((2 * repeat_units))"
    measure "$warmup" new_units.lua "$prefix-warmup" >/dev/null
    measure "$warmup" ofrep_bulk.lua "$repeat_units" >/dev/null
    measure "$warmup" events.lua >/dev/null
    local events_before
    events_before="$(count "SELECT COUNT(*) FROM events")"

    local health repeat new new_rows ofrep events events_stored health_after
    step "[$database] GET /health ($duration, -t$threads -c$connections)"
    health="$(measure - health.lua)"
    step "[$database] POST /v1/assignments, 10 experiments, repeat units"
    repeat="$(measure - repeat_units.lua "$repeat_units")"
    step "[$database] POST /v1/assignments, 10 experiments, new units"
    new="$(measure - new_units.lua "$prefix-measured")"
    new_rows="$(count "SELECT COUNT(*) FROM assignments WHERE unit LIKE '$prefix-measured-%'")"
    step "[$database] POST /ofrep/v1/evaluate/flags, every experiment, repeat units"
    ofrep="$(measure - ofrep_bulk.lua "$repeat_units")"
    step "[$database] POST /v1/events, batches of 100"
    events="$(measure - events.lua)"
    events_stored=$(( $(count "SELECT COUNT(*) FROM events") - events_before ))
    step "[$database] GET /health again"
    health_after="$(measure - health.lua)"
    printf '{"health": %s, "repeat": %s, "new": %s, "new_rows": %s, "ofrep": %s, "events": %s, "events_stored": %s, "health_after": %s}\n' \
        "$health" "$repeat" "$new" "$new_rows" "$ofrep" "$events" "$events_stored" "$health_after" > "$results"
}

# Runs the scenarios $runs times against the servers started; $1 names the database. Adds the
# results files, comma-separated, to result_files.
run_all() {
    local database="$1" files=() run
    for run in $(seq "$runs"); do
        run_scenarios "$database-$run" "$work/$database-$run.json"
        files+=("$work/$database-$run.json")
    done
    result_files+=("$database=$(IFS=,; echo "${files[*]}")")
}

result_files=()
step "Starting split-test-server on a new SQLite file in $work"
database_file="$work/bench.sqlite"
count() { sqlite3 "$database_file" "$1"; }
start_server "sqlite:$database_file"
run_all sqlite
stop_servers

if [ "$postgres" = 1 ]; then
    [ $((threads % 2)) = 0 ] || fail "THREADS must be even with --postgres: wrk's threads are spread over two instances"
    binaries="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
    [ -x "$binaries/initdb" ] || fail "PostgreSQL not found: apt-get install -y postgresql"
    step "Starting a throwaway PostgreSQL cluster (fsync and synchronous_commit on, as in production)"
    cluster="$work/postgres"
    mkdir -p "$cluster"
    if [ "$(id -u)" = 0 ]; then
        # initdb refuses root; the cluster belongs to the postgres user of Debian's package.
        chmod a+x "$work"
        chown postgres: "$cluster"
        as_owner=(runuser -u postgres --)
    fi
    "${as_owner[@]}" "$binaries/initdb" -D "$cluster/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >/dev/null
    postgres_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    "${as_owner[@]}" "$binaries/postgres" -D "$cluster/data" -p "$postgres_port" -c listen_addresses=127.0.0.1 \
        -k "$cluster" -c max_connections=100 >"$cluster/server.log" 2>&1 &
    postgres_pid=$!
    for _ in $(seq 600); do
        grep -q "ready to accept connections" "$cluster/server.log" && break
        kill -0 "$postgres_pid" 2>/dev/null || { cat "$cluster/server.log" >&2; fail "PostgreSQL exited at start"; }
        sleep 0.1
    done
    count() { "$binaries/psql" -h 127.0.0.1 -p "$postgres_port" -U postgres -At -c "$1" postgres; }
    [ "$(count "SHOW fsync"),$(count "SHOW synchronous_commit")" = "on,on" ] ||
        fail "the cluster does not flush its commits (fsync, synchronous_commit)"
    step "Starting two split-test-server instances on one PostgreSQL database"
    start_server "postgres://postgres@127.0.0.1:$postgres_port/postgres"
    start_server "postgres://postgres@127.0.0.1:$postgres_port/postgres"
    run_all postgres
    stop_servers
fi

step "Results"
check_flag=()
[ "$check" = 1 ] && check_flag=(--check)
python3 "$here/report.py" --connections "$connections" --threads "$threads" --duration "$duration" \
    "${check_flag[@]}" "${result_files[@]}"
