import Foundation
import Logging
import SQLiteNIO
import SplitTestFormats
@_spi(Tools) import SplitTesting

/// One connection to the SQLite file at a path, with one operation on it at a time.
///
/// Before each operation the file at the path must still be the one opened: a connection to a
/// file that was deleted or replaced would go on reading and writing where no one else does. Then
/// the connection is opened again (creating the file and its tables when it is missing); while
/// that fails (its folder is gone, say), operations throw and the service answers 503 until it
/// succeeds.
final class SQLiteFile: @unchecked Sendable {
    // Both are read and replaced only inside `access`, one operation at a time.
    private var connection: SQLiteConnection?
    private var opened: FileIdentity?
    private let path: String
    private let threadPool: NIOThreadPool
    private let logger: Logger
    private let access = SerialAccess()

    /// A connection to `path` whose calls into SQLite run on `threadPool`; opened on first use.
    init(path: String, threadPool: NIOThreadPool, logger: Logger) {
        self.path = path
        self.threadPool = threadPool
        self.logger = logger
    }

    /// Runs `operation` on the connection to the file now at the path, after every operation
    /// that came before it has ended.
    func run<T: Sendable>(_ operation: @Sendable (SQLiteConnection) async throws -> T) async throws -> T {
        try await access.run { try await operation(self.currentConnection()) }
    }

    /// Closes the connection.
    func close() async throws {
        try await access.run {
            try await self.connection?.close()
            self.connection = nil
        }
    }

    /// The connection to the file now at the path, opened again when the file changed; callers
    /// hold `access`.
    private func currentConnection() async throws -> SQLiteConnection {
        let now = FileIdentity(path: path)
        if let connection, let now, now == opened { return connection }
        if let connection {
            logger.warning("the SQLite file \(path) was removed or replaced; opening it again")
            self.connection = nil
            try? await connection.close()
        }
        let fresh = try await connect()
        connection = fresh
        opened = FileIdentity(path: path)
        return fresh
    }

    /// A connection to the path in WAL mode with full synchronisation, with the tables created
    /// when missing.
    private func connect() async throws -> SQLiteConnection {
        let connection = try await SQLiteConnection.open(
            storage: .file(path: path), threadPool: threadPool, logger: logger,
            on: MultiThreadedEventLoopGroup.singleton.any())
        do {
            for statement in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL"]
                + AssignmentsTable.creation(.sqlite) + [EventsTable.creation(.sqlite)]
            {
                _ = try await connection.rows(statement)
            }
            // A file written before stored groups kept a bandit's period gains the column.
            let columns = try await connection.rows("PRAGMA table_info(assignments)").compactMap { $0.column("name")?.string }
            if !columns.contains("period") {
                _ = try await connection.rows("ALTER TABLE assignments ADD COLUMN period INTEGER")
            }
        } catch {
            try? await connection.close()
            throw error
        }
        return connection
    }
}

extension SQLiteConnection {
    /// The rows of `query`, collected on the pool thread that steps the statement: one hop there
    /// and back, where `SQLiteDatabase.query(_:_:)` also hops to an event loop for every row.
    func rows(_ query: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        // Appended to only by `onRow`, which runs on that one thread before `query` returns.
        nonisolated(unsafe) var rows: [SQLiteRow] = []
        try await self.query(query, binds) { rows.append($0) }
        return rows
    }

    /// The stored groups of `units`, in one query for each ``rowsPerStatement`` units.
    func storedGroups(of units: [String]) async throws -> StoredGroups {
        var groups = StoredGroups()
        for chunk in units.chunks(of: Self.rowsPerStatement) {
            for row in try await rows(
                "SELECT unit, experiment, group_name, period FROM assignments WHERE unit IN (\(Self.placeholders(chunk.count)))",
                chunk.map { .text($0) })
            {
                if let (unit, experiment, assignment) = Self.storedAssignment(in: row) {
                    groups[unit: unit, experiment: experiment] = assignment
                }
            }
        }
        return groups
    }

    /// The unit, experiment and stored assignment of a row of `assignments`.
    static func storedAssignment(in row: SQLiteRow) -> (String, String, StoredAssignment)? {
        guard let unit = row.column("unit")?.string, let experiment = row.column("experiment")?.string,
            let group = row.column("group_name")?.string
        else { return nil }
        return (unit, experiment, StoredAssignment(group: group, period: row.column("period")?.integer))
    }

    /// The most rows (or values of an `IN` list) one statement binds: within SQLite's smallest
    /// limit on parameters, 999, for rows of three and the time they share.
    static let rowsPerStatement = 300

    /// The placeholders of `count` rows of `columns` values each and, last in every row, the
    /// time bound once as parameter 1: `(?2, ?3, ?1), (?4, ?5, ?1)` for two rows of two. The
    /// time is written once per statement rather than by the column's default for every row,
    /// which costs about a microsecond a row.
    static func rowsWithTime(_ count: Int, columns: Int) -> String {
        var text = ""
        text.reserveCapacity(count * (columns * 6 + 6))
        var parameter = 2
        for row in 0..<count {
            text += row == 0 ? "(" : ", ("
            for _ in 0..<columns {
                text += "?\(parameter), "
                parameter += 1
            }
            text += "?1)"
        }
        return text
    }

    /// The time now as the tables' defaults write it, in UTC with milliseconds:
    /// `2026-03-01T12:00:00.123Z`.
    static func now() -> String {
        Date.now.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// `count` copies of `each` separated by commas: the placeholders of a statement's rows.
    static func placeholders(_ count: Int, each: String = "?") -> String {
        Array(repeating: each, count: count).joined(separator: ", ")
    }
}

extension Collection {
    /// The elements in consecutive slices of at most `size` each.
    func chunks(of size: Int) -> [SubSequence] {
        var chunks: [SubSequence] = []
        var start = startIndex
        while start != endIndex {
            let end = index(start, offsetBy: size, limitedBy: endIndex) ?? endIndex
            chunks.append(self[start..<end])
            start = end
        }
        return chunks
    }
}

/// Which file a path names: its device and inode, which change when the file is deleted and
/// created again or replaced by another; `nil` when there is no file at the path.
struct FileIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

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
