#!/usr/bin/env bash
# End-to-end test of the plugins: builds a copy of IntegrationTests/Fixture, which depends on this
# package by path, and checks what a developer sees when definitions are added, edited (in place,
# atomically, renamed), removed or broken, at the top of experiments/, in a sub-folder of it and in
# a target's own folder; and what the command plugins do: `swift package split-tests lint`, with no
# terminal and no permission, and `split-tests-generate`, which asks to write into the package. The
# repository itself is never modified: everything happens in a temporary copy, with the build
# folder in IntegrationTests/.build (ignored by git).
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
# Standard input is not a terminal, as in CI: SwiftPM cannot ask for a permission there, and
# refuses a plugin that declares one unless its option is given.
split_tests() { (cd "$fixture" && swift package --scratch-path "$scratch" "$@" </dev/null); }
run_app() { (cd "$fixture" && swift run --skip-build --scratch-path "$scratch" "$1"); }
generated() {
    find "$scratch/plugins/outputs" -path "*/$1/*" -name GeneratedSplitTests.swift -print -quit
}
# Inode and modification time (nanoseconds): a rewrite by rename changes both.
stamp() { stat -c '%i %.9Y' "$1"; }
inode() { stat -c '%i' "$1"; }
# swiftc names the module it compiles; a build that does not compile FixtureApp never prints this.
compiles_app='-module-name FixtureApp( |$)'


step "command plugins: split-tests generate names split-tests-generate, which writes into a target's folder"
committed="$fixture/Sources/CommittedApp/GeneratedSplitTests.swift"
redirect='split-tests-generate --target CommittedApp'
# `split-tests` declares no permission, so its `generate` may not write: with or without the
# option, it fails with one error line that names the command to run instead.
for option in "" --allow-writing-to-package-directory; do
    name="split-tests generate ${option:+with $option }writes nothing and names split-tests-generate"
    moved="$log/moved${option:+-allowed}.txt"
    if split_tests $option split-tests generate --target CommittedApp >"$moved" 2>&1; then
        cat "$moved"; fail "$name"
    elif [ "$(grep -c 'error: ' "$moved")" = 1 ] \
        && grep -qF "error: split-tests generate is now split-tests-generate" "$moved" \
        && grep -qF "run: swift package --allow-writing-to-package-directory $redirect" "$moved" \
        && [ ! -e "$committed" ]; then
        pass "$name"
    else
        cat "$moved"; fail "$name"
    fi
done
if split_tests split-tests-generate --target CommittedApp >"$log/denied.txt" 2>&1; then
    fail "split-tests-generate without --allow-writing-to-package-directory is refused"
elif grep -q -- '--allow-writing-to-package-directory' "$log/denied.txt" && [ ! -e "$committed" ]; then
    pass "split-tests-generate without --allow-writing-to-package-directory is refused, naming the option"
else
    cat "$log/denied.txt"; fail "split-tests-generate without --allow-writing-to-package-directory is refused, naming the option"
fi
if split_tests --allow-writing-to-package-directory split-tests-generate --target CommittedApp \
    >"$log/generate.txt" 2>&1 && grep -q 'Do not edit' "$committed" 2>/dev/null \
    && grep -q "^wrote GeneratedSplitTests.swift of target 'CommittedApp'" "$log/generate.txt"; then
    pass "split-tests-generate writes GeneratedSplitTests.swift into Sources/CommittedApp and says it wrote it"
else
    cat "$log/generate.txt"; fail "split-tests-generate writes GeneratedSplitTests.swift into Sources/CommittedApp and says it wrote it"
fi
if split_tests --allow-writing-to-package-directory split-tests-generate --target CommittedApp \
    >"$log/generate-again.txt" 2>&1 && grep -q "of target 'CommittedApp' is up to date" "$log/generate-again.txt"; then
    pass "split-tests-generate run again says the file is up to date"
else
    cat "$log/generate-again.txt"; fail "split-tests-generate run again says the file is up to date"
fi
if split_tests --allow-writing-to-package-directory split-tests-generate --target FixtureApp \
    >"$log/both.txt" 2>&1; then
    fail "split-tests-generate refuses a target that applies the build plugin"
elif grep -q "target 'FixtureApp' applies SplitTestPlugin" "$log/both.txt" && grep -q 'Use one or the other' "$log/both.txt" \
    && [ ! -e "$fixture/Sources/FixtureApp/GeneratedSplitTests.swift" ]; then
    pass "split-tests-generate refuses a target that applies the build plugin, writing nothing"
