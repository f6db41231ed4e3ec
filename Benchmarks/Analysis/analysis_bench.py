#!/usr/bin/env python3
"""The analysis targets: `splitc analyze` over generated events, against DuckDB running the SQL
that `splitc analyze --emit-sql duckdb` prints over the same file, in the same run; the peak
resident memory of `splitc analyze` against the number of units; and, at the full size, the
readout with `--cuped --sequential` against the plain one over the same file.

    python3 Benchmarks/Analysis/analysis_bench.py SPLITC [--events 10000000] [--units 1000000] [--output FILE]

SPLITC is a release build (`swift build -c release --product splitc`). The events are generated
here (3 experiments, 2 goals; a quarter of each unit's goals in the ten days before its exposures,
the pre-period that CUPED reads; not committed) into a temporary folder and removed afterwards.
Besides the full size, smaller unit counts with the same events per unit draw the memory curve,
and the smallest again with four times the events per unit shows that memory follows the units,
not the events. `--output` writes the rows as JSON for `Benchmarks/run.sh`'s report.
Needs `python3 -m pip install duckdb`.
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

EXPERIMENTS = [("button_color", ["red", "blue", "dark_gray"]), ("checkout_copy", ["control", "short"]),
               ("onboarding", ["control", "control_check", "guided"])]


def write_goal(out, generator, stamp, device):
    """One goal: a purchase with a value, or a signup."""
    if generator.random() < 0.5:
        value = generator.randrange(100, 10_000) / 100
        out.write(f'{{"date":"{stamp}","event":"split_test_goal","properties":{{"device":"{device}",'
                  f'"goal":"purchase","value":{value}}}}}\n')
    else:
        out.write(f'{{"date":"{stamp}","event":"split_test_goal","properties":{{"device":"{device}",'
                  f'"goal":"signup"}}}}\n')


def generate(path, events, units, seed=11, write_event=write_goal):
    """Writes about `events` lines for `units` devices: each exposed to the 3 experiments on
    2026-03-15, then events written by `write_event` (goals unless told), a quarter of them in
    the ten days before."""
    generator = random.Random(seed)
    events_per_unit = max(0.0, events / units - len(EXPERIMENTS))
    written = 0
    with open(path, "w", buffering=1 << 20) as out:
        for index in range(units):
            device = f"{index:08x}-4f89-11d3-9a0c-0305e82c3301"
            second = index % 86_400
            clock = f"{second // 3600:02d}:{second // 60 % 60:02d}:{second % 60:02d}Z"
            exposed = f"2026-03-15T{clock}"
            for experiment, groups in EXPERIMENTS:
                group = groups[generator.randrange(len(groups))]
                out.write(f'{{"date":"{exposed}","event":"split_test_exposure","properties":{{"experiment":"{experiment}",'
                          f'"group":"{group}","unit":"{device}"}}}}\n')
                written += 1
            count = int(events_per_unit) + (1 if generator.random() < events_per_unit % 1 else 0)
            for _ in range(count):
                stamp = exposed if generator.random() < 0.75 else f"2026-03-{5 + generator.randrange(10):02d}T{clock}"
                write_event(out, generator, stamp, device)
                written += 1
    return written


def run_splitc(splitc, path, output, options=()):
    """Wall time and peak resident memory (MiB) of one `splitc analyze`."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", splitc, "analyze", path, "--format", "json", "--output", output,
                             *options], capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"splitc analyze failed: {result.stderr}")
    peak_kib = int(result.stderr.strip().splitlines()[-1])
    return elapsed, peak_kib / 1024


