import Foundation
import Logging
import SQLiteNIO

/// ``DecisionStorage`` in a SQLite file, created with its tables on first open.
///
/// One connection, and one operation on it at a time: a transaction's statements are never
/// interleaved with another request's. The file is in WAL mode with full synchronisation, so an
/// acknowledged write survives a crash of the process or the machine.
///
/// Before each operation the file at the path must still be the one opened: a connection to a
/// file that was deleted or replaced would go on writing where no one reads. Then the storage
/// opens the path again (creating the file and its tables when it is missing); while that fails
/// (its folder is gone, say), operations throw and the service answers 503 until it succeeds.
public final class SQLiteStorage: DecisionStorage, @unchecked Sendable {
    // Both are read and replaced only inside `access`, one operation at a time.
    private var connection: SQLiteConnection?
    private var opened: FileIdentity?
    private let path: String
    private let logger: Logger
    private let access = SerialAccess()

    private init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    /// Opens (creating when missing) the database file at `path`.
    public static func open(path: String, logger: Logger) async throws -> SQLiteStorage {
        let storage = SQLiteStorage(path: path, logger: logger)
        _ = try await storage.access.run { try await storage.currentConnection() }
        return storage
    }

    /// The connection to the file now at the path, opened again when the file changed.
    private func currentConnection() async throws -> SQLiteConnection {
        let now = FileIdentity(path: path)
        if let connection, let now, now == opened { return connection }
        if let connection {
            logger.warning("the SQLite file \(path) was removed or replaced; opening it again")
            self.connection = nil
            try? await connection.close()
        }
        let fresh = try await Self.connect(path: path, logger: logger)
        connection = fresh
        opened = FileIdentity(path: path)
        return fresh
    }

    /// A connection to `path` in WAL mode, with the tables created when missing.
    private static func connect(path: String, logger: Logger) async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
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
            do {
                _ = try await connection.query(statement)
            } catch {
                try? await connection.close()
                throw error
            }
        }
        return connection
    }

    /// Closes the connection.
    public func close() async throws {
        try await access.run {
            try await self.connection?.close()
            self.connection = nil
        }
    }

    /// The stored group of `unit` in each experiment it has one in.
    public func assignments(unit: String) async throws -> [String: String] {
        try await access.run { try await self.readAssignments(unit: unit, on: self.currentConnection()) }
    }

    /// Stores each group unless the unit has one in that experiment; returns those in force.
    public func storeIfAbsent(unit: String, groups: [String: String]) async throws -> [String: String] {
        try await access.run {
            let connection = try await self.currentConnection()
            try await Self.transaction(on: connection) {
                for (experiment, group) in groups.sorted(by: { $0.key < $1.key }) {
                    _ = try await connection.query(
                        "INSERT INTO assignments (unit, experiment, group_name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                        [.text(unit), .text(experiment), .text(group)])
                }
            }
            return try await self.readAssignments(unit: unit, on: connection).filter { groups[$0.key] != nil }
        }
    }

    /// Forgets every stored group of `unit`.
    public func deleteAssignments(unit: String) async throws {
        try await access.run {
            _ = try await self.currentConnection().query("DELETE FROM assignments WHERE unit = ?", [.text(unit)])
        }
    }

    /// Appends the event lines in one transaction.
    public func appendEvents(_ lines: [String]) async throws {
        try await access.run {
            let connection = try await self.currentConnection()
            try await Self.transaction(on: connection) {
                for line in lines {
                    _ = try await connection.query("INSERT INTO events (line) VALUES (?)", [.text(line)])
                }
            }
        }
    }

    /// Every stored event line, oldest first.
    public func events() async throws -> [String] {
        try await access.run {
            try await self.currentConnection().query("SELECT line FROM events ORDER BY id").compactMap { $0.column("line")?.string }
        }
    }

    private func readAssignments(unit: String, on connection: SQLiteConnection) async throws -> [String: String] {
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
    private static func transaction(on connection: SQLiteConnection, _ body: () async throws -> Void) async throws {
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

/// Which file a path names: its device and inode, which change when the file is deleted and
/// created again or replaced by another; `nil` when there is no file at the path.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
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
