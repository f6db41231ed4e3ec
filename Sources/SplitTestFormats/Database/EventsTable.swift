/// The table a decision service stores events in and `splitc analyze --database` and `splitc
/// bandit --database` read back: one row per event, `id` in the order stored, `line` the event's
/// JSON line as `JSONLinesTrackingProvider` writes it, `received_at` when it was stored.
public enum EventsTable {
    /// The table's name.
    public static let name = "events"
    /// The column that orders the rows as they were stored.
    public static let id = "id"
    /// The column holding each event's JSON line.
    public static let line = "line"
    /// The column holding when the row was stored, in UTC.
    public static let receivedAt = "received_at"

    /// The SQL that creates the table when it is missing, in `dialect`.
    public static func creation(_ dialect: SQLStorageDialect) -> String {
        switch dialect {
        case .sqlite:
            """
            CREATE TABLE IF NOT EXISTS \(name) (
                \(id) INTEGER PRIMARY KEY AUTOINCREMENT, \(line) TEXT NOT NULL,
                \(receivedAt) TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))
            """
        case .postgresql:
            """
            CREATE TABLE IF NOT EXISTS \(name) (
                \(id) BIGSERIAL PRIMARY KEY, \(line) TEXT NOT NULL,
                \(receivedAt) TIMESTAMPTZ NOT NULL DEFAULT now())
            """
        }
    }

    /// The query of the stored lines in the order stored, with their ids: every row, or those up
    /// to `lastID` (so that two passes over a table still being written read the same rows).
    /// Both dialects.
    public static func rowsQuery(upTo lastID: Int? = nil) -> String {
        "SELECT \(id), \(line) FROM \(name)\(lastID.map { " WHERE \(id) <= \($0)" } ?? "") ORDER BY \(id)"
    }
}

/// The SQL dialects a decision service stores its data in.
public enum SQLStorageDialect: Sendable, Hashable {
    /// SQLite 3.
    case sqlite
    /// PostgreSQL.
    case postgresql
}
