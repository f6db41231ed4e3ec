#!/usr/bin/env bash
# Fuzzes every target of Fuzzing/Package.swift listed below, with libFuzzer and AddressSanitizer,
# each for a bounded time, from one shared build. See Fuzzing/README.md.
#
#   bash Fuzzing/run.sh            # 60 seconds each, as .ci/run does
#   bash Fuzzing/run.sh 3600       # an hour each; the corpora in Fuzzing/corpus-work grow across runs
#
# Each fuzzer keeps its corpus in Fuzzing/corpus-work/<name>/corpus and its findings (crash-*,
# timeout-*, oom-*) in Fuzzing/corpus-work/<name>/findings; the findings of the previous run are
# moved to findings.previous. Exits non-zero, naming each fuzzer and finding, when a fuzzer finds
# a crash, a hang (-timeout) or a memory blow-up, or when a listed fuzzer was not built.
set -euo pipefail

seconds="${1:-60}"
case "$seconds" in
    '' | *[!0-9]*) echo "usage: Fuzzing/run.sh [SECONDS]" >&2; exit 2 ;;
esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
work="$here/corpus-work"
scratch="$here/.build-fuzz"

# The fuzzers: name, seed folders (comma-separated, relative to Fuzzing/), dictionary or "-".
# The compiler's seeds are gathered below into corpus-work/CompilerFuzzer/seeds.
fuzzers=(
    "CompilerFuzzer          corpus-work/CompilerFuzzer/seeds  definitions.dict"
    "ControlDocumentFuzzer   seeds/control                     control.dict"
    "AttributesFuzzer        seeds/attributes                  -"
    "EventLogFuzzer          seeds/events                      -"
    "ControlEnvelopeFuzzer   seeds/envelope                    control.dict"
    "AggregatesFuzzer        seeds/aggregates                  -"
    "StoreFileFuzzer         seeds/store                       -"
    "AssignmentRequestFuzzer seeds/assignments                 -"
    "EventBatchFuzzer        seeds/event-batches               -"
    "OFREPRequestFuzzer      seeds/ofrep                       -"
)

cd "$here"
# SwiftPM does not always notice a source file added to the root package (a path dependency)
# since the last build in this scratch folder; clean the build when the set of files changed.
fingerprint="$(cd "$root" && find Sources -type f | LC_ALL=C sort | cksum)"
if [ -d "$scratch" ] && [ "$(cat "$scratch/sources.fingerprint" 2>/dev/null)" != "$fingerprint" ]; then
    swift package --scratch-path "$scratch" clean >&2
