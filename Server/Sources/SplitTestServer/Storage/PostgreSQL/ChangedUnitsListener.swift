import Logging
import NIOConcurrencyHelpers
import PostgresNIO

/// One connection per instance that `LISTEN`s for the units other instances change, so that the
/// stored groups this instance keeps in memory (a ``StoredGroupCache``) stay those of the database.
///
/// Every write of stored groups sends, in its own transaction, a notice naming its units (see
/// ``ChangedUnitsNotice``); PostgreSQL delivers it to every listening connection when, and only
/// if, that transaction commits, in the order transactions commit. Each notice from another
/// instance drops its units from memory, on the connection's event loop as it is read.
///
/// **Fences.** A notice arrives some time after its commit, and a request that reaches this
/// instance after another instance answered a delete must not be answered from memory in that
/// time. So an answer from memory waits for a fence: a round trip on the listening connection
/// that starts after the request arrived. A committing transaction signals every listening
/// backend before its commit is acknowledged, and a signalled backend sends its notices before it
/// reads anything more from its client; so the reply to the fence comes after the notice of every
/// transaction committed before the fence was sent, and the notice is applied when it is read,
/// before the fence's reply is. Fences are shared: the requests that arrive while one is under
/// way wait for the next (a ``RequestBatcher``), so a fence costs a round trip per batch, not per
/// request.
///
/// **Sessions.** Notices are heard only while the connection lasts. Each connection that listens
/// is a session, numbered; the cache's entries belong to one session (``StoredGroupCache/reset(to:)``
/// drops them when a session starts or ends), and a fence answers only for the session it ran
/// on. While no session is under way (the connection was lost, or the database is away) nothing
/// is answered from memory and every read goes to the database; a new connection is tried every
/// half second.
final class ChangedUnitsListener: Sendable {
    private struct State {
        var connection: PostgresConnection?
        /// The number of the last session started, which is under way while `connection` is set.
        var session: UInt64 = 0
        var watching: Task<Void, Never>?
        var closed = false
    }

    /// This instance's token in the notices it sends: notices from itself are not applied, since
    /// it applies its own writes to its memory as it makes them.
    let instance: String
    /// The `application_name` of the listening connection, by which an administrator (or a test)
    /// finds it in `pg_stat_activity`.
    static let applicationName = "split-test-server: changed units"
    /// How long a fence may take before the connection is given up and made again.
    static let fenceDeadline: Duration = .seconds(2)

    private let cache: StoredGroupCache<UInt64>
    /// How the listening connection is made.
    let configuration: PostgresConnection.Configuration
    private let logger: Logger
    private let state: NIOLockedValueBox<State>
    private let fences: RequestBatcher<Void, UInt64>

    init(cache: StoredGroupCache<UInt64>, configuration: PostgresConnection.Configuration, logger: Logger) {
        self.cache = cache
        var configuration = configuration
        configuration.options.additionalStartupParameters.append(("application_name", Self.applicationName))
        self.configuration = configuration
        self.logger = logger
        var generator = SystemRandomNumberGenerator()
        instance = String(generator.next(), radix: 36)
        let state = NIOLockedValueBox(State())
        self.state = state
        fences = RequestBatcher { requests in
            let session = try await Self.fence(state: state, logger: logger)
            return Array(repeating: session, count: requests.count)
        }
    }

    /// The session under way, or `nil` when none is: the source the cache's entries belong to.
    var session: UInt64? {
        state.withLockedValue { $0.connection == nil ? nil : $0.session }
    }

    /// Starts listening on `connection` and keeps a session under way from then on, connecting
    /// again whenever the connection is lost; throws when `connection` cannot listen.
    func start(on connection: PostgresConnection) async throws {
        try await listen(on: connection)
        let task = Task { [self] in await watch(from: connection) }
        state.withLockedValue { $0.watching = task }
    }