else
    cat "$log/both.txt"; fail "split-tests-generate refuses a target that applies the build plugin, writing nothing"
fi
if split_tests --allow-writing-to-package-directory split-tests-generate --target NoSuchApp \
    >"$log/unknown.txt" 2>&1; then
    fail "split-tests-generate for an unknown target fails"
elif grep -q "no source target named 'NoSuchApp'" "$log/unknown.txt"; then
    pass "split-tests-generate for an unknown target fails, naming it"
else
    cat "$log/unknown.txt"; fail "split-tests-generate for an unknown target fails, naming it"
fi

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
committed_out="$(run_app CommittedApp 2>&1 || true)"
echo "$committed_out"
if grep -qxF 'committed button_color user-42=dark_gray #3A3A3C catalog=1' <<<"$committed_out"; then
    pass "CommittedApp builds on the file the command plugin wrote"
else
    fail "CommittedApp builds on the file the command plugin wrote"
fi

step "the plugins' tool builds without swift-crypto"
# The plugins run splitc-build, which depends on the compiler and ArgumentParser only; splitc, with
# its swift-crypto (BoringSSL) and analysis dependencies, must never be built for an app. Checked
# on the commands' logs and on what the scratch folder holds after the command plugin and the build.
heavy='(Crypto|CCryptoBoringSSL|CCryptoBoringSSLShims|CryptoBoringWrapper|_CryptoExtras|SplitTestAnalysis|splitc)'
# SwiftPM makes a Module.build folder for every module in the graph; only a built one holds objects.
built_modules="$(find "$scratch" -name '*.o' | sed -nE 's#.*/debug/([^/]+)\.build/.*#\1#p' | sed 's/-tool$//' | sort -u)"
if ! grep -qx 'splitc_build' <<<"$built_modules"; then
    echo "$built_modules"
    fail "the scratch folder holds splitc-build's objects (otherwise the next check proves nothing)"
elif grep -xE "$heavy" <<<"$built_modules"; then
    fail "no Crypto, BoringSSL, SplitTestAnalysis or splitc module is built for the fixture"
elif grep -hE -- "-module-name $heavy( |\$)|CCryptoBoringSSL" "$log/moved.txt" "$log/generate.txt" "$log/first.txt" | head -3 | grep .; then
    fail "no Crypto, BoringSSL, SplitTestAnalysis or splitc module is built for the fixture"
else
    pass "no Crypto, BoringSSL, SplitTestAnalysis or splitc module is built for the fixture"
fi

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
ran_splitc='splitc-build(-tool)? generate'
# The build after a fresh one may plan again (the first build wrote Package.resolved, which the
# package structure includes); settle it first.
build -v >"$log/settle.txt" 2>&1 || { cat "$log/settle.txt"; fail "the second build succeeds"; }
before="$(stamp "$app_file")"
build -v >"$log/noop.txt" 2>&1 || { cat "$log/noop.txt"; fail "the no-change rebuild succeeds"; }
after="$(stamp "$app_file")"
if ! grep -qE -- "$compiles_app" "$log/first.txt"; then
    fail "the first build's log shows FixtureApp compiled (otherwise the next check proves nothing)"
elif grep -qE -- "$compiles_app" "$log/noop.txt"; then
    grep -E -- "$compiles_app" "$log/noop.txt" | head -2
    fail "a no-change rebuild does not recompile FixtureApp"
else
    pass "a no-change rebuild does not recompile FixtureApp"
fi
# splitc-build runs on every build (the stamp), reads the definitions and leaves the file alone.
if grep -qE "$ran_splitc" "$log/noop.txt" && [ "$before" = "$after" ]; then
    pass "a no-change rebuild runs splitc-build, which leaves the generated file untouched"
else
    fail "a no-change rebuild runs splitc-build, which leaves the generated file untouched (stamp $before -> $after)"
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
# Fails when `path` is no longer the file (inode) it was, or `folder` was modified: an edit in
# place changes neither, which is exactly what SwiftPM cannot see in a folder input.
check_in_place() { # name, path, inode before, folder, folder date before
    if [ "$(inode "$2")" = "$3" ] && [ "$(stamp "$4")" = "$5" ]; then pass "$1"; else fail "$1"; fi
}
flags="$fixture/experiments"

