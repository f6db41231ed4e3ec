#!/usr/bin/env bash
# Builds the benchmarks in debug and release, measures the compiler, the generated code and the
# runtime, `splitc analyze`, `splitc test`, `splitc catalog` and the decision service against
# references measured in the same run, prints a table and writes BENCHMARKS.md at the repository
# root, whole. Takes about 35 minutes on 2 cores from a clean build (the service's release build
# is 10 of them), 12 once built; not part of .ci/run. The analysis needs
# Python's duckdb (`python3 -m pip install duckdb`).
#
#   bash Benchmarks/run.sh
#
# Environment: SIZES (corpus sizes, default 1000,10000), TYPECHECK_SIZES (default 100,1000),
# REPETITIONS (release repetitions, default 5; debug and type-check runs use fewer),
# PLUGIN_DEFINITIONS (definitions in the plugin benchmark's package, default 50),
# PLUGIN_REPETITIONS (no-change builds of each package, default 10),
# ANALYSIS_EVENTS and ANALYSIS_UNITS (the analysis', the bandit's and the metrics' full size, default
# 10000000 and 1000000; ANALYSIS_EVENTS=0 skips all three).
# SERVICE (0 skips the decision service's benchmark, Benchmarks/Server/run.sh, which needs wrk,
# sqlite3 and PostgreSQL).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
sizes="${SIZES:-1000,10000}"
typecheck_sizes="${TYPECHECK_SIZES:-100,1000}"
repetitions="${REPETITIONS:-5}"
plugin_definitions="${PLUGIN_DEFINITIONS:-50}"
plugin_repetitions="${PLUGIN_REPETITIONS:-10}"
analysis_events="${ANALYSIS_EVENTS:-10000000}"
analysis_units="${ANALYSIS_UNITS:-1000000}"
debug_repetitions=$(( repetitions > 3 ? 3 : repetitions ))
release_build="$here/.build-release"
debug_build="$here/.build-debug"
results="$here/.build-results"
command_line="bash Benchmarks/run.sh${SIZES:+ (SIZES=$SIZES)}"

step() { printf '\n==> %s\n' "$*" >&2; }
fail() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

command -v swift >/dev/null || fail "swift is not on PATH"
pkg-config --exists yaml-0.1 || fail "libyaml is missing: apt-get install libyaml-dev (or brew install libyaml)"
if [ "$analysis_events" != 0 ]; then
    python3 -c "import duckdb" 2>/dev/null || fail "the analysis needs duckdb: python3 -m pip install duckdb (or ANALYSIS_EVENTS=0)"
fi

cd "$here"
rm -rf "$results"
mkdir -p "$results"

# SwiftPM does not always notice a source file added to the root package (a path dependency)
# since the last build in a scratch folder; clean those builds when the set of files changed.
fingerprint="$(cd "$root" && find Sources -type f | LC_ALL=C sort | cksum)"
for scratch in "$release_build" "$debug_build"; do
    if [ -d "$scratch" ] && [ "$(cat "$scratch/sources.fingerprint" 2>/dev/null)" != "$fingerprint" ]; then
        swift package --scratch-path "$scratch" clean >&2
    fi
done

step "Building the harnesses (release)"
# splitc is the root package's product, built here as a dependency so that it shares the
# release build of the runtime.
for product in compiler-bench yams-bench plugin-bench bandit-bench metrics-bench benchmark-report splitc; do
    swift build --scratch-path "$release_build" -c release --product "$product" >&2
done
step "Building the harnesses (debug, as the build plugin runs splitc-build)"
for product in compiler-bench yams-bench; do
    swift build --scratch-path "$debug_build" -c debug --product "$product" >&2
done
for scratch in "$release_build" "$debug_build"; do echo "$fingerprint" > "$scratch/sources.fingerprint"; done
release_bin="$(swift build --scratch-path "$release_build" -c release --show-bin-path)"
debug_bin="$(swift build --scratch-path "$debug_build" -c debug --show-bin-path)"

step "Checking the report's sentences on synthetic runs that meet and miss the targets"
"$release_bin/benchmark-report" self-test >&2

