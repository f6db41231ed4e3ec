import Logging
import SplitTestFormats

extension DatabaseLocation {
    /// Opens the storage at this location, keeping the stored groups of up to `cachedUnits` units
    /// in memory (with PostgreSQL, kept true across instances by listening for their changes).
    /// Options after `?` are refused: the service connects to PostgreSQL over plain TCP, for a
    /// database on a private network.
    @_spi(Tools) public func open(
        cachedUnits: Int = SQLiteStorage.defaultCachedUnits, logger: Logger
    ) async throws -> any DecisionStorage {
        switch self {
        case .sqlite(let path):
            return try await SQLiteStorage.open(path: path, cachedUnits: cachedUnits, logger: logger)
        case .postgres(let server):
            return try await PostgresStorage.open(
                host: server.host, port: server.port, user: server.user, password: server.password,
                database: server.database, cachedUnits: cachedUnits, logger: logger)
        }
    }

    /// Why the service cannot use this location, or `nil` when it can: options after `?`, which
    /// it does not apply.
    public var serviceProblem: String? {
        guard case .postgres(let server) = self, !server.options.isEmpty else { return nil }
        return "'\(self)': options after '?' are not supported; the connection is plain TCP without TLS, for a database on a private network"
    }
}