step "add a definition to the experiments folder"
printf 'identifier: inplace_flag\ntype: device\ngroups: [a, b]\n' >"$flags/inplace_flag.yaml"
check_output "an added definition is generated" present '^inplace_flag groups=a,b user-42=(a|b)$'

step "three edits in place in a row (same inode, folder date unchanged)"
for edit in 1 2 3; do
    node="$(inode "$flags/inplace_flag.yaml")"
    folder_date="$(stamp "$flags")"
    printf 'identifier: inplace_flag\ntype: device\ngroups: [a, b, edit%s]\n' "$edit" >"$flags/inplace_flag.yaml"
    check_in_place "edit $edit is written in place" "$flags/inplace_flag.yaml" "$node" "$flags" "$folder_date"
    check_output "edit $edit in place is regenerated" present "^inplace_flag groups=a,b,edit$edit "
done

step "a sub-folder of experiments: add, edit in place, remove"
mkdir "$flags/team"
check_output "an empty sub-folder changes nothing" present '^inplace_flag groups=a,b,edit3 '
folder_date="$(stamp "$flags")"
printf 'identifier: team_flag\ntype: user\ngroups: [old, new]\n' >"$flags/team/team_flag.yaml"
[ "$(stamp "$flags")" = "$folder_date" ] && pass "adding to the sub-folder leaves experiments/ undated" \
    || fail "adding to the sub-folder leaves experiments/ undated"
check_output "a definition added in a sub-folder is generated" present '^team_flag groups=old,new '
node="$(inode "$flags/team/team_flag.yaml")"
team_date="$(stamp "$flags/team")"
printf 'identifier: team_flag\ntype: user\ngroups: [old, new, newer]\n' >"$flags/team/team_flag.yaml"
check_in_place "the sub-folder definition is edited in place" "$flags/team/team_flag.yaml" "$node" "$flags/team" "$team_date"
check_output "a sub-folder definition edited in place is regenerated" present '^team_flag groups=old,new,newer '
rm "$flags/team/team_flag.yaml"
check_output "a definition removed from a sub-folder disappears and the build succeeds" absent '^team_flag'

step "an atomic save (a new file renamed over the old one)"
printf 'identifier: inplace_flag\ntype: device\ngroups: [a, b, atomic]\n' >"$flags/.inplace_flag.yaml.tmp"
node="$(inode "$flags/inplace_flag.yaml")"
mv "$flags/.inplace_flag.yaml.tmp" "$flags/inplace_flag.yaml"
[ "$(inode "$flags/inplace_flag.yaml")" != "$node" ] || fail "the atomic save replaced the file"
check_output "an atomically saved definition is regenerated" present '^inplace_flag groups=a,b,atomic '

step "renames"
mv "$flags/inplace_flag.yaml" "$flags/team/renamed.yml"
check_output "a definition renamed into a sub-folder is still generated" present '^inplace_flag groups=a,b,atomic '
if grep -q 'experiments/team/renamed.yml' "$(generated FixtureApp)"; then
    pass "the generated code names the definition's new path"
else
    fail "the generated code names the definition's new path"
fi
mv "$flags/team/renamed.yml" "$flags/team/renamed.yml.off"
check_output "a definition renamed to another extension disappears" absent '^inplace_flag'
mv "$flags/team/renamed.yml.off" "$flags/team/renamed.yml"
check_output "renamed back, it is generated again" present '^inplace_flag groups=a,b,atomic '

step "the target's own folder"
cat >"$fixture/Sources/FixtureApp/profile_redesign.yaml" <<'YAML'
identifier: profile_redesign
type: user
groups: [control, control_check, new_profile_v1, new_profile_v2, new_profile_v3]
traffic: 80
YAML
check_output "the target's definition edited in place is regenerated" present \
    '^profile_redesign groups=control,control_check,new_profile_v1,new_profile_v2,new_profile_v3 user-42=[a-z0-9_]+$'
mkdir -p "$fixture/Sources/FixtureApp/Flags"
printf 'identifier: local_flag\ntype: device\ngroups: [off, on]\n' >"$fixture/Sources/FixtureApp/Flags/local_flag.yaml"
check_output "a definition added in a sub-folder of the target is generated" present '^local_flag groups=off,on '
rm "$fixture/Sources/FixtureApp/Flags/local_flag.yaml"
check_output "a definition removed from the target disappears and the build succeeds" absent '^local_flag'

