"""The decision service's SQLite database, made and queried with Python's standard library only
(sqlite3), for the tests of `splitc analyze --database sqlite:FILE` and its emitted `sqlite` SQL.

Usage:
  service_sqlite.py load DATABASE EVENTS.jsonl   the service's `events` table, a row per non-empty line
  service_sqlite.py query DATABASE QUERY.sql OUT.csv   runs the query read-only, writes its result as CSV
"""
import csv
import sqlite3
import sys

command, database = sys.argv[1], sys.argv[2]
if command == "load":
    connection = sqlite3.connect(database)
    # The layout split-test-server creates.
    connection.execute(
        "CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, line TEXT NOT NULL, "
        "received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))")
    with open(sys.argv[3], encoding="utf-8") as events:
        lines = [line.rstrip("\n") for line in events]
    connection.executemany("INSERT INTO events (line) VALUES (?)", [(line,) for line in lines if line.strip()])
    connection.commit()
    print(f"{len(lines)} lines -> {database}")
elif command == "query":
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    cursor = connection.execute(open(sys.argv[3], encoding="utf-8").read())
    with open(sys.argv[4], "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow([column[0] for column in cursor.description])
        writer.writerows(cursor)
else:
    sys.exit(f"unknown command {command}")