fi
# SwiftPM's --sanitize fuzzer (not only -Xswiftc) stops it renaming `main`, which libFuzzer
# supplies. But SwiftPM passes each sanitizer as its own `-sanitize=` flag, and swiftc keeps only
# the last one: `-sanitize=fuzzer -sanitize=address` is AddressSanitizer alone, without the
# coverage instrumentation that -sanitize=fuzzer implies, and libFuzzer mutates blindly ("no
# interesting inputs were found"). `-Xswiftc -sanitize=fuzzer,address` comes last and names both.
# -parse-as-library because the targets have no top-level code.
flags=(-c release --sanitize fuzzer --sanitize address -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
swift build --scratch-path "$scratch" "${flags[@]}" >&2
mkdir -p "$scratch" && echo "$fingerprint" > "$scratch/sources.fingerprint"
bin="$(swift build --scratch-path "$scratch" "${flags[@]}" --show-bin-path)"

# The compiler's seeds: every definition under experiments/, the Kotlin and TypeScript edge cases
# of the splitc tests, the bad definitions of the compiler's tests (the fixture files and fuzz
# regressions, and the YAML string literals of the diagnostics tests).
compiler_seeds="$work/CompilerFuzzer/seeds"
rm -rf "$compiler_seeds" && mkdir -p "$compiler_seeds"
seed=0
add_seed() { seed=$((seed + 1)); cat > "$compiler_seeds/seed-$seed.yaml"; }
while IFS= read -r -d '' file; do
    add_seed < "$file"
done < <(find "$root/experiments" "$root/Tests/SplitTestCompilerTests" "$root/Tests/SplitcTests/Support/EdgeDefinitions" \
    \( -name '*.yaml' -o -name '*.yml' \) -type f -print0)
# Each one-line string literal holding an escaped newline or a "key:" becomes a seed, alone and
# appended to a valid experiment.
base="$(cat "$root/experiments/button_color.yaml")"
while IFS= read -r literal; do
    text="${literal:1:${#literal}-2}"
    text="${text//\\\"/\"}"
    # Process substitution, not a pipe: add_seed must run in this shell to count.
    add_seed < <(printf '%b' "$text")
    add_seed < <(printf '%s\n' "$base"; printf '%b\n' "$text")
done < <(cat "$root"/Tests/SplitTestCompilerTests/*.swift 2>/dev/null \
    | grep -oE '"([^"\\]|\\.)*(\\n|[a-z_]+: )([^"\\]|\\.)*"' \
    | grep -vE ': (error|warning|note): ' || true)

# Corpora of the layout before one folder per fuzzer.
[ -d "$work/corpus" ] && [ ! -d "$work/CompilerFuzzer/corpus" ] && mv "$work/corpus" "$work/CompilerFuzzer/corpus"
[ -d "$work/control/corpus" ] && [ ! -d "$work/ControlDocumentFuzzer/corpus" ] \
    && mkdir -p "$work/ControlDocumentFuzzer" && mv "$work/control/corpus" "$work/ControlDocumentFuzzer/corpus"

failures=()
for line in "${fuzzers[@]}"; do
    read -r name seeds dict <<< "$line"
    fuzzer="$bin/$name"
    if [ ! -x "$fuzzer" ]; then
        failures+=("$name: not built ($fuzzer is missing)")
        continue
    fi
    dir="$work/$name"
    mkdir -p "$dir/corpus" "$dir/findings"
    rm -rf "$dir/findings.previous" && mv "$dir/findings" "$dir/findings.previous"
    mkdir -p "$dir/findings"
    seed_dirs=()
    IFS=',' read -r -a seed_list <<< "$seeds"
    for folder in "${seed_list[@]}"; do
        if [ ! -d "$here/$folder" ]; then
            failures+=("$name: seed folder Fuzzing/$folder is missing")
            continue 2
        fi
        seed_dirs+=("$here/$folder")
    done
    options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536
        -artifact_prefix="$dir/findings/" -print_final_stats=1)
    [ "$dict" = "-" ] || options+=(-dict="$here/$dict")
    echo "== $name: $(find "${seed_dirs[@]}" -type f | wc -l) seeds, $(find "$dir/corpus" -type f | wc -l) corpus inputs, $seconds s" >&2
    status=0
    "$fuzzer" "$dir/corpus" "${seed_dirs[@]}" "${options[@]}" > "$dir/last-run.log" 2>&1 || status=$?
    # The coverage line libFuzzer printed last, and its final statistics.
    grep -E '^#[0-9]+' "$dir/last-run.log" | tail -n 1 >&2 || true
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)' "$dir/last-run.log" >&2 || true
    if [ "$status" -ne 0 ] || compgen -G "$dir/findings/*" > /dev/null; then
        tail -n 40 "$dir/last-run.log" >&2
        found="$(cd "$dir/findings" && ls -1 | tr '\n' ' ')"
        failures+=("$name (exit $status): ${found:-no input saved; see Fuzzing/corpus-work/$name/last-run.log}")
    fi
done

if [ "${#failures[@]}" -ne 0 ]; then
    echo "fuzzing FAILED:" >&2
    for failure in "${failures[@]}"; do echo "  $failure" >&2; done
    echo "inputs are in Fuzzing/corpus-work/<fuzzer>/findings/; see Fuzzing/README.md" >&2
    exit 1
fi
echo "fuzzing: no crash, hang or memory blow-up in $seconds s of each of ${#fuzzers[@]} fuzzers" >&2
