#!/usr/bin/env python3
"""The test-spec and catalog targets, each against a reference in the same run:

- `splitc test` of 1,000 cases and a 100,000-unit distribution of one experiment, against
  `splitc simulate` of the same 101,000 units through the same experiment (target: within 2x);
- `splitc catalog` of 1,000 experiments, against `splitc lint` of the same definitions
  (target: under 5x);
- `splitc catalog` of 4,000 experiments, against `splitc catalog` of 1,000 (target: within
  4.4x, that is linear with room for noise; quadratic work would be 16x).

    python3 Benchmarks/Specs/specs_bench.py SPLITC [--repetitions 5] [--output specs.json]

SPLITC is a release build (`swift build -c release --product splitc`). The definitions are
generated into a temporary folder and removed afterwards. Each command runs REPETITIONS times,
alternating with its reference; the medians are compared. Prints one line per target, writes
them to OUTPUT as JSON when given, and exits 1 when a target is missed.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

EXPERIMENT = """identifier: button_color
type: device
groups:
  red: { weight: 1, params: { color: "#FF3B30" } }
  blue: { weight: 1, params: { color: "#007AFF" } }
  dark_gray: { weight: 1, params: { color: "#3A3A3C" } }
control: red
"""


def write_spec_folder(folder):
    os.makedirs(os.path.join(folder, "experiments", "tests"))
    with open(os.path.join(folder, "experiments", "button_color.yaml"), "w") as file:
        file.write(EXPERIMENT)
    lines = ["test: button_color", "cases:"]
    for index in range(1000):
        # An expectation that holds for every unit: the bench times passing runs.
        lines.append(f"  - unit: device-{index}")
        lines.append("    expect: { reason: bucketed, enrolled: true }")
    lines += ["distribution:", "  units: 100000", "  prefix: unit-",
              "  expect: { red: 30, blue: 30, dark_gray: 30 }", "  tolerance: 100"]
    with open(os.path.join(folder, "experiments", "tests", "button_color.yaml"), "w") as file:
        file.write("\n".join(lines) + "\n")


def write_catalog_folder(folder, count=1000):
    os.makedirs(os.path.join(folder, "experiments"))
    for index in range(count):
        with open(os.path.join(folder, "experiments", f"e{index:04d}.yaml"), "w") as file:
            layer = f"layer: {{ name: l{index % 50}, range: [{(index // 50) % 2 * 50}, {(index // 50) % 2 * 50 + 50}] }}\n" if index < 100 else ""
            file.write(
                f"identifier: experiment_{index:04d}\ntype: {'device' if index % 2 else 'user'}\n"
                f"description: Generated experiment number {index}.\nowner: team-{index % 7}\n"
                f"groups:\n  control: {{ weight: 1, params: {{ size: {index}, label: \"a\" }} }}\n"
                f"  treatment: {{ weight: 2, params: {{ size: {index + 1}, label: \"b\" }} }}\n"
                f"targeting: {{ app_version: \">= 5.{index % 9}\" }}\n{layer}")


def timed(command, folder):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode not in (0,):
        sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.decode()[-2000:]}")
    return elapsed


def compare(key, name, target, measured, reference, repetitions, folder, reference_folder=None, results=None):
    ours, theirs = [], []
    for _ in range(repetitions):
        theirs.append(timed(reference, reference_folder or folder))
        ours.append(timed(measured, folder))
    ratio = statistics.median(ours) / statistics.median(theirs)
    verdict = "meets" if ratio <= target else "MISSES"
    print(f"{name}: {ratio:.2f}x ({statistics.median(ours):.3f} s against {statistics.median(theirs):.3f} s); "
          f"target {target}x: {verdict}", flush=True)
    if results is not None:
        results.append({"key": key, "target": name, "limit": target, "ratio": ratio,
                        "seconds": statistics.median(ours), "reference_seconds": statistics.median(theirs)})
    return ratio <= target


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("splitc")
    parser.add_argument("--repetitions", type=int, default=5)
    parser.add_argument("--output")
    arguments = parser.parse_args()
    splitc = os.path.abspath(arguments.splitc)
    work = tempfile.mkdtemp(prefix="specs-bench-")
    results = []
    try:
        specs = os.path.join(work, "specs")
        write_spec_folder(specs)
        catalog = os.path.join(work, "catalog")
        write_catalog_folder(catalog)
        large_catalog = os.path.join(work, "catalog-4000")
        write_catalog_folder(large_catalog, count=4000)
        ok = compare(
            "test", "splitc test: 1,000 cases and a 100,000-unit distribution against splitc simulate of the same 101,000 units",
            2.0, [splitc, "test"], [splitc, "simulate", "--units", "101000"], arguments.repetitions, specs,
            results=results)
        ok = compare(
            "catalog", "splitc catalog of 1,000 experiments against splitc lint of them",
            5.0, [splitc, "catalog", "--output", os.path.join(work, "site")], [splitc, "lint"],
            arguments.repetitions, catalog, results=results) and ok
        # Each into a site of its own, so that neither run finds the other's pages to compare or remove.
        ok = compare(
            "catalog_linear", "splitc catalog of 4,000 experiments against splitc catalog of 1,000 (linear)",
            4.4, [splitc, "catalog", "--output", os.path.join(work, "site-4000")],
            [splitc, "catalog", "--output", os.path.join(work, "site-1000")],
            arguments.repetitions, large_catalog, reference_folder=catalog, results=results) and ok
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if arguments.output:
        with open(arguments.output, "w") as file:
            json.dump(results, file, indent=2)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