step "a bad definition fails the build at its line and heals on the next save"
good="$(cksum <"$(generated FixtureApp)")"
printf 'identifier: broken_flag\ntype: device\ngroups: [control]\n' >"$flags/team/broken_flag.yaml"
if build >"$log/broken.txt" 2>&1; then
    fail "a bad definition fails the build"
elif grep -qE 'experiments/team/broken_flag\.yaml:3:9: error: ' "$log/broken.txt"; then
    grep -E 'broken_flag\.yaml:[0-9]+:[0-9]+: error: ' "$log/broken.txt" | head -3
    pass "a bad definition fails the build with file:line:col: error:"
else
    cat "$log/broken.txt"; fail "a bad definition fails the build with file:line:col: error:"
fi
[ "$(cksum <"$(generated FixtureApp)")" = "$good" ] && pass "the failed generation left the generated file whole" \
    || fail "the failed generation left the generated file whole"
if build >"$log/broken-again.txt" 2>&1; then
    fail "an unchanged bad definition fails the next build too"
else
    pass "an unchanged bad definition fails the next build too"
fi
printf 'identifier: broken_flag\ntype: device\ngroups: [control, fixed]\n' >"$flags/team/broken_flag.yaml"
check_output "the build heals once the definition is fixed in place" present '^broken_flag groups=control,fixed '

step "command plugin: lint, with no terminal and no permission"
# `split-tests` declares no permission, so SwiftPM runs it as CI does: standard input not a
# terminal (split_tests reads /dev/null) and no --allow-writing-to-package-directory.
if split_tests split-tests lint >"$log/lint.txt" 2>&1 \
    && grep -q 'Linting the definitions of FixtureApp' "$log/lint.txt"; then
    pass "split-tests lint passes on good definitions without a terminal or the permission option"
else
    cat "$log/lint.txt"; fail "split-tests lint passes on good definitions without a terminal or the permission option"
fi
if split_tests split-tests help >"$log/help.txt" 2>&1 && grep -qF 'split-tests-generate --target <target>' "$log/help.txt" \
    && grep -qF 'swift package split-tests lint' "$log/help.txt"; then
    pass "split-tests help, without the permission option, shows lint and names split-tests-generate"
else
    cat "$log/help.txt"; fail "split-tests help, without the permission option, shows lint and names split-tests-generate"
fi
printf 'identifier: broken_flag\ntype: device\ngroups: [control]\n' >"$flags/team/broken_flag.yaml"
if split_tests split-tests lint >"$log/lint-bad.txt" 2>&1; then
    cat "$log/lint-bad.txt"; fail "split-tests lint fails on a bad definition"
elif grep -qE 'experiments/team/broken_flag\.yaml:3:9: error: ' "$log/lint-bad.txt"; then
    pass "split-tests lint fails on a bad definition with the build's file:line:col: error:"
else
    cat "$log/lint-bad.txt"; fail "split-tests lint fails on a bad definition with the build's file:line:col: error:"
fi
rm "$flags/team/broken_flag.yaml"

step "other YAML in a target: an experiments/ folder inside it holds the target's definitions"
# A CI file that is no definition stays beside the code once the target's definitions move into
# its own experiments/ folder: the build reads that folder only.
app_folder="$fixture/Sources/FixtureApp"
mkdir -p "$app_folder/experiments"
mv "$app_folder/profile_redesign.yaml" "$app_folder/experiments/"
printf 'steps:\n  - run: make test\n' >"$app_folder/ci.yml"
# profile_redesign is the target's own definition (earlier steps changed its groups).
check_output "a target's experiments/ folder is read and its other YAML left alone" present '^profile_redesign groups='
if split_tests split-tests lint --target FixtureApp >"$log/lint-folder.txt" 2>&1; then
    pass "split-tests lint reads the same definitions"
else
    cat "$log/lint-folder.txt"; fail "split-tests lint reads the same definitions"
fi

step "a test spec: a weight change that breaks it fails the build at the spec's line, and the fix heals"
# Test documents add nothing to the generated Swift; the build runs them, so that a definition
# change that breaks what a spec says fails the build at the spec's `expect`.
mkdir -p "$flags/tests"
cat >"$flags/tests/button_color.yaml" <<'SPEC'
test: button_color
cases:
  - unit: 3f2504e0-4f89-11d3-9a0c-0305e82c3301
    expect: { group: blue, reason: bucketed }
distribution:
  units: 20000
  expect: { red: 33.33, blue: 33.33, dark_gray: 33.33 }
  tolerance: 1.5
