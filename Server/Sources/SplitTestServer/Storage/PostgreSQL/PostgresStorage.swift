import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import SplitTestFormats
@_spi(Tools) import SplitTesting

/// ``DecisionStorage`` in a PostgreSQL database, shared by every instance of the service behind
/// a load balancer; the tables are created on first open.
///
/// The database, not a lock in one process, decides between instances: the first group stored
/// for a unit in an experiment is the one every instance answers. Concurrent reads are made as
/// one statement, and concurrent writes committed together (see ``PostgresWriter``), each
/// acknowledged only once its transaction has committed, with `synchronous_commit` as the
/// database has it (on by default: an acknowledged write survives a crash).
///
/// The stored groups of the units asked for most recently are kept in memory (see
/// ``StoredGroupCache``) and kept true across instances by ``ChangedUnitsListener``: every write
/// names its units to the other instances, which drop them; an answer from memory waits for a
/// fence that proves every write committed before the request arrived has been heard of; and
/// while the listening connection is down, every read goes to the database.
///
/// A database that stops answering makes an operation fail within its deadline (``deadline`` by
/// default; the service answers 503) instead of waiting for it, and the pool connects again by itself when it returns.
@_spi(Tools) public final class PostgresStorage: DecisionStorage {
    private let client: PostgresClient
    private let running: Task<Void, Never>
    private let logger: Logger
    private let cache: StoredGroupCache<UInt64>
    private let listener: ChangedUnitsListener
    private let reader: RequestBatcher<[String], StoredGroups>
    private let writer: PostgresWriter
    private let memoryAnswers = NIOLockedValueBox(0)
    /// How long an operation of this storage may wait for a connection and its answer.
    private let answerDeadline: Duration

    /// How long an operation may wait for a connection and its answer, unless told otherwise.
    public static let deadline: Duration = .seconds(5)

    /// The most connections each instance opens for reads and writes (the listening one aside):
    /// reads, stored groups and events each take one batch at a time, and a few more serve a
    /// batch that outlived its deadline and the reading of events.
    static let poolSize = 6

    private init(
        client: PostgresClient, running: Task<Void, Never>, cache: StoredGroupCache<UInt64>,
        listener: ChangedUnitsListener, deadline: Duration, logger: Logger
    ) {
        answerDeadline = deadline
        self.client = client
        self.running = running
        self.cache = cache
        self.listener = listener
        self.logger = logger
        reader = RequestBatcher { reads in
            try await Self.withDeadline(deadline) {
                let groups = try await Self.readAssignments(units: Self.distinct(reads.joined()), on: client, logger: logger)
                return reads.map { groups.restricted(to: $0) }
            }
        }
        writer = PostgresWriter(client: client, instance: listener.instance, deadline: deadline, logger: logger)
    }

