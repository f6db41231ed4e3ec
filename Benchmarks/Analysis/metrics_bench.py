#!/usr/bin/env python3
"""The metrics' target: the readout of five metrics (a conversion, a capped sum within a window,
a count, a ratio and a quantile) with Holm's adjustment, over 10,000,000 events of 1,000,000
units, within 1.5x the plain readout of as many events; and its peak resident memory against the
units.

    python3 Benchmarks/Analysis/metrics_bench.py SPLITC METRICS_BENCH [--events 10000000] [--units 1000000] [--output FILE]

SPLITC and METRICS_BENCH are release builds (`swift build -c release --product splitc`, and
`metrics-bench` of the Benchmarks package). Two files of the same size are generated (not
committed): the analysis benchmark's (3 experiments, 2 goals), and the same units and
exposures with the app's declared events instead of goals (`purchase` with a revenue and a
currency, `screen_loaded` with milliseconds; a quarter in the ten days before the exposures).
`metrics-bench` runs what `splitc analyze --format json` runs, for both: the plain readout of
the first file, and the readout of the second with every experiment judged by the five
metrics. They alternate, the best of two each; `splitc analyze` of the first file is timed once
beside them, to show that the harness is the command. Then the metrics' readout alone at a tenth
and three tenths of the units, and at a tenth with four times the events per unit, draws its
memory against the units. `--output` writes the figures as JSON for `Benchmarks/run.sh`'s
report; the table is printed either way.
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
from analysis_bench import generate as generate_goals  # noqa: E402


def write_declared(out, generator, stamp, device):
    """One of the app's declared events: a purchase with a revenue and a currency, or a screen
    loaded in some milliseconds."""
    if generator.random() < 0.3:
        revenue = generator.randrange(100, 10_000) / 100
        currency = ("usd", "eur", "gbp")[generator.randrange(3)]
        out.write(f'{{"date":"{stamp}","event":"purchase","properties":{{"currency":"{currency}",'
                  f'"device":"{device}","revenue":{revenue}}}}}\n')
    else:
        milliseconds = generator.randrange(80, 2_000)
        out.write(f'{{"date":"{stamp}","event":"screen_loaded","properties":{{"device":"{device}",'
                  f'"milliseconds":{milliseconds}}}}}\n')


def generate_events(path, events, units):
    """The analysis benchmark's units and exposures, with declared events instead of goals."""
    return generate_goals(path, events, units, write_event=write_declared)


def timed(command):
    """Wall time and peak resident memory (MiB) of one run."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed: {result.stderr}")
    return elapsed, int(result.stderr.strip().splitlines()[-1]) / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("splitc")
    parser.add_argument("metrics_bench")
    parser.add_argument("--events", type=int, default=10_000_000)
    parser.add_argument("--units", type=int, default=1_000_000)
    parser.add_argument("--output", help="where to write the figures as JSON")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="metrics-bench-")
    try:
        report = os.path.join(folder, "readout.json")

        def harness(path, readout):
            return timed([arguments.metrics_bench, "readout", "--events", path, "--readout", readout, "--output", report])

        goals = os.path.join(folder, "goals.jsonl")
        declared = os.path.join(folder, "events.jsonl")
        for path, generate in ((goals, generate_goals), (declared, generate_events)):
            start = time.perf_counter()
            written = generate(path, arguments.events, arguments.units)
            print(f"generated {written:,} events for {arguments.units:,} units in {time.perf_counter() - start:.1f} s "
                  f"({os.path.getsize(path) / 2**20:,.0f} MiB)", file=sys.stderr)
        plain, measured = [], []
        for _ in range(2):
            plain.append(harness(goals, "plain"))
            measured.append(harness(declared, "metrics"))
        splitc_seconds, splitc_peak = timed([arguments.splitc, "analyze", goals, "--format", "json", "--output", report])
        full = {
            "units": arguments.units, "events": arguments.events,
            "plain_s": min(seconds for seconds, _ in plain), "plain_peak_mib": max(peak for _, peak in plain),
            "metrics_s": min(seconds for seconds, _ in measured), "metrics_peak_mib": max(peak for _, peak in measured),
            "splitc_plain_s": splitc_seconds, "splitc_plain_peak_mib": splitc_peak,
        }
        memory = []
        smallest = arguments.units // 10
        for units, events in ((smallest, arguments.events // 10), (arguments.units * 3 // 10, arguments.events * 3 // 10),
                              (smallest, 4 * arguments.events // 10)):
            path = os.path.join(folder, f"events-{units}-{events}.jsonl")
            written = generate_events(path, events, units)
            seconds, peak = harness(path, "metrics")
            memory.append({"units": units, "events": written, "metrics_s": seconds, "peak_mib": peak})
            os.remove(path)
        memory.insert(2, {"units": arguments.units, "events": arguments.events, "metrics_s": full["metrics_s"],
                          "peak_mib": full["metrics_peak_mib"]})
        figures = {"full": full, "memory": memory}
        if arguments.output:
            with open(arguments.output, "w") as out:
                json.dump(figures, out, indent=1)
        print(f"five metrics (holm) over {arguments.events:,} events: {full['metrics_s']:.2f} s against the plain readout's "
              f"{full['plain_s']:.2f} s ({full['metrics_s'] / full['plain_s']:.2f}x); splitc analyze of the plain file "
              f"{full['splitc_plain_s']:.2f} s")
        print(f"peak memory: {full['metrics_peak_mib']:.0f} MiB with metrics, {full['plain_peak_mib']:.0f} MiB plain")
        print("| units | events | metrics readout | peak RSS | MiB per 1,000 units |")
        print("|---:|---:|---:|---:|---:|")
        for row in memory:
            print(f"| {row['units']:,} | {row['events']:,} | {row['metrics_s']:.2f} s | {row['peak_mib']:.0f} MiB "
                  f"| {row['peak_mib'] / row['units'] * 1000:.2f} |")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
