import SplitTestFormats
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `events` table of a SQLite file, read through the system's `libsqlite3`, opened read-only
/// (a missing file is an error, never a new database).
struct SQLiteEventTable: EventLineSource {
    let path: String
    let name: String
    private let api: SQLiteFunctions
    private let lastID = LastRowID()

    var size: Int? { nil }

    init(path: String, name: String) throws(EventDatabase.Failure) {
        self.path = path
        self.name = name
        guard let api = SQLiteFunctions.load() else {
            throw EventDatabase.Failure(
                "reading \(name) needs libsqlite3, the SQLite library: install libsqlite3-0 (Debian) or sqlite (Homebrew)")
        }
        self.api = api
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw EventDatabase.Failure("cannot read \(name): \(String(cString: strerror(errno)))")
        }
    }

    @discardableResult
    func forEachLine(_ body: (_ line: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ bytesRead: Int) throws -> Void) throws -> Int {
        var database: OpaquePointer?
        let opened = api.open(path, &database, SQLiteFunctions.openReadOnly, nil)
        defer { _ = api.close(database) }
        guard opened == SQLiteFunctions.ok, let database else { throw failure(database) }
        // The service may be writing: wait for its lock rather than fail at once.
        _ = api.busyTimeout(database, 10_000)
        var statement: OpaquePointer?
        let query = EventsTable.rowsQuery(upTo: lastID.value)
        guard api.prepare(database, query, -1, &statement, nil) == SQLiteFunctions.ok, let statement else {
            let message = api.errorMessage(database).map { String(cString: $0) } ?? ""
            if message.hasPrefix("no such table") {
                throw EventDatabase.Failure("no \(EventsTable.name) table in \(name): is this a split-test-server database?")
            }
            throw failure(database)
        }
        defer { _ = api.finalize(statement) }
        var rows = 0
        var bytesRead = 0
        var id = 0
        defer { lastID.value = lastID.value ?? id }
        while true {
            let status = api.step(statement)
            if status == SQLiteFunctions.done { break }
            guard status == SQLiteFunctions.row else { throw failure(database) }
            rows += 1
            id = Int(api.columnInt64(statement, 0))
            // The text first, then its length, as SQLite asks; a null line reads as an empty one.
            let text = api.columnText(statement, 1)
            let count = Int(api.columnBytes(statement, 1))
            bytesRead += count + 1
            try body(id, UnsafeBufferPointer(start: count > 0 ? text : nil, count: text == nil ? 0 : count), bytesRead)
        }
        return rows
    }

    private func failure(_ database: OpaquePointer?) -> EventDatabase.Failure {
        let message = database.flatMap { api.errorMessage($0) }.map { String(cString: $0) } ?? "cannot open the file"
        return EventDatabase.Failure("cannot read \(name): \(message)")
    }
}

/// The few functions of `libsqlite3` that reading the table takes.
private struct SQLiteFunctions {
    static let ok: Int32 = 0
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let openReadOnly: Int32 = 0x1

    typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?) -> Int32
    typealias Prepare = @convention(c) (
        OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?
    ) -> Int32
    typealias Handle = @convention(c) (OpaquePointer?) -> Int32
    typealias WithNumber = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias ColumnInt64 = @convention(c) (OpaquePointer?, Int32) -> Int64
    typealias ColumnText = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<UInt8>?
    typealias ErrorMessage = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?

    let open: Open
    let prepare: Prepare
    let step: Handle
    let columnInt64: ColumnInt64
    let columnText: ColumnText
    let columnBytes: WithNumber
    let finalize: Handle
    let close: Handle
    let errorMessage: ErrorMessage
    let busyTimeout: WithNumber

    /// The functions of the system's library, or `nil` when it is not installed.
    static func load() -> SQLiteFunctions? {
        guard let library = SharedLibrary(anyOf: ["libsqlite3.so.0", "libsqlite3.so", "libsqlite3.dylib"]),
            let open = library.function("sqlite3_open_v2", as: Open.self),
            let prepare = library.function("sqlite3_prepare_v2", as: Prepare.self),
            let step = library.function("sqlite3_step", as: Handle.self),
            let columnInt64 = library.function("sqlite3_column_int64", as: ColumnInt64.self),
            let columnText = library.function("sqlite3_column_text", as: ColumnText.self),
            let columnBytes = library.function("sqlite3_column_bytes", as: WithNumber.self),
            let finalize = library.function("sqlite3_finalize", as: Handle.self),
            let close = library.function("sqlite3_close_v2", as: Handle.self),
            let errorMessage = library.function("sqlite3_errmsg", as: ErrorMessage.self),
            let busyTimeout = library.function("sqlite3_busy_timeout", as: WithNumber.self)
        else { return nil }
        return SQLiteFunctions(
            open: open, prepare: prepare, step: step, columnInt64: columnInt64, columnText: columnText,
            columnBytes: columnBytes, finalize: finalize, close: close, errorMessage: errorMessage, busyTimeout: busyTimeout)
    }
}
