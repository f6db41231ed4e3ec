import Logging
import SQLiteNIO

/// ``DecisionStorage`` in a SQLite file, created with its tables on first open.
///
/// One connection, and one operation on it at a time: a transaction's statements are never
/// interleaved with another request's. The file is in WAL mode with full synchronisation, so an
/// acknowledged write survives a crash of the process or the machine.
public final class SQLiteStorage: DecisionStorage {
    private let connection: SQLiteConnection
    private let access = SerialAccess()

    private init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// Opens (creating when missing) the database file at `path`.
    public static func open(path: String, logger: Logger) async throws -> SQLiteStorage {
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        let storage = SQLiteStorage(connection: connection)
        for statement in [
            "PRAGMA journal_mode = WAL",
            "PRAGMA synchronous = FULL",
            """
            CREATE TABLE IF NOT EXISTS assignments (
                unit TEXT NOT NULL, experiment TEXT NOT NULL, group_name TEXT NOT NULL,
                assigned_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                PRIMARY KEY (unit, experiment))
            """,
            """
            CREATE TABLE IF NOT EXISTS events (
                id INTEGER PRIMARY KEY AUTOINCREMENT, line TEXT NOT NULL,
                received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))
            """,
        ] {
            _ = try await connection.query(statement)
        }
        return storage
    }

    /// Closes the connection.
    public func close() async throws {
        try await connection.close()
    }

    /// The stored group of `unit` in each experiment it has one in.
    public func assignments(unit: String) async throws -> [String: String] {
        try await access.run { try await self.readAssignments(unit: unit) }
    }

    /// Stores each group unless the unit has one in that experiment; returns those in force.
    public func storeIfAbsent(unit: String, groups: [String: String]) async throws -> [String: String] {
        try await access.run {
            try await self.transaction {
                for (experiment, group) in groups.sorted(by: { $0.key < $1.key }) {
                    _ = try await self.connection.query(
                        "INSERT INTO assignments (unit, experiment, group_name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                        [.text(unit), .text(experiment), .text(group)])
                }
            }
            return try await self.readAssignments(unit: unit).filter { groups[$0.key] != nil }
        }
    }

    /// Forgets every stored group of `unit`.
    public func deleteAssignments(unit: String) async throws {
        try await access.run {
            _ = try await self.connection.query("DELETE FROM assignments WHERE unit = ?", [.text(unit)])
        }
    }

    /// Appends the event lines in one transaction.
    public func appendEvents(_ lines: [String]) async throws {
        try await access.run {
            try await self.transaction {
                for line in lines {
                    _ = try await self.connection.query("INSERT INTO events (line) VALUES (?)", [.text(line)])
                }
            }
        }
    }

    /// Every stored event line, oldest first.
    public func events() async throws -> [String] {
        try await access.run {
            try await self.connection.query("SELECT line FROM events ORDER BY id").compactMap { $0.column("line")?.string }
        }
    }

    private func readAssignments(unit: String) async throws -> [String: String] {
        let rows = try await connection.query(
            "SELECT experiment, group_name FROM assignments WHERE unit = ?", [.text(unit)])
        var groups: [String: String] = [:]
        for row in rows {
            if let experiment = row.column("experiment")?.string, let group = row.column("group_name")?.string {
                groups[experiment] = group
            }
        }
        return groups
    }

    /// Runs `body` between BEGIN and COMMIT, rolling back when it throws; callers hold `access`.
    private func transaction(_ body: () async throws -> Void) async throws {
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
            try await body()
            _ = try await connection.query("COMMIT")
        } catch {
            _ = try? await connection.query("ROLLBACK")
            throw error
        }
    }
}

/// Runs operations one at a time, in arrival order, across suspension points (an actor alone
/// would interleave them at each `await`).
actor SerialAccess {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ operation: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            // Hand the turn to the next in line, or free it.
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await operation()
    }
}