SPEC
check_output "a passing spec builds" present '^button_color groups=red,blue,dark_gray '
cp "$flags/button_color.yaml" "$work/button_color.yaml.good"
sed -i 's/  red: { params:/  red: { weight: 4, params:/' "$flags/button_color.yaml"
if build >"$log/spec-broken.txt" 2>&1; then
    fail "a weight change that breaks a spec fails the build"
elif grep -qE 'experiments/tests/button_color\.yaml:4:5: error: button_color: unit 3f2504e0-4f89-11d3-9a0c-0305e82c3301 expected group blue, reason bucketed, got red' "$log/spec-broken.txt" \
    && grep -qE 'experiments/tests/button_color\.yaml:7:3: error: button_color: distribution expected ' "$log/spec-broken.txt"; then
    grep -E 'tests/button_color\.yaml:[0-9]+:[0-9]+: error: ' "$log/spec-broken.txt" | head -2
    pass "a weight change that breaks a spec fails the build at the spec's expect lines"
else
    cat "$log/spec-broken.txt"; fail "a weight change that breaks a spec fails the build at the spec's expect lines"
fi
if split_tests split-tests lint >"$log/spec-lint.txt" 2>&1; then
    cat "$log/spec-lint.txt"; fail "split-tests lint fails on the broken spec"
elif grep -qE 'experiments/tests/button_color\.yaml:4:5: error: ' "$log/spec-lint.txt"; then
    pass "split-tests lint fails on the broken spec at the same line"
else
    cat "$log/spec-lint.txt"; fail "split-tests lint fails on the broken spec at the same line"
fi
cp "$work/button_color.yaml.good" "$flags/button_color.yaml"
check_output "the build passes again once the weight is fixed" present '^button_color groups=red,blue,dark_gray '
rm -r "$flags/tests"

step "getting started builds as written: the article's manifest, definition and code"
# The article's package, with its one dependency line pointed at the copy of this package (the
# article names a repository on GitHub, which a test cannot fetch), built and run as a new user
# would: its manifest, its definition, its service and its command-line steps, verbatim. The app
# keeps its files in the application-support folder, which on Linux follows XDG_DATA_HOME.
started="$work/MyApp"
if python3 - "$root/Sources/SplitTesting/SplitTesting.docc/GettingStarted.md" "$started" "$copy" <<'ARTICLE'
import os, re, sys
article, package, dependency = sys.argv[1:]
text = open(article).read()
blocks = re.findall(r"```(\w+)\n(.*?)\n```", text, re.S)
swift = [body for kind, body in blocks if kind == "swift"]
manifest = next(body for body in swift if body.startswith("// swift-tools-version"))
line = '.package(url: "https://github.com/<owner>/SplitTesting", branch: "main"),'
if line not in manifest:
    sys.exit("the article's manifest no longer has the dependency line this step points at the copy")
service = next(body for body in swift if "let service = SplitTestingService(" in body)
steps = next(body for body in swift if body.startswith("let buttonColor = service.fetchSplitTest("))
definition = next(body for kind, body in blocks if kind == "yaml" and body.startswith("identifier: button_color"))
os.makedirs(os.path.join(package, "Sources", "MyApp"))
os.makedirs(os.path.join(package, "experiments"))
open(os.path.join(package, "Package.swift"), "w").write(manifest.replace(line, '.package(path: "%s"),' % dependency) + "\n")
open(os.path.join(package, "experiments", "button_color.yaml"), "w").write(definition + "\n")
open(os.path.join(package, "Sources", "MyApp", "main.swift"), "w").write(service + "\n\n" + steps + "\n")
ARTICLE
then
    if (cd "$started" && swift build --scratch-path "$work/started-build") >"$log/started.txt" 2>&1 \
        && (cd "$started" && XDG_DATA_HOME="$work/started-data" "$work/started-build/debug/MyApp") >"$log/started-run.txt" 2>&1 \
        && grep -qE '^(classic red button|button #[0-9A-F]{6}, radius [0-9]+)$' "$log/started-run.txt"; then
        pass "the getting-started package builds and runs: $(cat "$log/started-run.txt")"
    else
        tail -40 "$log/started.txt"; cat "$log/started-run.txt" 2>/dev/null; fail "the getting-started package builds and runs"
    fi
else
    fail "the getting-started article's blocks are found"
fi

echo
if [ "$failures" -eq 0 ]; then
    echo "integration: all steps passed"
else
    echo "integration: $failures step(s) failed"
    exit 1
fi
