"""Runs the SQL that `splitc analyze --emit-sql` printed over the events of a JSON-lines file, in
DuckDB and in Spark (local mode), and writes each result as CSV for `splitc analyze --aggregates`.

Usage: run_warehouse.py [--property NAME...] EVENTS.jsonl ENGINE:QUERY.sql:OUT.csv...

ENGINE is `duckdb`, `spark` or `bigquery`. BigQuery's text is run in DuckDB after
`CREATE TYPE FLOAT64 AS DOUBLE` and a macro `UNIX_MICROS` (its only type and function names
DuckDB does not know), with its backtick-quoted names quoted DuckDB's way, so that it is
executed, not just printed.

Each `--property NAME` adds a column NAME to the table: the property of that name of each event
(as a metric reads it), loaded as `value` is.

A goal's `value` is loaded as the Analysis article asks of a warehouse table: null when absent
(or JSON null), the number when it is one, and NaN when it is present but not a number (a
string, a Boolean, an array): the emitted query leaves out a goal whose value is not a finite
number, as reading the events does. A number too large for a double (1e999) is infinite.
"""
import datetime
import json
import os
import sys

arguments = sys.argv[1:]
property_columns = []
while arguments and arguments[0] == "--property":
    property_columns.append(arguments[1])
    arguments = arguments[2:]
events_path = arguments[0]
jobs = [argument.split(":", 2) for argument in arguments[1:]]
COLUMNS = ["event_name", "event_time", "experiment", "group_name", "unit_id", "goal", "value", "device_id",
           "user_id", "holdout", "period"] + property_columns


def number(value):
    """A numeric property as a warehouse loads it: null, the number, or NaN for anything else."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return float("nan")
    return float(value)


def rows():
    """One row per readable event line, in COLUMNS: the warehouse table of the Analysis article."""
    for line in open(events_path, encoding="utf-8"):
        line = line.strip()
        if not line:
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if not isinstance(event, dict) or "event" not in event or "date" not in event:
            continue
        properties = event.get("properties") or {}
        value = properties.get("value")
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            value = float("nan")
        # A bandit's exposures carry the period of the unit's first assignment; null elsewhere.
        period = properties.get("period")
        if isinstance(period, bool) or not isinstance(period, int):
            period = None
        when = datetime.datetime.fromisoformat(event["date"].replace("Z", "+00:00"))
        when = when.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        yield (
            event["event"], when, properties.get("experiment"), properties.get("group"), properties.get("unit"),
            properties.get("goal"), None if value is None else float(value), properties.get("device"),
            properties.get("user", event.get("user")), properties.get("holdout"), period,
        ) + tuple(number(properties.get(name)) for name in property_columns)


table = list(rows())
duckdb_jobs = [job for job in jobs if job[0] in ("duckdb", "bigquery")]
spark_jobs = [job for job in jobs if job[0] == "spark"]
unknown = [job for job in jobs if job[0] not in ("duckdb", "bigquery", "spark")]
if unknown:
    sys.exit(f"unknown engine in {unknown}")

if duckdb_jobs:
    import duckdb

    connection = duckdb.connect()
    extra = "".join(f', "{name}" DOUBLE' for name in property_columns)
    connection.execute(
        "CREATE TABLE events (event_name VARCHAR, event_time TIMESTAMP, experiment VARCHAR, group_name VARCHAR, "
        f"unit_id VARCHAR, goal VARCHAR, value DOUBLE, device_id VARCHAR, user_id VARCHAR, holdout VARCHAR, period BIGINT{extra})")
    connection.executemany(f"INSERT INTO events VALUES ({', '.join('?' for _ in COLUMNS)})", table)
    connection.execute("CREATE TYPE FLOAT64 AS DOUBLE")
    connection.execute("CREATE MACRO UNIX_MICROS(t) AS epoch_us(t)")
    for engine, query, out in duckdb_jobs:
        text = open(query).read()
        if engine == "bigquery":
            text = text.replace("`", '"')
        connection.execute(text).df().to_csv(out, index=False)
        print(f"{engine} in duckdb: {len(table)} events -> {out}")

if spark_jobs:
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql.types import DoubleType, LongType, StringType, StructField, StructType, TimestampNTZType

    spark = (SparkSession.builder.master("local[1]").appName("splitc-analyze-test")
             .config("spark.sql.session.timeZone", "UTC").config("spark.ui.enabled", "false")
             .config("spark.sql.shuffle.partitions", "2").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    schema = StructType([
        StructField("event_name", StringType()), StructField("event_time", TimestampNTZType()),
        StructField("experiment", StringType()), StructField("group_name", StringType()),
        StructField("unit_id", StringType()), StructField("goal", StringType()), StructField("value", DoubleType()),
        StructField("device_id", StringType()), StructField("user_id", StringType()),
        StructField("holdout", StringType()), StructField("period", LongType()),
    ] + [StructField(name, DoubleType()) for name in property_columns])
    spark.createDataFrame(table, schema).createOrReplaceTempView("events")
    for engine, query, out in spark_jobs:
        spark.sql(open(query).read()).toPandas().to_csv(out, index=False)
        print(f"spark: {len(table)} events -> {out}")
    spark.stop()
