import Logging
import NIOConcurrencyHelpers
import SQLiteNIO
import SplitTestFormats
@_spi(Tools) import SplitTesting

/// ``DecisionStorage`` in a SQLite file, created with its tables on first open.
///
/// Two connections to the file: one reads, one writes, each one operation at a time, their calls
/// into SQLite on two threads of their own. Concurrent reads are made together (see
/// ``SQLiteReader``). The file is in WAL mode, so a read sees the last
/// commit while a write waits for the disk; and with full synchronisation, so an acknowledged
/// write survives a crash of the process or the machine. The writes of concurrent requests are
/// committed together (see ``SQLiteWriter``), each acknowledged only once its transaction is.
///
/// Before each operation, each connection checks that the file at the path is still the one it
/// opened, and opens the path again when it is not (see ``SQLiteFile``); while that fails,
/// operations throw and the service answers 503 until it succeeds.
///
/// The stored groups of the units asked for most recently are also kept in memory (see
/// ``StoredGroupCache``), so that a unit seen before is answered without a read, and a filter of
/// the units with groups (see ``StoredUnitFilter``) lets a unit never seen be answered without one
/// either. This is sound because one process owns the file: give each instance a file of its own,
/// or share PostgreSQL.
@_spi(Tools) public final class SQLiteStorage: DecisionStorage {
    /// How many units' stored groups are kept in memory unless told otherwise: some 30 MB for
    /// units in 10 experiments each.
    public static let defaultCachedUnits = 50_000

    private let path: String
    private let logger: Logger
    private let cache: StoredGroupCache
    private let filter = StoredUnitFilter()
    private let filterBuild = NIOLockedValueBox<Task<Void, Never>?>(nil)
    /// The file last found at the path, and when.
    private let lastLook = NIOLockedValueBox<(at: ContinuousClock.Instant, file: FileIdentity?)?>(nil)
    private let readerFile: SQLiteFile
    private let reader: SQLiteReader
    private let writerFile: SQLiteFile
    private let writer: SQLiteWriter
    private let threadPool: NIOThreadPool

    private init(path: String, cachedUnits: Int, logger: Logger) {
        self.path = path
        self.logger = logger
        cache = StoredGroupCache(capacity: cachedUnits)
        // One thread for the writer, which spends most of a commit waiting for the disk, and one
        // for the reader, which must not wait behind it.
        threadPool = NIOThreadPool(numberOfThreads: 2)
        threadPool.start()
        readerFile = SQLiteFile(path: path, threadPool: threadPool, logger: logger)
        reader = SQLiteReader(file: readerFile)
        writerFile = SQLiteFile(path: path, threadPool: threadPool, logger: logger)
        writer = SQLiteWriter(file: writerFile)
    }

    /// Opens (creating when missing) the database file at `path`, keeping the stored groups of
    /// up to `cachedUnits` units in memory (0 keeps none).
    public static func open(
        path: String, cachedUnits: Int = defaultCachedUnits, logger: Logger
    ) async throws -> SQLiteStorage {
        let storage = SQLiteStorage(path: path, cachedUnits: cachedUnits, logger: logger)
        do {
            // The writer first: it creates the file and the tables, which the reader then finds.
            _ = try await storage.writerFile.run { _ in }
            _ = try await storage.readerFile.run { _ in }
        } catch {
            try? await storage.close()
            throw error
        }
        storage.buildFilterIfDue()
        return storage
    }

    /// Closes the connections.
    public func close() async throws {
        if let build = filterBuild.withLockedValue({ $0 }) {
            build.cancel()
            await build.value
        }
        try await writerFile.close()
        try await readerFile.close()
        try await threadPool.shutdownGracefully()
    }

    /// The stored groups of each of `units`: from memory when every one is kept there for the
    /// file now at the path, otherwise in one query.
    public func storedGroups(of units: [String]) async throws -> StoredGroups {
        guard !units.isEmpty else { return StoredGroups() }
        let file = currentFile()
        if let known = cache.groups(of: units, file: file) { return known }
        let ticket = cache.ticket(file: file)
        // Units the filter is sure have no groups are not read.
        let unsure = units.filter { filter.mayHold($0, file: file) }
        if !unsure.isEmpty, file != nil { buildFilterIfDue(file: file) }
        let groups = unsure.isEmpty ? StoredGroups() : try await reader.storedGroups(of: unsure)
        cache.keep(read: groups, of: units, ticket: ticket)
        return groups
    }

