import Foundation
import Testing
import TestTools

/// `splitc analyze --database`: the decision service's `events` table (a JSON line per row, in a
/// SQLite file or in PostgreSQL) gives the report of the same lines in a file, byte for byte, with
/// the same bad rows reported (by id) and left out; and the emitted `sqlite` and `postgresql` SQL,
/// run on that table, gives aggregates with the same figures.
@Suite struct EventDatabaseTests {
    /// An app's own event and an exposure without its group, valid JSON that the readout leaves out.
    static let unknownEvent = #"{"date":"2026-02-25T06:00:00Z","event":"app_opened","properties":{"device":"device-1"}}"#
    static let exposureWithoutGroup =
        #"{"date":"2026-02-25T06:00:01Z","event":"split_test_exposure","properties":{"experiment":"button_color","unit":"device-2"}}"#
    /// A row that is not JSON, which PostgreSQL's emitted query cannot read (the service never
    /// stores one): in the SQLite tests only.
    static let malformed = #"{"date":"2026-02-25T06:00:02Z","event":"#

    /// The warehouse tests' events (experiments, holdouts, conflicts, a pre-period, values that
    /// are not numbers), with the bad rows among them; the 1-based line of each is its row's id.
    static func lines(malformed: Bool) -> [String] {
        var lines = WarehouseTests.events()
        lines.insert(unknownEvent, at: 10)
        lines.insert(exposureWithoutGroup, at: 500)
        if malformed { lines.insert(Self.malformed, at: 1_000) }
        return lines
    }

    /// The reports compared: every format, with and without definitions, CUPED and the
    /// sequential test, one experiment's one goal.
    static let variants: [[String]] = [
        ["--format", "text"],
        ["--format", "json", "--definitions", "definitions"],
        ["--format", "html", "--definitions", "definitions"],
        ["--format", "json", "--cuped", "--sequential", "--definitions", "definitions"],
        ["--format", "text", "--cuped", "--experiment", "button_color", "--goal", "purchase"],
    ]

    /// A folder with `events.jsonl` and the warehouse tests' definitions in `definitions/`.
    static func folder(lines: [String]) throws -> URL {
        let folder = try ExternalProcess.temporaryFolder()
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        let definitions = folder.appendingPathComponent("definitions")
        try FileManager.default.createDirectory(at: definitions, withIntermediateDirectories: true)
        for (name, text) in WarehouseTests.definitions {
            try Data(text.utf8).write(to: definitions.appendingPathComponent(name))
        }
        return folder
    }

