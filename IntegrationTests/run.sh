#!/usr/bin/env bash
# End-to-end test of the build plugin: builds a copy of IntegrationTests/Fixture, which depends on
# this package by path, and checks what a developer sees when definitions are added, edited,
# removed or broken. The repository itself is never modified: everything happens in a temporary
# copy, with the build folder in IntegrationTests/.build (ignored by git).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
scratch="$here/.build/scratch"
work="$(mktemp -d "${TMPDIR:-/tmp}/splittesting-integration.XXXXXX")"
trap 'rm -rf "$work"' EXIT

failures=0
pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1"; failures=$((failures + 1)); }
step() { echo; echo "== $1"; }

# A copy of the package without build products or history; the fixture inside it finds the
# package at ../.. as it does in the repository.
copy="$work/SplitTesting"
mkdir -p "$copy"
tar -C "$root" --exclude='./.build' --exclude='./.build-*' --exclude='./.build_*' --exclude='./.git' \
    --exclude='./.swiftpm' --exclude='./IntegrationTests/.build' --exclude='./Benchmarks' -cf - . \
    | tar -C "$copy" -xf -
fixture="$copy/IntegrationTests/Fixture"
rm -rf "$scratch"
mkdir -p "$scratch"
log="$work/logs"
mkdir -p "$log"

build() { (cd "$fixture" && swift build --scratch-path "$scratch" "$@"); }
run_app() { (cd "$fixture" && swift run --skip-build --scratch-path "$scratch" "$1"); }
generated() {
    find "$scratch/plugins/outputs" -path "*/$1/*" -name GeneratedSplitTests.swift -print -quit
}
# Inode and modification time (nanoseconds): a rewrite by rename changes both.
stamp() { stat -c '%i %.9Y' "$1"; }

step "build and run"
if build -v >"$log/first.txt" 2>&1; then
    pass "the fixture builds"
else
    cat "$log/first.txt"; fail "the fixture builds"
fi
output="$(run_app FixtureApp 2>&1 || true)"
echo "$output"
expected_lines=(
    "button_color groups=red,blue,dark_gray user-42=dark_gray"
    "profile_redesign groups=control,control_check,new_profile_v1,new_profile_v2 user-42=control_check"
    "button_color 3f2504e0-4f89-11d3-9a0c-0305e82c3301=blue"
)
ok=1
for line in "${expected_lines[@]}"; do
    grep -qxF "$line" <<<"$output" || { echo "missing: $line"; ok=0; }
done
[ $ok = 1 ] && pass "FixtureApp prints the expected groups" || fail "FixtureApp prints the expected groups"

step "main-actor target"
main_actor="$(run_app MainActorApp 2>&1 || true)"
echo "$main_actor"
if grep -qxF 'main-actor button_color user-42=dark_gray #3A3A3C radius 12 catalog=1' <<<"$main_actor"; then
    pass "MainActorApp uses the generated types"
else
    fail "MainActorApp uses the generated types"
fi
if grep -E 'GeneratedSplitTests\.swift:[0-9]+:[0-9]+: (warning|error):' "$log/first.txt"; then
    fail "generated code compiles without warnings"
else
    pass "generated code compiles without warnings"
fi

step "no-change rebuild"
app_file="$(generated FixtureApp)"
ran_splitc='splitc(-tool)? generate'
before="$(stamp "$app_file")"
# The build after a fresh one may plan again (the first build wrote Package.resolved, which
# the package structure includes) and so run splitc once more; splitc must then leave the
# unchanged file alone, so that nothing downstream recompiles.
build -v >"$log/settle.txt" 2>&1 || { cat "$log/settle.txt"; fail "the second build succeeds"; }
echo "splitc ran $(grep -cE "$ran_splitc" "$log/settle.txt" || true) time(s) in the second build"
if [ "$before" = "$(stamp "$app_file")" ]; then
    pass "splitc leaves an unchanged generated file untouched"