    /// Removes the discarded groups still stored and stores each new group unless the unit has
    /// one in that experiment; returns the groups in force for those stored.
    public func apply(_ changes: [StoredAssignmentChange]) async throws -> StoredGroups {
        guard !changes.isEmpty else { return StoredGroups() }
        // The file the kept entries belong to: when the write goes to another, they are not
        // answered from anyway.
        let ticket = cache.ticketForStore()
        var storing: Set<UTF8Key> = []
        var removed: [(unit: String, experiment: String, group: String)] = []
        for change in changes {
            switch change {
            case .store(_, let unit, _): storing.insert(UTF8Key(unit))
            case .remove(let experiment, let unit, let group): removed.append((unit, experiment, group))
            }
        }
        // In the filter before their rows can be in the file.
        let added = filter.add(storing.map(\.string))
        defer {
            filter.settle(added)
            buildFilterIfDue()
        }
        let inForce = try await writer.perform(.apply(changes))
        cache.keep(stored: inForce, removed: removed, ticket: ticket)
        return inForce
    }

    /// Forgets every stored group of `unit`.
    public func deleteAssignments(unit: String) async throws {
        // Forgotten in memory even when the commit reports a failure it may have outlived.
        defer { cache.forget(unit) }
        _ = try await writer.perform(.delete(unit))
    }

    /// How many units' stored groups are kept in memory.
    var cachedUnitCount: Int { cache.count }

    /// How many units the filter of units with groups holds, once built for the file now at the path.
    var filteredUnitCount: Int? { filter.built(for: FileIdentity(path: path)) }

    /// How long a file removed or replaced may go unnoticed.
    static let fileLookInterval = Duration.milliseconds(1)

    /// Waits for a build of the filter under way to end (for tests).
    func filterBuilt() async {
        await filterBuild.withLockedValue({ $0 })?.value
    }

    /// Builds the filter of units with groups, in the background, when none answers yet or the
    /// one answering is full: the units are read a page at a time on the reading connection, so
    /// that requests' reads go on between the pages.
    ///
    /// `file`, the file now at the path when the caller knows it, has a filter built for it when
    /// the one answering is another's.
    private func buildFilterIfDue(file current: FileIdentity? = nil) {
        guard filter.startBuilding(file: current) else { return }
        filterBuild.withLockedValue { build in
            build = Task { [self] in
                let file = FileIdentity(path: path)
                var hashes: [UInt64] = []
                var after = ""
                do {
                    while true {
                        try Task.checkCancellation()
                        let page = try await readerFile.run { [after] in
                            try await $0.rows(
                                "SELECT DISTINCT unit FROM assignments WHERE unit > ? ORDER BY unit LIMIT ?",
                                [.text(after), .integer(Self.filterPage)]
                            ).compactMap { $0.column("unit")?.string }
                        }
                        hashes += page.map(StoredUnitFilter.hash)
                        guard page.count == Self.filterPage, let last = page.last else { break }
                        after = last
                    }
                } catch {
                    if !(error is CancellationError) {
                        logger.warning("cannot read the units of \(path) for the filter of units seen; every unit is read: \(String(reflecting: error))")
                    }
                    filter.finishBuilding(hashes: nil, file: nil)
                    return
                }
                // Units read from another file than the one the build started with are no filter of either.
                filter.finishBuilding(hashes: hashes, file: FileIdentity(path: path) == file ? file : nil)
            }
        }
    }

    /// The file at the path, looked up at most once a millisecond: a look costs a system call,
    /// which was a twentieth of a returning unit's answer, and a file removed or replaced is
    /// noticed a millisecond later at most.
    private func currentFile() -> FileIdentity? {
        let now = ContinuousClock.now
        if let last = lastLook.withLockedValue({ $0 }), now - last.at < Self.fileLookInterval { return last.file }
        let file = FileIdentity(path: path)
        lastLook.withLockedValue { $0 = (now, file) }
        return file
    }

    /// How many units one read of the filter's build takes.
    private static let filterPage = 10_000

    /// Appends the event lines in one transaction.
    public func appendEvents(_ lines: [String]) async throws {
        _ = try await writer.perform(.append(lines))
    }

    /// Every stored event line, oldest first.
    public func events() async throws -> [String] {
        try await readerFile.run { connection in
            try await connection.rows("SELECT line FROM events ORDER BY id").compactMap { $0.column("line")?.string }
        }
    }
}
