import Foundation
import Logging

/// Where the service keeps its data, as `--database` names it: `sqlite:FILE` (one instance) or
/// `postgres://user:password@host:port/database` (several instances sharing one database).
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    /// A SQLite file, created when missing.
    case sqlite(path: String)
    /// A PostgreSQL server.
    case postgres(host: String, port: Int, user: String, password: String?, database: String?)

    /// Reads a `--database` value; the error says what the forms are.
    public init(_ text: String) throws(DatabaseLocationError) {
        if text.hasPrefix("sqlite:") {
            let path = String(text.dropFirst("sqlite:".count))
            guard !path.isEmpty else { throw DatabaseLocationError("'\(text)' names no file: give sqlite:FILE") }
            self = .sqlite(path: path)
            return
        }
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else {
            throw DatabaseLocationError(
                "'\(text)' is not a database the service knows: give sqlite:FILE (for example sqlite:split-tests.sqlite) "
                    + "or postgres://user:password@host:port/database")
        }
        guard let url = URLComponents(string: text), let host = url.host, !host.isEmpty else {
            throw DatabaseLocationError("'\(text)' is not a URL of the form postgres://user:password@host:port/database")
        }
        guard let user = url.user, !user.isEmpty else {
            throw DatabaseLocationError("'\(text)' names no user: give postgres://user@\(host)/database")
        }
        if let query = url.query, !query.isEmpty {
            throw DatabaseLocationError(
                "'\(text)': options after '?' are not supported; the connection is plain TCP without TLS, for a database on a private network")
        }
        let database = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        self = .postgres(
            host: host, port: url.port ?? 5432,
            user: user.removingPercentEncoding ?? user,
            password: url.password.map { $0.removingPercentEncoding ?? $0 },
            database: database.isEmpty ? nil : (database.removingPercentEncoding ?? database))
    }

    /// The location as given, without the password, for messages and logs.
    public var description: String {
        switch self {
        case .sqlite(let path):
            return "sqlite:\(path)"
        case .postgres(let host, let port, let user, let password, let database):
            return "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database ?? "")"
        }
    }

    /// Opens the storage at this location; a SQLite file's storage keeps the stored groups of
    /// up to `cachedUnits` units in memory (PostgreSQL's reads the database every time, since
    /// another instance may forget a unit).
    public func open(
        cachedUnits: Int = SQLiteStorage.defaultCachedUnits, logger: Logger
    ) async throws -> any DecisionStorage {
        switch self {
        case .sqlite(let path):
            return try await SQLiteStorage.open(path: path, cachedUnits: cachedUnits, logger: logger)
        case .postgres(let host, let port, let user, let password, let database):
            return try await PostgresStorage.open(
                host: host, port: port, user: user, password: password, database: database, logger: logger)
        }
    }
}

/// A `--database` value the service cannot use.
public struct DatabaseLocationError: Error, CustomStringConvertible, Sendable {
    /// What is wrong and what to give instead.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