else
    fail "splitc leaves an unchanged generated file untouched"
fi
build -v >"$log/noop.txt" 2>&1 || { cat "$log/noop.txt"; fail "the no-change rebuild succeeds"; }
after="$(stamp "$app_file")"
if [ "$before" = "$after" ] && ! grep -qE "$ran_splitc" "$log/noop.txt"; then
    pass "a no-change rebuild does not run splitc"
else
    grep -E "$ran_splitc" "$log/noop.txt" || true
    fail "a no-change rebuild does not run splitc (stamp $before -> $after)"
fi

# Builds, runs FixtureApp, and checks that a line of its output matches (or none matches) an
# extended regular expression.
check_output() { # name, present|absent, pattern
    local name="$1" mode="$2" pattern="$3"
    if ! build >"$log/step.txt" 2>&1; then
        cat "$log/step.txt"; fail "$name"; return 0
    fi
    local out
    out="$(run_app FixtureApp 2>&1 || true)"
    if [ "$mode" = present ] && grep -qE "$pattern" <<<"$out"; then pass "$name"
    elif [ "$mode" = absent ] && ! grep -qE "$pattern" <<<"$out"; then pass "$name"
    else echo "$out"; fail "$name"; fi
}

step "add a definition to the experiments folder"
cat >"$fixture/experiments/added_flag.yaml" <<'YAML'
identifier: added_flag
type: device
groups: [hidden, shown]
YAML
check_output "an added definition is generated" present '^added_flag groups=hidden,shown user-42=(hidden|shown)$'

step "edit the target's own definition in place"
cat >"$fixture/Sources/FixtureApp/profile_redesign.yaml" <<'YAML'
identifier: profile_redesign
type: user
groups: [control, control_check, new_profile_v1, new_profile_v2, new_profile_v3]
traffic: 80
YAML
check_output "an edited definition is regenerated" present \
    '^profile_redesign groups=control,control_check,new_profile_v1,new_profile_v2,new_profile_v3 user-42=[a-z0-9_]+$'

step "edit a definition in the experiments folder"
# Saved the way editors save atomically: a new file renamed over the old one. (An edit written
# into a file of the folder in place is not seen by SwiftPM until the next regeneration; see
# DefinitionInputs.swift.)
cat >"$fixture/experiments/.added_flag.yaml.tmp" <<'YAML'
identifier: added_flag
type: device
groups: [hidden, shown, highlighted]
YAML
mv "$fixture/experiments/.added_flag.yaml.tmp" "$fixture/experiments/added_flag.yaml"
check_output "an edited folder definition is regenerated" present '^added_flag groups=hidden,shown,highlighted '

step "remove a definition"
rm "$fixture/experiments/added_flag.yaml"
check_output "a removed definition disappears and the build succeeds" absent '^added_flag'

step "a bad definition fails the build"
cat >"$fixture/experiments/broken.yaml" <<'YAML'
identifier: broken
type: device
groups: [control]
YAML
if build >"$log/broken.txt" 2>&1; then
    fail "a bad definition fails the build"
elif grep -qE 'experiments/broken\.yaml:[0-9]+:[0-9]+: error: ' "$log/broken.txt"; then
    grep -E 'broken\.yaml:[0-9]+:[0-9]+: error: ' "$log/broken.txt" | head -3
    pass "a bad definition fails the build with file:line:col: error:"
else
    cat "$log/broken.txt"; fail "a bad definition fails the build with file:line:col: error:"
fi
rm "$fixture/experiments/broken.yaml"
build >"$log/fixed.txt" 2>&1 && pass "the build recovers once the definition is removed" \
    || { cat "$log/fixed.txt"; fail "the build recovers once the definition is removed"; }

echo
if [ "$failures" -eq 0 ]; then
    echo "integration: all steps passed"
else
    echo "integration: $failures step(s) failed"
    exit 1
fi
