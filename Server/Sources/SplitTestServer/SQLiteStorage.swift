import Logging
import SQLiteNIO

/// ``DecisionStorage`` in a SQLite file, created with its tables on first open.
///
/// Two connections to the file: one reads, one writes, each one operation at a time, their calls
/// into SQLite on two threads of their own. The file is in WAL mode, so a read sees the last
/// commit while a write waits for the disk; and with full synchronisation, so an acknowledged
/// write survives a crash of the process or the machine. The writes of concurrent requests are
/// committed together (see ``SQLiteWriter``), each acknowledged only once its transaction is.
///
/// Before each operation, each connection checks that the file at the path is still the one it
/// opened, and opens the path again when it is not (see ``SQLiteFile``); while that fails,
/// operations throw and the service answers 503 until it succeeds.
public final class SQLiteStorage: DecisionStorage {
    private let reader: SQLiteFile
    private let writerFile: SQLiteFile
    private let writer: SQLiteWriter
    private let threadPool: NIOThreadPool

    private init(path: String, logger: Logger) {
        // One thread for the writer, which spends most of a commit waiting for the disk, and one
        // for the reader, which must not wait behind it.
        threadPool = NIOThreadPool(numberOfThreads: 2)
        threadPool.start()
        reader = SQLiteFile(path: path, threadPool: threadPool, logger: logger)
        writerFile = SQLiteFile(path: path, threadPool: threadPool, logger: logger)
        writer = SQLiteWriter(file: writerFile)
    }

    /// Opens (creating when missing) the database file at `path`.
    public static func open(path: String, logger: Logger) async throws -> SQLiteStorage {
        let storage = SQLiteStorage(path: path, logger: logger)
        do {
            // The writer first: it creates the file and the tables, which the reader then finds.
            _ = try await storage.writerFile.run { _ in }
            _ = try await storage.reader.run { _ in }
        } catch {
            try? await storage.close()
            throw error
        }
        return storage
    }

    /// Closes the connections.
    public func close() async throws {
        try await writerFile.close()
        try await reader.close()
        try await threadPool.shutdownGracefully()
    }

    /// The stored groups of each of `units`, in one query.
    public func assignments(units: [String]) async throws -> [String: [String: String]] {
        guard !units.isEmpty else { return [:] }
        return try await reader.run { try await $0.storedGroups(of: units) }
    }

    /// Stores each group unless the unit has one in that experiment; returns those in force.
    public func storeIfAbsent(_ groups: [String: [String: String]]) async throws -> [String: [String: String]] {
        guard !groups.isEmpty else { return [:] }
        return try await writer.perform(.store(groups))
    }

    /// Forgets every stored group of `unit`.
    public func deleteAssignments(unit: String) async throws {
        _ = try await writer.perform(.delete(unit))
    }

    /// Appends the event lines in one transaction.
    public func appendEvents(_ lines: [String]) async throws {
        _ = try await writer.perform(.append(lines))
    }

    /// Every stored event line, oldest first.
    public func events() async throws -> [String] {
        try await reader.run { connection in
            try await connection.rows("SELECT line FROM events ORDER BY id").compactMap { $0.column("line")?.string }
        }
    }
}
