#!/usr/bin/env python3
"""The bandit targets: `splitc bandit` over generated events against `splitc analyze` of the same
file with the same definitions, in the same run; and the weight computation for 10 arms (timed by
`bandit-bench`) against that time.

    python3 Benchmarks/Analysis/bandit_bench.py SPLITC BANDIT_BENCH [--events 10000000] [--units 1000000] [--output FILE]

SPLITC and BANDIT_BENCH are release builds (`swift build -c release --product splitc`, and
`--product bandit-bench` in Benchmarks/). The events are those of analysis_bench.py (3 experiments,
2 goals), generated into a temporary folder and removed afterwards; the definitions make
`onboarding` a bandit rewarded by `signup`. Each command runs once, analyze first.
`--output` writes the figures as JSON for `Benchmarks/run.sh`'s report.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from analysis_bench import EXPERIMENTS, generate  # noqa: E402

BANDIT = "onboarding"


def definitions(folder):
    """One file per experiment of the events; the bandit's groups are its arms."""
    for experiment, groups in EXPERIMENTS:
        text = f"identifier: {experiment}\ntype: device\ngroups: [{', '.join(groups)}]\n"
        if experiment == BANDIT:
            text += "allocation: { bandit: { goal: signup, min_weight: 1, burn_in: 100 } }\n"
        with open(os.path.join(folder, f"{experiment}.yaml"), "w") as out:
            out.write(text)


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command[:2])} failed: {result.stderr}")
    return elapsed, result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("splitc")
    parser.add_argument("bandit_bench")
    parser.add_argument("--events", type=int, default=10_000_000)
    parser.add_argument("--units", type=int, default=1_000_000)
    parser.add_argument("--arms", type=int, default=10)
    parser.add_argument("--output", help="where to write the figures as JSON")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bandit-bench-")
    try:
        experiments = os.path.join(folder, "experiments")
        os.makedirs(experiments)
        definitions(experiments)
        current = os.path.join(folder, "current.json")
        subprocess.run([arguments.splitc, "publish", experiments, "--output", current, "--sequence", "1"],
                       check=True, capture_output=True)
        path = os.path.join(folder, "events.jsonl")
        start = time.perf_counter()
        written = generate(path, arguments.events, arguments.units)
        print(f"generated {written:,} events for {arguments.units:,} units in {time.perf_counter() - start:.1f} s "
              f"({os.path.getsize(path) / 2**20:,.0f} MiB)", file=sys.stderr)
        analyze_s, _ = timed([arguments.splitc, "analyze", path, "--definitions", experiments, "--format", "json",
                              "--output", os.path.join(folder, "readout.json")])
        next_document = os.path.join(folder, "next.json")
        bandit_s, table = timed([arguments.splitc, "bandit", path, "--definitions", experiments, "--control", current,
                                 "--output", next_document])
        if not os.path.exists(next_document):
            sys.exit(f"splitc bandit wrote no document:\n{table}")
        weights_json = os.path.join(folder, "weights.json")
        subprocess.run([arguments.bandit_bench, "weights", "--arms", str(arguments.arms), "--repetitions", "200",
                        "--output", weights_json], check=True, capture_output=True)
        weights = json.load(open(weights_json))
        row = {"events": written, "units": arguments.units, "analyze_s": analyze_s, "bandit_s": bandit_s,
               "arms": weights["arms"], "weights_s": weights["seconds"], "weights_median_s": weights["median_seconds"]}
        if arguments.output:
            with open(arguments.output, "w") as out:
                json.dump(row, out, indent=1)
        print(table)
        print("| events | splitc analyze | splitc bandit | bandit / analyze | weights of "
              f"{row['arms']} arms | weights / bandit |")
        print("|---:|---:|---:|---:|---:|---:|")
        print(f"| {written:,} | {analyze_s:.1f} s | {bandit_s:.1f} s | {bandit_s / analyze_s:.2f}× "
              f"| {row['weights_s'] * 1000:.2f} ms | {row['weights_s'] / bandit_s * 100:.3f}% |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
