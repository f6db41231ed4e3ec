#!/usr/bin/env python3
"""The decision service's tables: wrk's figures from run.sh, as ratios and verdicts.

    python3 report.py [--check] sqlite=RUN.json[,RUN.json...] [postgres=RUN.json[,RUN.json...]]

Each results file holds one run against one database: /health (before and after the others),
repeat units, new units, OFREP's bulk evaluation for repeat units and event batches. The reference of a run's assignment ratios is the
faster of its two /health runs, so that a machine that got busier during the run cannot make
the ratios look better. With several runs of a database, each figure of its table is the median
over the runs (a ratio is the median of the runs' ratios), and every run's ratios are listed.
SQLite (one instance) and PostgreSQL (two instances sharing one database) are judged against
their own targets. With --check, exits 1 when a target is missed.
"""

import argparse
import json
import os
import statistics
import sys

# Per database: requests per second of POST /v1/assignments as a share of the trivial route's,
# for repeat and for new units, POST /ofrep/v1/evaluate/flags's for repeat units, and events per
# second into the database. PostgreSQL's OFREP figure is measured and shown, with no target.
TARGETS = {
    "sqlite": {"repeat": 0.5, "new": 0.2, "ofrep": 0.5, "events": 100_000},
    "postgres": {"repeat": 0.3, "new": 0.1, "ofrep": None, "events": 100_000},
}
TITLES = {
    "sqlite": "sqlite (one instance)",
    "postgres": "postgres (two instances, one database)",
}
BATCH = 100
# A widely used flag proxy's published throughput on a small data set, for scale.
FLAG_PROXY_PER_CPU = 39_000
SCENARIOS = ("health", "repeat", "new", "ofrep", "events", "health_after")


def rate(figures):
    return figures["requests"] / (figures["duration_us"] / 1e6)


def per_cpu(figures):
    """Requests answered per second of the servers' own CPU time (user + system)."""
    seconds = figures["server_cpu_seconds"]
    return figures["requests"] / seconds if seconds else float("nan")


def milliseconds(microseconds):
    return f"{microseconds / 1000:.2f} ms"


def number(value):
    return f"{value:,.0f}"


def verdict(met):
    return "meets" if met else "MISSES"


def reference(run):
    return max(run["health"], run["health_after"], key=rate)


def ratios(run):
    """The run's repeat units', new units' and OFREP's ratios to /health, and its events per second."""
    base = rate(reference(run))
    return {
        "repeat": rate(run["repeat"]) / base,
        "new": rate(run["new"]) / base,
        "ofrep": rate(run["ofrep"]) / base,
        "events": rate(run["events"]) * BATCH,
    }


def check_stored(name, run):
    events = run["events"]
    if run["events_stored"] < events["requests"] * BATCH:
        sys.exit(f"report.py: {name}: {run['events_stored']} events stored for "
                 f"{events['requests']} batches of {BATCH} answered 202")


def median_row(runs, key):
    """Median figures of one scenario over the runs."""
    figures = [run[key] for run in runs]
    return {
        "rate": statistics.median(rate(f) for f in figures),
        "p50": statistics.median(f["latency_us"]["p50"] for f in figures),
        "p99": statistics.median(f["latency_us"]["p99"] for f in figures),
        "per_cpu": statistics.median(per_cpu(f) for f in figures),
    }