    /// Connects to the database and creates the tables when missing; throws what the server said
    /// when it cannot be reached or refuses the user. Keeps the stored groups of up to
    /// `cachedUnits` units in memory (0 keeps none); an operation that has no answer within
    /// `deadline` fails.
    public static func open(
        host: String, port: Int, user: String, password: String?, database: String?,
        cachedUnits: Int = SQLiteStorage.defaultCachedUnits, deadline: Duration = PostgresStorage.deadline, logger: Logger
    ) async throws -> PostgresStorage {
        // One connection first, whose error names the cause (refused, unknown user or database)
        // where the pool would only retry until the deadline; it then listens for other
        // instances' changes.
        var connectionConfiguration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: .disable)
        connectionConfiguration.options.connectTimeout = .seconds(2)
        let cache = StoredGroupCache<UInt64>(capacity: cachedUnits, adoptsSources: false)
        let listener = ChangedUnitsListener(cache: cache, configuration: connectionConfiguration, logger: logger)
        let first = try await PostgresConnection.connect(configuration: listener.configuration, id: 0, logger: logger)
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: .disable)
        // A connection that cannot be made fails quickly, so that a request waits at most the
        // deadline while the database is away.
        configuration.options.connectTimeout = .seconds(2)
        configuration.options.maximumConnections = poolSize
        // Each execution of a prepared statement planned for its own lists: a plan made generic
        // while the table was nearly empty would otherwise scan the whole table for every read
        // once it has grown, and planning these statements costs far less than a scan.
        configuration.options.additionalStartupParameters = [
            ("application_name", "split-test-server"), ("plan_cache_mode", "force_custom_plan"),
        ]
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        // The pool works only while `run` does; `close` ends it.
        let running = Task { await client.run() }
        let storage = PostgresStorage(
            client: client, running: running, cache: cache, listener: listener, deadline: deadline, logger: logger)
        do {
            try await storage.createTables()
            try await listener.start(on: first)
        } catch {
            ChangedUnitsListener.abandon(first)
            running.cancel()
            throw error
        }
        return storage
    }

    private func createTables() async throws {
        try await Self.withDeadline(answerDeadline) {
            try await self.client.withTransaction(logger: self.logger) { connection in
                // Instances started together would race to create the same tables; the lock
                // (held until the transaction ends) lets one create them and the others find them.
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.schemaLock))", logger: self.logger)
                for statement in AssignmentsTable.creation(.postgresql) + [EventsTable.creation(.postgresql)] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                }
            }
        }
    }

    /// The advisory lock that serialises creating the tables: "split" in ASCII.
    private static let schemaLock: Int64 = 0x7370_6c69_74

    /// Ends the connections.
    public func close() async throws {
        await listener.close()
        running.cancel()
        await running.value
    }

    /// The stored groups of each of `units`: from memory when every one is kept there and a
    /// fence has shown that no other instance changed them since, otherwise in one query (with
    /// the concurrent requests' reads).
    public func storedGroups(of units: [String]) async throws -> StoredGroups {
        guard !units.isEmpty else { return StoredGroups() }
        if cache.holds(units, source: listener.session), let session = try? await listener.fence(),
            let known = cache.groups(of: units, source: session)
        {
            memoryAnswers.withLockedValue { $0 += 1 }
            return known
        }
        // Kept only if the session that will hear of later changes was under way before the read.
        let ticket = cache.ticket(source: listener.session)
        let groups = try await reader.submit(units)
        cache.keep(read: groups, of: units, ticket: ticket)
        return groups
    }

    /// Removes the discarded groups still stored, then stores each new group unless the unit has
    /// one in that experiment; returns the groups in force for those stored. The other instances
    /// hear of the units once the transaction commits.
    ///
    /// A row that another instance is inserting at the same moment makes this one wait for its
    /// commit and then skip the row, which is then read back: the group that won.
    public func apply(_ changes: [StoredAssignmentChange]) async throws -> StoredGroups {
        guard !changes.isEmpty else { return StoredGroups() }
        let ticket = cache.ticket(source: listener.session)
        var removed: [(unit: String, experiment: String, group: String)] = []
        for case .remove(let experiment, let unit, let group) in changes { removed.append((unit, experiment, group)) }
        let inForce = try await writer.perform(.apply(changes))
        cache.keep(stored: inForce, removed: removed, ticket: ticket)
        return inForce
    }

    /// Forgets every stored group of `unit`, here and, once the transaction commits, in every
    /// other instance's memory.
    public func deleteAssignments(unit: String) async throws {
        // Forgotten in memory even when the commit reports a failure it may have outlived.
        defer { cache.forget(unit) }
        _ = try await writer.perform(.delete(unit))
    }

    /// Appends the event lines in one transaction (with the concurrent requests' lines): all of
    /// them or none.
    public func appendEvents(_ lines: [String]) async throws {
        guard !lines.isEmpty else { return }
        try await writer.append(lines)
    }

    /// How many units' stored groups are kept in memory (for tests).
    var cachedUnitCount: Int { cache.count }

    /// Whether the connection that hears of other instances' changes listens now (for tests).
    var isListening: Bool { listener.session != nil }

    /// How many reads were answered from memory (for tests).
    var answersFromMemory: Int { memoryAnswers.withLockedValue { $0 } }

    /// Every stored event line, oldest first.
    public func events() async throws -> [String] {
        try await Self.withDeadline(answerDeadline) {
            var lines: [String] = []
            for try await line in try await self.client.query(
                PostgresQuery(unsafeSQL: "SELECT \(EventsTable.line) FROM \(EventsTable.name) ORDER BY \(EventsTable.id)"),
                logger: self.logger)
                .decode(String.self)
            {
                lines.append(line)
            }
            return lines
        }
    }

    private static func readAssignments(units: [String], on client: PostgresClient, logger: Logger) async throws -> StoredGroups {
        var groups = StoredGroups()
        for try await (unit, experiment, group, period) in try await client.execute(
            PostgresStatements.ReadGroups(units: units), logger: logger)
        {
            groups[unit: unit, experiment: experiment] = StoredAssignment(group: group, period: period)
        }
        return groups
    }

    /// Each of `units` once, compared byte for byte, in the order first given.
    private static func distinct(_ units: some Sequence<String>) -> [String] {
        var seen: Set<UTF8Key> = []
        return units.filter { seen.insert(UTF8Key($0)).inserted }
    }

    /// Runs `operation`, or throws ``DatabaseUnavailable`` once ``deadline`` has passed without
    /// its answer (the pool would otherwise keep a request waiting while it reconnects).
    static func withDeadline<T: Sendable>(
        _ deadline: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: deadline)
                throw DatabaseUnavailable(reason: "no answer from PostgreSQL within \(deadline)")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else {
                throw DatabaseUnavailable(reason: "the operation ended without an answer")
            }
            return first
        }
    }
}

/// The database did not answer in time; the request can be retried.
struct DatabaseUnavailable: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}
