/// The `events` table of a decision service's database (`split-test-server --database`), read
/// as an event file: one row per event, `id` in the order stored, `line` the event's JSON line in
/// the form `JSONLinesTrackingProvider` writes.
///
/// A location is `sqlite:PATH` (relative or absolute), `sqlite:///ABSOLUTE/PATH`, or a
/// PostgreSQL URL (`postgres://user@host:port/db`, `postgresql://…`), given to libpq as it is.
/// The client libraries are loaded at run time: SQLite's is there wherever Swift runs, libpq only
/// where PostgreSQL's client is installed.
package enum EventDatabase {
    /// The table the service writes its events into.
    package static let table = "events"

    /// Why a database cannot be read: a message that names its location (without a password).
    package struct Failure: Error, CustomStringConvertible, Equatable {
        /// The whole message.
        package var description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// The source of the events stored at `location`; the library is loaded and a SQLite file
    /// checked at once, the table read by ``EventLineSource/forEachLine(_:)``.
    package static func source(at location: String) throws(Failure) -> any EventLineSource {
        if location.hasPrefix("sqlite:") {
            var path = String(location.dropFirst("sqlite:".count))
            if path.hasPrefix("//") {
                path.removeFirst(2)
                guard path.hasPrefix("/") else {
                    throw Failure("'\(location)': sqlite:// takes an absolute path (sqlite:///folder/events.sqlite); a relative one is sqlite:events.sqlite")
                }
            }
            guard !path.isEmpty else { throw Failure("'\(location)' names no file: write sqlite:PATH") }
            return try SQLiteEventTable(path: path, name: location)
        }
        if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") {
            return try PostgresEventTable(url: location, name: redacted(location))
        }
        guard location.contains(":") else {
            throw Failure("'\(location)' names no kind of database: write sqlite:\(location), or postgres://user@host:port/db")
        }
        let scheme = location.split(separator: ":", maxSplits: 1).first.map(String.init) ?? location
        throw Failure(
            "'\(location.contains("://") ? redacted(location) : location)': unknown database '\(scheme)'; "
                + "give sqlite:PATH or postgres://user@host:port/db")
    }

    /// The query of the rows, in the order stored: all of them, or those up to `lastID`.
    static func rowsQuery(upTo lastID: Int?) -> String {
        "SELECT id, line FROM \(table)\(lastID.map { " WHERE id <= \($0)" } ?? "") ORDER BY id"
    }

    /// `url` without its password, for messages: `postgres://ann:***@host/db`, and `password=***`
    /// among its parameters.
    package static func redacted(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        var result = String(url[..<schemeEnd.upperBound])
        var rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") {
            let userInfo = rest[..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                result += rest[..<colon] + ":***"
                rest = rest[at...]
            }
        }
        guard let question = rest.firstIndex(of: "?") else { return result + rest }
        result += rest[...question]
        let parameters = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
        result += parameters.map { $0.hasPrefix("password=") ? "password=***" : String($0) }.joined(separator: "&")
        return result
    }
}

extension InputIssue {
    /// The issue of a database's row: `sqlite:events.sqlite: id 42: warning: kind: message`,
    /// where ``InputIssue/line`` holds the row's `id`; an empty table is said so.
    package var rowDescription: String {
        if line > 0 { return "\(file): id \(line): warning: \(kind.rawValue): \(message)" }
        return kind == .emptyFile ? "\(file): warning: empty table: no events" : "\(file): warning: \(kind.rawValue): \(message)"
    }
}

/// The last `id` the first reading of a table saw: the reading after it stops there, so that both
/// passes of ``EventFiles`` read the same rows while the service goes on storing new ones.
final class LastRowID {
    var value: Int?
}