def table(name, runs):
    targets = TARGETS.get(name, TARGETS["sqlite"])
    for run in runs:
        check_stored(name, run)
    per_run = [ratios(run) for run in runs]
    median = {key: statistics.median(r[key] for r in per_run) for key in ("repeat", "new", "ofrep", "events")}
    rows_per_new = statistics.median(run["new_rows"] / run["new"]["requests"] for run in runs if run["new"]["requests"])
    misses = []

    def judged_cell(key, text):
        if targets[key] is None:
            return "no target"
        met = median[key] >= targets[key]
        if not met:
            misses.append(f"{name}: {text}")
        return f"{text}: {verdict(met)}"

    def cells(row):
        return (f"{number(row['rate'])} | {milliseconds(row['p50'])} | {milliseconds(row['p99'])} | "
                f"{1e6 / row['per_cpu']:.1f} µs | {number(row['per_cpu'])}")

    title = TITLES.get(name, name)
    lines = [
        f"| {title}: route | requests/s | p50 | p99 | server CPU per request | requests per server CPU-second | measured | target and verdict |",
        "|---|---|---|---|---|---|---|---|",
        f"| GET /health (reference: the faster of the two runs) | {cells(median_row(runs, 'health'))} | | |",
        f"| GET /health, again after the others | {cells(median_row(runs, 'health_after'))} | | |",
        f"| POST /v1/assignments, 10 experiments, repeat units | {cells(median_row(runs, 'repeat'))} | "
        f"{median['repeat']:.2f}× /health | {judged_cell('repeat', 'at least ' + str(targets['repeat']) + '× /health')} |",
        f"| POST /v1/assignments, 10 experiments, new units ({rows_per_new:.1f} rows stored per request) | "
        f"{cells(median_row(runs, 'new'))} | {median['new']:.2f}× /health | "
        f"{judged_cell('new', 'at least ' + str(targets['new']) + '× /health')} |",
        f"| POST /ofrep/v1/evaluate/flags (bulk, every experiment), repeat units | {cells(median_row(runs, 'ofrep'))} | "
        f"{median['ofrep']:.2f}× /health | {judged_cell('ofrep', 'at least ' + str(targets['ofrep']) + '× /health')} |",
    ]
    events_row = median_row(runs, "events")
    lines.append(
        f"| POST /v1/events, batches of {BATCH} | {number(events_row['rate'])} ({number(median['events'])} events/s) | "
        f"{milliseconds(events_row['p50'])} | {milliseconds(events_row['p99'])} | {1e6 / events_row['per_cpu']:.1f} µs | "
        f"{number(events_row['per_cpu'])} | {number(median['events'])} events/s | "
        f"{judged_cell('events', 'at least ' + number(targets['events']) + ' events/s')} |")

    loads = [run[key]["load_before"] for run in runs for key in SCENARIOS]
    busy = [run[key]["machine_busy_share"] for run in runs for key in SCENARIOS]
    lines.append("")
    if len(runs) > 1:
        lines.append(
            f"Medians of {len(runs)} runs against the same server(s). Each run's ratios: repeat units "
            f"{', '.join(format(r['repeat'], '.2f') + '×' for r in per_run)}; new units "
            f"{', '.join(format(r['new'], '.2f') + '×' for r in per_run)}; OFREP bulk "
            f"{', '.join(format(r['ofrep'], '.2f') + '×' for r in per_run)}; events "
            f"{', '.join(number(r['events']) for r in per_run)} per second.")
    lines += [
        f"Load average (1 min) at the start of each measurement: {min(loads):.2f} to {max(loads):.2f}; "
        f"the machine's CPUs were {min(busy):.0%} to {max(busy):.0%} busy during them "
        f"(the servers, wrk, the database and anything else running).",
        f"For scale: the repeat units were answered at {number(median_row(runs, 'repeat')['per_cpu'])} requests per "
        f"second of the servers' CPU time, each for 10 experiments, beside a widely used flag proxy's published "
        f"{number(FLAG_PROXY_PER_CPU)} requests per second per CPU on a small data set.",
    ]
    return lines, misses


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--connections", default="?")
    parser.add_argument("--threads", default="?")
    parser.add_argument("--duration", default="?")
    parser.add_argument("results", nargs="+", help="DATABASE=FILE[,FILE...]: the runs of one database")
    arguments = parser.parse_args()

    print(f"wrk -t{arguments.threads} -c{arguments.connections} -d{arguments.duration} on loopback (percentiles from wrk's "
          f"latency record; with two instances, wrk's threads and connections are spread evenly over both and the "
          f"reference is GET /health of both measured the same way), {os.cpu_count()} cores.")
    all_misses = []
    for entry in arguments.results:
        name, _, paths = entry.partition("=")
        runs = []
        for path in paths.split(","):
            with open(path) as file:
                runs.append(json.load(file))
        lines, misses = table(name, runs)
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
