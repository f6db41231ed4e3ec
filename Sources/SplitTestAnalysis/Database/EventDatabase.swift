import SplitTestFormats

/// The events table of a decision service's database (`split-test-server --database`), read as an
/// event file: one row per event in the order stored, its JSON line in the form
/// `JSONLinesTrackingProvider` writes (``EventsTable``).
///
/// A location is a ``DatabaseLocation``: `sqlite:PATH` or a PostgreSQL URL, given to libpq as it
/// is. The client libraries are loaded at run time: SQLite's is there wherever Swift runs, libpq
/// only where PostgreSQL's client is installed.
package enum EventDatabase {
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
        let parsed: DatabaseLocation
        do {
            parsed = try DatabaseLocation(parsing: location)
        } catch {
            throw Failure(error.description)
        }
        switch parsed {
        case .sqlite(let path): return try SQLiteEventTable(path: path, name: parsed.description)
        case .postgres(let server): return try PostgresEventTable(url: server.url, name: parsed.description)
        }
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