def run_duckdb(splitc, path, output):
    import duckdb
    sql = subprocess.run([splitc, "analyze", "--emit-sql", "duckdb", "--events-table", "events"],
                         capture_output=True, text=True, check=True).stdout
    start = time.perf_counter()
    connection = duckdb.connect()
    connection.execute(f"""
        CREATE VIEW events AS
        SELECT event AS event_name, CAST(date AS TIMESTAMPTZ) AS event_time,
               properties.experiment AS experiment, properties."group" AS group_name, properties.unit AS unit_id,
               properties.goal AS goal, properties.value AS value, properties.device AS device_id,
               COALESCE(properties."user", "user") AS user_id, properties.holdout AS holdout
        FROM read_json('{path}', format = 'newline_delimited', columns = {{
            'date': 'VARCHAR', 'event': 'VARCHAR', 'user': 'VARCHAR',
            'properties': 'STRUCT(experiment VARCHAR, "group" VARCHAR, unit VARCHAR, goal VARCHAR, value DOUBLE, device VARCHAR, "user" VARCHAR, holdout VARCHAR)'}})
        """)
    connection.execute(f"COPY ({sql}) TO '{output}' (HEADER)")
    elapsed = time.perf_counter() - start
    connection.close()
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("splitc")
    parser.add_argument("--events", type=int, default=10_000_000)
    parser.add_argument("--units", type=int, default=1_000_000)
    parser.add_argument("--memory-units", help="smaller unit counts for the memory curve (default: a tenth and 3 tenths of --units)")
    parser.add_argument("--output", help="where to write the rows as JSON")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="analysis-bench-")
    try:
        rows = []
        smaller = arguments.memory_units or f"{arguments.units // 10},{arguments.units * 3 // 10}"
        sizes = [int(size) for size in smaller.split(",") if size] + [arguments.units]
        # (units, events): the curve at a constant number of events per unit, then the smallest
        # unit count again with four times the events.
        runs = [(units, arguments.events * units // arguments.units) for units in sizes]
        runs.append((sizes[0], 4 * arguments.events * sizes[0] // arguments.units))
        for units, events in runs:
            path = os.path.join(folder, f"events-{units}-{events}.jsonl")
            start = time.perf_counter()
            written = generate(path, events, units)
            print(f"generated {written:,} events for {units:,} units in {time.perf_counter() - start:.1f} s "
                  f"({os.path.getsize(path) / 2**20:,.0f} MiB)", file=sys.stderr)
            seconds, peak = run_splitc(arguments.splitc, path, os.path.join(folder, "readout.json"))
            row = {"units": units, "events": written, "splitc_s": seconds, "peak_mib": peak}
            if units == arguments.units and events == arguments.events:
                # The readout with --cuped --sequential against the plain one, alternately, the
                # best of two of each (the first plain run above is the first of its two).
                plain = [seconds]
                adjusted = []
                for repeat in range(2):
                    adjusted.append(run_splitc(arguments.splitc, path, os.path.join(folder, "cuped.json"),
                                               ["--cuped", "--sequential"]))
                    if repeat == 0:
                        plain.append(run_splitc(arguments.splitc, path, os.path.join(folder, "readout.json"))[0])
                row["plain_best_s"] = min(plain)
                row["cuped_sequential_s"] = min(time for time, _ in adjusted)
                row["cuped_sequential_peak_mib"] = max(peak for _, peak in adjusted)
                row["duckdb_s"] = run_duckdb(arguments.splitc, path, os.path.join(folder, "aggregates.csv"))
                check = subprocess.run([arguments.splitc, "analyze", "--aggregates", os.path.join(folder, "aggregates.csv"),
                                        "--format", "json"], capture_output=True, text=True)
                row["duckdb_units_match"] = _units(check.stdout) == _units(open(os.path.join(folder, "readout.json")).read())
            rows.append(row)
            os.remove(path)
        if arguments.output:
            with open(arguments.output, "w") as out:
                json.dump(rows, out, indent=1)
        print("| units | events | splitc analyze | peak RSS | MiB per 1,000 units | DuckDB, emitted SQL | splitc / DuckDB time |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows:
            duck = f"{row['duckdb_s']:.1f} s" if "duckdb_s" in row else ""
            ratio = f"{row['splitc_s'] / row['duckdb_s']:.2f}×" if "duckdb_s" in row else ""
            print(f"| {row['units']:,} | {row['events']:,} | {row['splitc_s']:.1f} s ({row['events'] / row['splitc_s'] / 1e6:.2f} M events/s) "
                  f"| {row['peak_mib']:.0f} MiB | {row['peak_mib'] / row['units'] * 1000:.2f} | {duck} | {ratio} |")
        for row in rows:
            if "duckdb_units_match" in row:
                print(f"units per experiment and group equal in both: {row['duckdb_units_match']}")
            if "cuped_sequential_s" in row:
                print(f"--cuped --sequential: {row['cuped_sequential_s']:.1f} s against {row['plain_best_s']:.1f} s plain "
                      f"({row['cuped_sequential_s'] / row['plain_best_s']:.2f}×), peak {row['cuped_sequential_peak_mib']:.0f} MiB "
                      f"against {row['peak_mib']:.0f} MiB")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _units(text):
    return sorted((entry["experiment"], group["group"], group["units"])
                  for entry in json.loads(text) for goal in entry["goals"][:1] for group in goal["groups"])


if __name__ == "__main__":
    main()