    /// Ends the session and stops connecting again.
    func close() async {
        let (task, connection) = state.withLockedValue { state -> (Task<Void, Never>?, PostgresConnection?) in
            state.closed = true
            return (state.watching, state.connection)
        }
        task?.cancel()
        try? await connection?.close()
        await task?.value
    }

    /// The session under way once a fence has returned on its connection: every notice committed
    /// before this call has then been applied. Throws when no session is under way or the fence
    /// fails (the connection is then closed, and made again).
    func fence() async throws -> UInt64 {
        try await fences.submit(())
    }

    private static func fence(state: NIOLockedValueBox<State>, logger: Logger) async throws -> UInt64 {
        guard let (connection, session) = state.withLockedValue({ state in state.connection.map { ($0, state.session) } })
        else {
            throw NotListening()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await _ in try await connection.execute(PostgresStatements.Fence(), logger: logger) {}
            }
            group.addTask {
                try await Task.sleep(for: fenceDeadline)
                throw NotListening()
            }
            defer { group.cancelAll() }
            do {
                try await group.next()
            } catch {
                // A connection that does not answer may be missing notices: it is given up
                // (which also ends the fence's query), and the watcher connects again.
                abandon(connection)
                throw error
            }
        }
        return session
    }

    /// Registers the handler of notices on `connection`, checks that it listens, and starts a
    /// session on it.
    private func listen(on connection: PostgresConnection) async throws {
        let cache = cache, instance = instance
        // The handler runs on the connection's event loop as each notice is read, so a notice is
        // applied before any reply that follows it on the connection is delivered.
        connection.addListener(channel: ChangedUnitsNotice.channel) { _, notification in
            guard let notice = ChangedUnitsNotice.read(notification.payload), notice.instance != instance else { return }
            cache.forget(notice.units)
        }
        // The handler's LISTEN was sent before this query, which finds it in force (or not).
        var listening = 0
        for try await count in try await connection.query(
            "SELECT count(*)::integer FROM pg_listening_channels() AS channel WHERE channel = \(ChangedUnitsNotice.channel)",
            logger: logger
        ).decode(Int.self) {
            listening = count
        }
        guard listening == 1 else {
            throw NotListening()
        }
        let started = state.withLockedValue { state -> UInt64? in
            guard !state.closed else { return nil }
            state.session += 1
            // Entries of an earlier session may miss notices sent while no connection listened.
            cache.reset(to: state.session)
            state.connection = connection
            return state.session
        }
        guard started != nil else {
            Self.abandon(connection)
            throw CancellationError()
        }
    }

    /// Waits for the session's connection to be lost, ends the session, and connects again
    /// until a new one listens; until cancelled.
    private func watch(from first: PostgresConnection) async {
        var connection = first
        while !Task.isCancelled {
            let current = connection
            await withTaskCancellationHandler {
                try? await current.closeFuture.get()
            } onCancel: {
                Self.abandon(current)
            }
            state.withLockedValue { state in
                state.connection = nil
                cache.reset(to: nil)
            }
            if Task.isCancelled { return }
            logger.warning(
                "the connection that hears of other instances' changes to stored groups was lost; stored groups are read from PostgreSQL until it is back")
            var attempts = 0
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(500))
                attempts += 1
                var made: PostgresConnection?
                do {
                    let fresh = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                    made = fresh
                    try await listen(on: fresh)
                    connection = fresh
                    logger.info("listening again for other instances' changes to stored groups")
                    break
                } catch {
                    if let made { Self.abandon(made) }
                    if attempts == 1 || attempts % 120 == 0 {
                        logger.warning("cannot listen for other instances' changes yet: \(String(reflecting: error))")
                    }
                }
            }
        }
    }

    /// Closes `connection` without waiting for it to be closed.
    static func abandon(_ connection: PostgresConnection) {
        // The connection is kept until it is closed: PostgresNIO requires that a connection be
        // closed before it is released (a debug build stops at one that is not).
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// No connection listens now, or it stopped answering.
    struct NotListening: Error, CustomStringConvertible {
        var description: String { "no connection listens for other instances' changes to stored groups" }
    }
}
