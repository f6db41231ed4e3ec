"""Runs the SQL that `splitc analyze --emit-sql` printed over the events of a JSON-lines file, in
DuckDB and in Spark (local mode), and writes each result as CSV for `splitc analyze --aggregates`.

Usage: run_warehouse.py EVENTS.jsonl DUCKDB.sql SPARK.sql DUCKDB_OUT.csv SPARK_OUT.csv
"""
import datetime
import json
import os
import sys

events_path, duckdb_sql, spark_sql, duckdb_out, spark_out = sys.argv[1:6]
COLUMNS = ["event_name", "event_time", "experiment", "group_name", "unit_id", "goal", "value", "device_id", "user_id"]


def rows():
    """One row per readable event line, the columns of SPEC section 10."""
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
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            value = None
        when = datetime.datetime.fromisoformat(event["date"].replace("Z", "+00:00"))
        when = when.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        yield (
            event["event"], when, properties.get("experiment"), properties.get("group"), properties.get("unit"),
            properties.get("goal"), None if value is None else float(value), properties.get("device"),
            properties.get("user", event.get("user")),
        )


table = list(rows())

import duckdb  # noqa: E402

connection = duckdb.connect()
connection.execute(
    "CREATE TABLE events (event_name VARCHAR, event_time TIMESTAMP, experiment VARCHAR, group_name VARCHAR, "
    "unit_id VARCHAR, goal VARCHAR, value DOUBLE, device_id VARCHAR, user_id VARCHAR)")
connection.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", table)
connection.execute(open(duckdb_sql).read()).df().to_csv(duckdb_out, index=False)
print(f"duckdb: {len(table)} events")

os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
from pyspark.sql import SparkSession  # noqa: E402
from pyspark.sql.types import DoubleType, StringType, StructField, StructType, TimestampNTZType  # noqa: E402

spark = (SparkSession.builder.master("local[1]").appName("splitc-analyze-test")
         .config("spark.sql.session.timeZone", "UTC").config("spark.ui.enabled", "false")
         .config("spark.sql.shuffle.partitions", "2").getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
schema = StructType([
    StructField("event_name", StringType()), StructField("event_time", TimestampNTZType()),
    StructField("experiment", StringType()), StructField("group_name", StringType()),
    StructField("unit_id", StringType()), StructField("goal", StringType()), StructField("value", DoubleType()),
    StructField("device_id", StringType()), StructField("user_id", StringType()),
])
spark.createDataFrame(table, schema).createOrReplaceTempView("events")
spark.sql(open(spark_sql).read()).toPandas().to_csv(spark_out, index=False)
spark.stop()
print(f"spark: {len(table)} events")