    /// Each variant's report from `database` equals the file's; its warnings are the file's with
    /// `events.jsonl:N:` worded `DATABASE: id N:`, and name each bad row.
    static func expectSameReports(
        database: String, variants: [[String]] = variants, badRows: [(id: Int, kind: String)], in folder: URL
    ) throws {
        for options in variants {
            let file = try ExternalProcess.splitc(["analyze", "events.jsonl"] + options, in: folder)
            let stored = try ExternalProcess.splitc(["analyze", "--database", database] + options, in: folder)
            #expect(file.status == 0 && stored.status == 0, "\(options): \(file.stderr)\(stored.stderr)")
            #expect(file.stdout.count > 1_000, "\(options)")
            #expect(stored.stdout == file.stdout, "\(options)")
            let worded = file.stderr.replacingOccurrences(
                of: #"(?m)^events\.jsonl:([0-9]+): "#, with: "\(database): id $1: ", options: .regularExpression)
            #expect(stored.stderr == worded, "\(options)")
            for row in badRows {
                #expect(stored.stderr.contains("\(database): id \(row.id): warning: \(row.kind): "), "\(options): \(stored.stderr)")
            }
        }
    }

    /// The emitted SQL of `dialect` for each variant, run by `run(query, csv)`, read back with
    /// `--aggregates`: every figure equals the file's readout.
    static func expectSameAggregates(
        dialect: String, database: String, variants: [[String]] = aggregateVariants, minimumCompared: Int = 250, in folder: URL,
        run: (_ query: String, _ csv: String) throws -> Void
    ) throws {
        for (index, options) in variants.enumerated() {
            // With --database the table is `events` unless --events-table says otherwise.
            let sql = try ExternalProcess.splitc(["analyze", "--emit-sql", dialect, "--database", database] + options, in: folder)
            #expect(sql.status == 0, "\(sql.stderr)")
            let query = folder.appendingPathComponent("\(dialect)-\(index).sql").path
            let csv = folder.appendingPathComponent("\(dialect)-\(index).csv").path
            try Data(sql.stdout.utf8).write(to: URL(fileURLWithPath: query))
            try run(query, csv)
            let direct = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"] + options, in: folder)
            let reference = try #require(try JSONSerialization.jsonObject(with: Data(direct.stdout.utf8)) as? [[String: Any]])
            let figures = try WarehouseTests.readout(aggregates: csv, options: options, in: folder)
            var differences: [String] = []
            var compared = 0
            JSONComparison.compare(reference, figures, path: "\(dialect)\(options)", differences: &differences, compared: &compared)
            #expect(differences.isEmpty, "\(differences.prefix(20).joined(separator: "\n"))")
            #expect(compared > minimumCompared, "\(dialect)\(options): \(compared) figures compared")
        }
    }

    /// The queries compared: without and with definitions, and with CUPED's columns.
    static let aggregateVariants: [[String]] = [[], ["--definitions", "definitions"], ["--cuped", "--sequential", "--definitions", "definitions"]]

    /// The bandit tests' events and definitions (in `experiments/`) and control documents, in a
    /// folder; the options that read them (the documents give each period's weights), with and
    /// without CUPED and the sequential test.
    static func banditFolder() throws -> (folder: URL, variants: [[String]]) {
        let folder = try Self.folder(lines: BanditWarehouseTests.events())
        let experiments = folder.appendingPathComponent("experiments")
        try FileManager.default.createDirectory(at: experiments, withIntermediateDirectories: true)
        for (name, text) in BanditWarehouseTests.definitions { try Data(text.utf8).write(to: experiments.appendingPathComponent(name)) }
        let options = ["--definitions", "experiments", "--controls"] + (try BanditWarehouseTests.documents(in: folder))
        return (folder, [options, options + ["--cuped", "--sequential"]])
    }

    /// Makes `events.sqlite` with the service's layout from `events.jsonl`.
    static func loadSQLite(in folder: URL, name: String = "events.sqlite") throws {
        let load = try ExternalProcess.python("service_sqlite.py", ["load", folder.appendingPathComponent(name).path, folder.appendingPathComponent("events.jsonl").path])
        try #require(load.status == 0, "\(load.stderr)")
    }

    @Test func aSQLiteDatabaseGivesTheFilesReport() throws {
        let folder = try Self.folder(lines: Self.lines(malformed: true))
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.loadSQLite(in: folder)
        try Self.expectSameReports(
            database: "sqlite:events.sqlite",
            badRows: [(11, "unknown event"), (501, "missing field"), (1_001, "malformed line")], in: folder)
        // An absolute path, as a URL.
        let absolute = try ExternalProcess.splitc(
            ["analyze", "--database", "sqlite://" + folder.appendingPathComponent("events.sqlite").path, "--format", "json"], in: folder)
        let file = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"], in: folder)
        #expect(absolute.status == 0 && absolute.stdout == file.stdout, "\(absolute.stderr)")
    }

    @Test func theEmittedSQLiteQueryGivesTheSameFigures() throws {
        let folder = try Self.folder(lines: Self.lines(malformed: true))
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.loadSQLite(in: folder)
        let database = folder.appendingPathComponent("events.sqlite").path
        try Self.expectSameAggregates(dialect: "sqlite", database: "sqlite:events.sqlite", in: folder) { query, csv in
            let outcome = try ExternalProcess.python("service_sqlite.py", ["query", database, query, csv])
            try #require(outcome.status == 0, "\(outcome.stderr)")
        }
    }

    @Test func aBanditsPeriodsAreReadFromSQLite() throws {
        let (folder, variants) = try Self.banditFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.loadSQLite(in: folder)
        let formats = variants.flatMap { options in [options + ["--format", "json"], options + ["--format", "text"]] }
        try Self.expectSameReports(database: "sqlite:events.sqlite", variants: formats, badRows: [], in: folder)
        let database = folder.appendingPathComponent("events.sqlite").path
        try Self.expectSameAggregates(dialect: "sqlite", database: "sqlite:events.sqlite", variants: variants, minimumCompared: 60, in: folder) {
            query, csv in
            let outcome = try ExternalProcess.python("service_sqlite.py", ["query", database, query, csv])
            try #require(outcome.status == 0, "\(outcome.stderr)")
        }
    }

    /// `splitc bandit --database` reads the stored events as `splitc bandit` reads the same
    /// events in a file: the same report and the same next control document.
    @Test func aBanditsNextWeightsComeFromSQLite() throws {
        let (folder, _) = try Self.banditFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.loadSQLite(in: folder)
        func next(_ input: [String], _ output: String) throws -> (stdout: String, payload: [String: Any]) {
            let outcome = try ExternalProcess.splitc(
                ["bandit"] + input + ["--definitions", "experiments", "--control", "period-3.json", "--output", output, "--sequence", "104"],
                in: folder)
            #expect(outcome.status == 0 && outcome.stdout.contains("period 3 → 4"), "\(outcome.stdout)\(outcome.stderr)")
            let envelope = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(output))) as? [String: Any])
            var payload = try #require(
                try JSONSerialization.jsonObject(with: Data(base64Encoded: envelope["payload"] as? String ?? "") ?? Data()) as? [String: Any])
            payload["generated"] = nil
            return (outcome.stdout, payload)
        }
        let fromFile = try next(["events.jsonl"], "next-file.json")
        let fromDatabase = try next(["--database", "sqlite:events.sqlite"], "next-database.json")
        #expect(fromDatabase.stdout == fromFile.stdout)
        #expect(NSDictionary(dictionary: fromDatabase.payload).isEqual(to: fromFile.payload))
        let weights = ((fromDatabase.payload["experiments"] as? [String: Any])?["onboarding_copy"] as? [String: Any])?["weights"]
        #expect(weights != nil, "the next document holds the bandit's weights")

        let both = try ExternalProcess.splitc(
            ["bandit", "events.jsonl", "--database", "sqlite:events.sqlite", "--definitions", "experiments", "--control", "period-3.json",
             "--output", "x.json"], in: folder)
        #expect(both.status != 0 && both.stderr.contains("give one of event files, --database or --aggregates"), "\(both.stderr)")
    }

    /// A libpq named by `SPLITC_LIBPQ` that cannot be loaded, or is not libpq, is named in the
    /// error (status 2), before any connection is tried.
    @Test func aLibpqThatCannotBeLoadedIsNamed() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #if canImport(Darwin)
            let notLibpq = "/usr/lib/libSystem.B.dylib"
        #else
            let notLibpq = "libm.so.6"
        #endif
        for library in ["/nonexistent/libpq.so.5", notLibpq] {
            let outcome = try ExternalProcess.run(
                "/usr/bin/env", ["SPLITC_LIBPQ=\(library)", ExternalProcess.splitcExecutable.path, "analyze", "--database", "postgres://split@127.0.0.1:1/none"],
                in: folder)
            #expect(outcome.status == 2, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("needs libpq, the PostgreSQL client library: SPLITC_LIBPQ names '\(library)', which cannot be loaded as libpq"), "\(outcome.stderr)")
        }
    }

    @Test func aDatabaseThatCannotBeReadExitsWithTwo() throws {
        let folder = try Self.folder(lines: [])
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = { (name: String, statement: String) in
            let script = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()"
            let outcome = try ExternalProcess.run("python3", ["-c", script, folder.appendingPathComponent(name).path, statement])
            try #require(outcome.status == 0, "\(outcome.stderr)")
        }
        try sqlite("other.sqlite", "CREATE TABLE assignments (unit TEXT)")
        try Data("not a database, but long enough to have a header of its own\n".utf8).write(to: folder.appendingPathComponent("text.sqlite"))
        let cases: [(location: String, message: String)] = [
            ("sqlite:missing.sqlite", "splitc: error: cannot read sqlite:missing.sqlite: No such file or directory"),
            ("sqlite:other.sqlite", "splitc: error: no events table in sqlite:other.sqlite: is this a split-test-server database?"),
            ("sqlite:text.sqlite", "splitc: error: cannot read sqlite:text.sqlite: file is not a database"),
            ("sqlite://missing.sqlite", "sqlite:// takes an absolute path"),
            ("events.sqlite", "splitc: error: 'events.sqlite' names no kind of database: write sqlite:events.sqlite, or postgres://user@host:port/database"),
            ("mysql://ann:hunter2@127.0.0.1/events", "splitc: error: 'mysql://ann:***@127.0.0.1/events': unknown database 'mysql'; give sqlite:PATH (for example sqlite:split-tests.sqlite) or postgres://user:password@host:port/database"),
            // Port 1 refuses; without libpq the message says to install it: either names the place.
            ("postgres://ann:hunter2@127.0.0.1:1/events?password=hunter2", "postgres://ann:***@127.0.0.1:1/events?password=***"),
        ]
        for (location, message) in cases {
            let outcome = try ExternalProcess.splitc(["analyze", "--database", location], in: folder)
            #expect(outcome.status == 2, "\(location): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(location): \(outcome.stderr)")
            #expect(!outcome.stderr.contains("hunter2"), "\(location): \(outcome.stderr)")
            #expect(outcome.stdout.isEmpty)
        }
        // Read-only: a missing file stays missing.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing.sqlite").path))
        // An empty table is read, and said to be empty.
        try Data().write(to: folder.appendingPathComponent("events.jsonl"))
        try Self.loadSQLite(in: folder, name: "empty.sqlite")
        let empty = try ExternalProcess.splitc(["analyze", "--database", "sqlite:empty.sqlite"], in: folder)
        #expect(empty.status == 0 && empty.stderr.contains("sqlite:empty.sqlite: warning: empty table: no events"), "\(empty.stderr)")
        // A warehouse's dialect reads a column per field, not the service's lines.
        let columns = try ExternalProcess.splitc(["analyze", "--emit-sql", "duckdb", "--database", "sqlite:empty.sqlite"], in: folder)
        #expect(columns.status != 0 && columns.stderr.contains("emit --emit-sql sqlite or postgresql"), "\(columns.stderr)")
        // The events come from one place.
        let both = try ExternalProcess.splitc(["analyze", "events.jsonl", "--database", "sqlite:empty.sqlite"], in: folder)
        #expect(both.status != 0 && both.stderr.contains("give either --database or event files"), "\(both.stderr)")
    }

    @Test(.requires(PostgresCluster.oracle)) func aPostgreSQLDatabaseGivesTheFilesReportAndFigures() throws {
        let cluster = try PostgresCluster.start()
        defer { cluster.remove() }
        let folder = try Self.folder(lines: Self.lines(malformed: false))
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.load(Self.lines(malformed: false), into: cluster.url, cluster: cluster, in: folder)
        try Self.expectSameReports(database: cluster.url, badRows: [(11, "unknown event"), (501, "missing field")], in: folder)
        // `postgres` is accepted as the dialect's name too, as in the URLs.
        try Self.expectSameAggregates(dialect: "postgres", database: cluster.url, in: folder) { query, csv in
            try cluster.psql(["--csv", "-f", query, "-o", csv])
        }
        // A bandit's periods, in a database of their own on the same server.
        let (banditFolder, banditVariants) = try Self.banditFolder()
        defer { try? FileManager.default.removeItem(at: banditFolder) }
        try cluster.psql(["-c", "CREATE DATABASE bandit"])
        let bandit = String(cluster.url.dropLast("postgres".count)) + "bandit"
        try Self.load(BanditWarehouseTests.events(), into: bandit, cluster: cluster, in: banditFolder)
        try Self.expectSameReports(database: bandit, variants: banditVariants.map { $0 + ["--format", "json"] }, badRows: [], in: banditFolder)
        try Self.expectSameAggregates(dialect: "postgresql", database: bandit, variants: banditVariants, minimumCompared: 60, in: banditFolder) {
            query, csv in
            try cluster.psql(["--csv", "-f", query, "-o", csv], database: bandit)
        }
        // A database of the server without the service's table.
        let template = String(cluster.url.dropLast("postgres".count)) + "template1"
        let missing = try ExternalProcess.splitc(["analyze", "--database", template], in: folder)
        #expect(missing.status == 2 && missing.stderr.contains("no events table in \(template): is this a split-test-server database?"), "\(missing.stderr)")
    }

    /// Loads `lines` into the database at `url` as the service stores them: its layout, and each
    /// line as a row in order.
    static func load(_ lines: [String], into url: String, cluster: PostgresCluster, in folder: URL) throws {
        let rows = lines.map { "('" + $0.replacingOccurrences(of: "'", with: "''") + "')" }
        let load = """
            CREATE TABLE events (id BIGSERIAL PRIMARY KEY, line TEXT NOT NULL, received_at TIMESTAMPTZ NOT NULL DEFAULT now());
            INSERT INTO events (line) VALUES
            \(rows.joined(separator: ",\n"));
            """
        try Data(load.utf8).write(to: folder.appendingPathComponent("load.sql"))
        try cluster.psql(["-f", folder.appendingPathComponent("load.sql").path], database: url)
    }
}
