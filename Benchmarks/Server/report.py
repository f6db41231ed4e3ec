#!/usr/bin/env python3
"""The decision service's table: wrk's figures from run.sh, as ratios and verdicts.

    python3 report.py [--check] sqlite=RESULTS.json [postgres=RESULTS.json]

Each results file holds one run against one server: /health (before and after the others),
repeat units, new units and event batches. The reference of the assignment ratios is the
faster of the two /health runs, so that a machine that got busier during the run cannot make
the ratios look better. The SQLite run is judged against the targets; a PostgreSQL run gets
the same figures without verdicts. With --check, exits 1 when a target is missed.
"""

import argparse
import json
import os
import sys

# Requests per second of POST /v1/assignments as a share of the trivial route's, and events per
# second into the database.
REPEAT_TARGET = 0.5
NEW_TARGET = 0.2
EVENTS_TARGET = 100_000
BATCH = 100
# A widely used flag proxy's published throughput on a small data set, for scale.
FLAG_PROXY_PER_CPU = 39_000


def rate(figures):
    return figures["requests"] / (figures["duration_us"] / 1e6)


def per_cpu(figures):
    """Requests answered per second of the server's own CPU time (user + system)."""
    seconds = figures["server_cpu_seconds"]
    return figures["requests"] / seconds if seconds else float("nan")


def milliseconds(microseconds):
    return f"{microseconds / 1000:.2f} ms"


def number(value):
    return f"{value:,.0f}"


def verdict(met):
    return "meets" if met else "MISSES"


def table(name, results, judged):
    reference = max(results["health"], results["health_after"], key=rate)
    reference_rate = rate(reference)
    repeat, new, events = results["repeat"], results["new"], results["events"]
    events_rate = rate(events) * BATCH
    if results["events_stored"] < events["requests"] * BATCH:
        sys.exit(f"report.py: {name}: {results['events_stored']} events stored for "
                 f"{events['requests']} batches of {BATCH} answered 202")
    rows_per_new = results["new_rows"] / new["requests"] if new["requests"] else 0
    misses = []

    def judged_cell(met, target):
        if not judged:
            return f"({target}; not a target)"
        if not met:
            misses.append(target)
        return f"{target}: {verdict(met)}"

    lines = [
        f"| {name}: route | requests/s | p50 | p99 | server CPU per request | requests per server CPU-second | measured | target and verdict |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for label, figures in (("GET /health (reference: the faster of the two runs)", results["health"]),
                           ("GET /health, again after the others", results["health_after"])):
        lines.append(
            f"| {label} | {number(rate(figures))} | {milliseconds(figures['latency_us']['p50'])} | "
            f"{milliseconds(figures['latency_us']['p99'])} | {1e6 / per_cpu(figures):.1f} µs | "
            f"{number(per_cpu(figures))} | | |")
    for label, figures, target in (
        ("POST /v1/assignments, 10 experiments, repeat units", repeat, REPEAT_TARGET),
        (f"POST /v1/assignments, 10 experiments, new units ({rows_per_new:.1f} rows stored per request)", new, NEW_TARGET),
    ):
        ratio = rate(figures) / reference_rate
        lines.append(
            f"| {label} | {number(rate(figures))} | {milliseconds(figures['latency_us']['p50'])} | "
            f"{milliseconds(figures['latency_us']['p99'])} | {1e6 / per_cpu(figures):.1f} µs | "
            f"{number(per_cpu(figures))} | {ratio:.2f}× /health | "
            f"{judged_cell(ratio >= target, f'at least {target}× /health')} |")
    lines.append(
        f"| POST /v1/events, batches of {BATCH} | {number(rate(events))} ({number(events_rate)} events/s) | "
        f"{milliseconds(events['latency_us']['p50'])} | {milliseconds(events['latency_us']['p99'])} | "
        f"{1e6 / per_cpu(events):.1f} µs | {number(per_cpu(events))} | {number(events_rate)} events/s | "
        f"{judged_cell(events_rate >= EVENTS_TARGET, f'at least {number(EVENTS_TARGET)} events/s')} |")

    loads = [results[key]["load_before"] for key in ("health", "repeat", "new", "events", "health_after")]
    busy = [results[key]["machine_busy_share"] for key in ("health", "repeat", "new", "events", "health_after")]
    lines += [
        "",
        f"Load average (1 min) at the start of each measurement: {', '.join(f'{load:.2f}' for load in loads)}; "
        f"the machine's CPUs were {min(busy):.0%} to {max(busy):.0%} busy during them "
        f"(the server, wrk and anything else running).",
        f"For scale: the repeat units were answered at {number(per_cpu(repeat))} requests per second of the "
        f"server's CPU time, each for 10 experiments, beside a widely used flag proxy's published "
        f"{number(FLAG_PROXY_PER_CPU)} requests per second per CPU on a small data set.",
    ]
    return lines, misses


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--connections", default="?")
    parser.add_argument("--threads", default="?")
    parser.add_argument("--duration", default="?")
    parser.add_argument("results", nargs="+", help="DATABASE=FILE; the first is judged against the targets")
    arguments = parser.parse_args()

    print(f"wrk -t{arguments.threads} -c{arguments.connections} -d{arguments.duration} on loopback (percentiles from wrk's latency record), "
          f"one server per database, {os.cpu_count()} cores.")
    all_misses = []
    for index, entry in enumerate(arguments.results):
        name, _, path = entry.partition("=")
        with open(path) as file:
            results = json.load(file)
        lines, misses = table(name, results, judged=index == 0)
        print()
        print("\n".join(lines))
        all_misses += misses
    print()
    if all_misses:
        print(f"{len(all_misses)} target(s) missed: {'; '.join(all_misses)}.")
    else:
        print("Every target is met.")
    if arguments.check and all_misses:
        sys.exit(1)


if __name__ == "__main__":
    main()