step "Recording the machine"
{
    echo "commit: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "uname -m: $(uname -m)"
    echo "uname -sr: $(uname -sr)"
    echo "cores (nproc): $(nproc)"
    if command -v free >/dev/null; then
        echo "memory: $(free -h | awk '/^Mem:/ { print $2 }')"
    fi
    swift --version 2>&1 | grep -v '^$'
} > "$results/machine.txt"

step "Compiler against the libyaml scan (release, $repetitions repetitions)"
"$release_bin/compiler-bench" compile --experiments "$sizes" --repetitions "$repetitions" \
    --output "$results/compiler-release.json" >&2
step "Yams compose (release)"
"$release_bin/yams-bench" compose --experiments "$sizes" --repetitions "$repetitions" \
    --output "$results/yams-release.json" >&2
step "Compiler against the libyaml scan (debug, $debug_repetitions repetitions)"
"$debug_bin/compiler-bench" compile --experiments "$sizes" --repetitions "$debug_repetitions" \
    --output "$results/compiler-debug.json" >&2
step "Yams compose (debug)"
"$debug_bin/yams-bench" compose --experiments "$sizes" --repetitions "$debug_repetitions" \
    --output "$results/yams-debug.json" >&2

step "Type-checking the generated code"
module_file="$(find "$release_build" -name SplitTesting.swiftmodule -path '*release*' -print -quit)"
[ -n "$module_file" ] || fail "no SplitTesting.swiftmodule under $release_build"
"$release_bin/compiler-bench" typecheck --experiments "$typecheck_sizes" \
    --repetitions "$debug_repetitions" --module-dir "$(dirname "$module_file")" \
    --work-dir "$results/generated" --output "$results/typecheck.json" >&2

step "Runtime (ordo-one/benchmark)"
swift package --scratch-path "$release_build" --disable-sandbox benchmark \
    --target RuntimeBenchmarks --no-progress --format markdown --scale > "$results/runtime.md"

step "No-change builds: the build plugin against the generated file committed ($plugin_definitions definitions)"
"$release_bin/plugin-bench" no-change --definitions "$plugin_definitions" --repetitions "$plugin_repetitions" \
    --split-testing "$root" --work-dir "$results/plugin-packages" --output "$results/plugin.json" >&2

if [ "$analysis_events" != 0 ]; then
    step "splitc analyze against DuckDB on the emitted SQL, and with --cuped --sequential ($analysis_events events, $analysis_units units)"
    python3 "$here/Analysis/analysis_bench.py" "$release_bin/splitc" --events "$analysis_events" \
        --units "$analysis_units" --output "$results/analysis.json" >&2
fi

if [ "$analysis_events" != 0 ]; then
    step "splitc bandit against splitc analyze, and the weights of 10 arms ($analysis_events events, $analysis_units units)"
    python3 "$here/Analysis/bandit_bench.py" "$release_bin/splitc" "$release_bin/bandit-bench" --events "$analysis_events" \
        --units "$analysis_units" --output "$results/bandit.json" >&2
fi

if [ "$analysis_events" != 0 ]; then
    step "Five metrics against the plain readout, and their memory against the units ($analysis_events events, $analysis_units units)"
    python3 "$here/Analysis/metrics_bench.py" "$release_bin/splitc" "$release_bin/metrics-bench" --events "$analysis_events" \
        --units "$analysis_units" --output "$results/metrics.json" >&2
fi

step "splitc test and splitc catalog against their references, and the catalog's growth from 1,000 to 4,000 experiments"
# A missed target is a MISSES row of the report, not a failed run: the script's status is not fatal here.
python3 "$here/Specs/specs_bench.py" "$release_bin/splitc" --repetitions "$repetitions" \
    --output "$results/specs.json" >&2 || echo "run.sh: a specs or catalog target was missed (see the table)" >&2

if [ "${SERVICE:-1}" != 0 ]; then
    step "The decision service under wrk: one instance on SQLite, two on PostgreSQL (Benchmarks/Server/run.sh --postgres)"
    # A missed target is a MISSES row of its table, not a failed run.
    bash "$here/Server/run.sh" --postgres > "$results/service.md" ||
        { echo "run.sh: the decision service's benchmark did not finish (see above)" >&2; rm -f "$results/service.md"; }
else
    rm -f "$results/service.md"
fi

step "Writing BENCHMARKS.md"
"$release_bin/benchmark-report" write --results "$results" --output "$root/BENCHMARKS.md" \
    --command "$command_line"
