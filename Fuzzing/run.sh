#!/usr/bin/env bash
# Fuzzes, with libFuzzer and AddressSanitizer, each for a bounded time: the compiler (bytes →
# diagnostics → Swift, CompilerFuzzer) and the runtime's reading of a control document's payload
# (ControlDocumentFuzzer).
#
#   bash Fuzzing/run.sh            # 60 seconds each, as .ci/run does
#   bash Fuzzing/run.sh 3600       # an hour each; the corpora in Fuzzing/corpus-work grow across runs
#
# Compiler seeds: every definition under experiments/, the bad definitions of the compiler's tests
# (the fixture files, and the YAML string literals of the diagnostics tests) and the fuzz
# regressions. Control seeds: Fuzzing/seeds/control/, valid and broken payloads.
# Exits non-zero when libFuzzer finds a crash, a hang (-timeout) or a memory blow-up; the input
# is saved as Fuzzing/corpus-work/findings/crash-* (compiler) or
# Fuzzing/corpus-work/control/findings/crash-* (or timeout-*, oom-*). Turn each compiler finding
# into a file under Tests/SplitTestCompilerTests/FuzzRegressions/, each control finding into a
# case of Tests/SplitTestingTests/ControlPayloadTests.swift and a seed.
set -euo pipefail

seconds="${1:-60}"
case "$seconds" in
    '' | *[!0-9]*) echo "usage: Fuzzing/run.sh [SECONDS]" >&2; exit 2 ;;
esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
work="$here/corpus-work"
scratch="$here/.build-fuzz"

cd "$here"
# SwiftPM does not always notice a source file added to the root package (a path dependency)
# since the last build in this scratch folder; clean the build when the set of files changed.
fingerprint="$(cd "$root" && find Sources -type f | LC_ALL=C sort | cksum)"
if [ -d "$scratch" ] && [ "$(cat "$scratch/sources.fingerprint" 2>/dev/null)" != "$fingerprint" ]; then
    swift package --scratch-path "$scratch" clean >&2
fi
# SwiftPM's own --sanitize=fuzzer (not -Xswiftc) also stops it renaming `main`, which
# libFuzzer supplies; -parse-as-library because the target has no top-level code.
swift build --scratch-path "$scratch" -c release --sanitize fuzzer --sanitize address -Xswiftc -parse-as-library >&2
mkdir -p "$scratch" && echo "$fingerprint" > "$scratch/sources.fingerprint"
bin="$(swift build --scratch-path "$scratch" -c release --sanitize fuzzer --sanitize address --show-bin-path)"
fuzzer="$bin/CompilerFuzzer"

# Findings of an earlier run are kept aside, not mistaken for this run's.
mkdir -p "$work/corpus" "$work/seeds" "$work/findings"
rm -rf "$work/findings.previous" && mv "$work/findings" "$work/findings.previous"
mkdir -p "$work/findings"
rm -f "$work/seeds"/*
seed=0
add_seed() { seed=$((seed + 1)); cat > "$work/seeds/seed-$seed.yaml"; }

while IFS= read -r -d '' file; do
    add_seed < "$file"
done < <(find "$root/experiments" "$root/Tests/SplitTestCompilerTests" \
    \( -name '*.yaml' -o -name '*.yml' \) -type f -print0)

# The diagnostics tests keep their bad definitions inline: each one-line string literal holding
# an escaped newline or a "key:" becomes a seed, alone and appended to a valid experiment.
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
echo "fuzzing the compiler with $seed seeds for $seconds s" >&2

status=0
"$fuzzer" "$work/corpus" "$work/seeds" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict="$here/definitions.dict" \
    -artifact_prefix="$work/findings/" -print_final_stats=1 2>&1 | tail -n 40 || status=$?

failed=0
if [ "$status" -ne 0 ] || compgen -G "$work/findings/*" >/dev/null; then
    echo "the compiler fuzzer found a crash, hang or memory blow-up (exit $status); inputs:" >&2
    ls -1 "$work/findings" >&2
    failed=1
fi

# The control document's payload: its own corpus, seeds and findings.
control="$work/control"
mkdir -p "$control/corpus" "$control/findings"
rm -rf "$control/findings.previous" && mv "$control/findings" "$control/findings.previous"
mkdir -p "$control/findings"
echo "fuzzing the control payload with $(find "$here/seeds/control" -type f | wc -l) seeds for $seconds s" >&2
status=0
"$bin/ControlDocumentFuzzer" "$control/corpus" "$here/seeds/control" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict="$here/control.dict" \
    -artifact_prefix="$control/findings/" -print_final_stats=1 2>&1 | tail -n 40 || status=$?
if [ "$status" -ne 0 ] || compgen -G "$control/findings/*" >/dev/null; then
    echo "the control payload fuzzer found a crash, hang or memory blow-up (exit $status); inputs:" >&2
    ls -1 "$control/findings" >&2
    failed=1
fi

[ "$failed" -eq 0 ] || exit 1
echo "fuzzing: no crash, hang or memory blow-up in $seconds s of each fuzzer" >&2
