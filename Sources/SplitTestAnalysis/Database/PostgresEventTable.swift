import SplitTestFormats
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `events` table of a PostgreSQL database, read through the system's `libpq` with a cursor,
/// so that a table of any size is fetched a batch of rows at a time rather than held whole.
struct PostgresEventTable: EventLineSource {
    /// The conninfo URL as given (with its password, if any): only libpq sees it.
    private let url: String
    let name: String
    private let api: PostgresFunctions
    private let lastID = LastRowID()

    var size: Int? { nil }

    /// Rows per `FETCH`.
    private static let batch = 10_000

    init(url: String, name: String) throws(EventDatabase.Failure) {
        self.url = url
        self.name = name
        let named = PostgresFunctions.namedLibrary()
        guard let api = PostgresFunctions.load(named: named) else {
            if let named {
                throw EventDatabase.Failure(
                    "reading \(name) needs libpq, the PostgreSQL client library: \(PostgresFunctions.libraryVariable) names "
                        + "'\(named)', which cannot be loaded as libpq (a missing file, or one without libpq's functions)")
            }
            throw EventDatabase.Failure(
                "reading \(name) needs libpq, the PostgreSQL client library: install libpq5 (Debian) or postgresql (Homebrew), "
                    + "or name its file in \(PostgresFunctions.libraryVariable) (Homebrew's libpq formula: "
                    + "$(brew --prefix libpq)/lib/libpq.5.dylib)")
        }
        self.api = api
    }

    @discardableResult
    func forEachLine(_ body: (_ line: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ bytesRead: Int) throws -> Void) throws -> Int {
        let connection = api.connect(url)
        defer { api.finish(connection) }
        guard connection != nil, api.status(connection) == PostgresFunctions.connectionOK else {
            let message = api.errorMessage(connection).map { String(cString: $0) } ?? "out of memory"
            throw EventDatabase.Failure("cannot connect to \(name): \(Self.trimmed(message))")
        }
        try execute(connection, "BEGIN READ ONLY")
        try execute(connection, "DECLARE split_test_events NO SCROLL CURSOR FOR " + EventsTable.rowsQuery(upTo: lastID.value))
        var rows = 0
        var bytesRead = 0
        var id = 0
        defer { lastID.value = lastID.value ?? id }
        while true {
            let result = try execute(connection, "FETCH \(Self.batch) FROM split_test_events", keep: true)
            defer { api.clear(result) }
            let count = api.rowCount(result)
            for row in 0..<count {
                id = api.value(result, row, 0).flatMap { Int(String(cString: $0)) } ?? id + 1
                let length = Int(api.length(result, row, 1))
                bytesRead += length + 1
                let line = api.value(result, row, 1).map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
                try body(id, UnsafeBufferPointer(start: line, count: line == nil ? 0 : length), bytesRead)
            }
            rows += Int(count)
            if Int(count) < Self.batch { break }
        }
        try execute(connection, "COMMIT")
        return rows
    }

    /// Runs `command`; returns its result when `keep` (the caller clears it), else clears it.
    @discardableResult
    private func execute(_ connection: OpaquePointer?, _ command: String, keep: Bool = false) throws(EventDatabase.Failure) -> OpaquePointer? {
        let result = api.execute(connection, command)
        let status = api.resultStatus(result)
        guard result != nil, status == PostgresFunctions.commandOK || status == PostgresFunctions.tuplesOK else {
            let state = api.errorField(result, PostgresFunctions.sqlState).map { String(cString: $0) }
            let message = (result != nil ? api.resultErrorMessage(result) : api.errorMessage(connection)).map { String(cString: $0) } ?? ""
            api.clear(result)
            if state == PostgresFunctions.undefinedTable {
                throw EventDatabase.Failure("no \(EventsTable.name) table in \(name): is this a split-test-server database?")
            }
            throw EventDatabase.Failure("cannot read \(name): \(Self.trimmed(message))")
        }
        if keep { return result }
        api.clear(result)
        return nil
    }

    /// libpq's message on one line: it ends its messages with a newline and may span several.
    private static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
    }
}

/// The few functions of `libpq` that reading the table takes.
private struct PostgresFunctions {
    static let connectionOK: Int32 = 0
    static let commandOK: Int32 = 1
    static let tuplesOK: Int32 = 2
    /// `PG_DIAG_SQLSTATE`, the field of a result's error that holds its SQLSTATE code.
    static let sqlState: Int32 = Int32(UInt8(ascii: "C"))
    /// The SQLSTATE of a relation that does not exist.
    static let undefinedTable = "42P01"

    typealias Connect = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Status = @convention(c) (OpaquePointer?) -> Int32
    typealias Message = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    typealias Execute = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Value = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    typealias Length = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    typealias ErrorField = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    typealias Release = @convention(c) (OpaquePointer?) -> Void

    let connect: Connect
    let status: Status
    let errorMessage: Message
    let finish: Release
    let execute: Execute
    let resultStatus: Status
    let rowCount: Status
    let value: Value
    let length: Length
    let errorField: ErrorField
    let resultErrorMessage: Message
    let clear: Release

    /// The environment variable that names libpq's file, for a library the system does not find
    /// by its name (Homebrew's `libpq` formula is not linked into its `lib` folder).
    static let libraryVariable = "SPLITC_LIBPQ"

    /// The file ``libraryVariable`` names, when it is set and not empty.
    static func namedLibrary() -> String? {
        guard let value = getenv(libraryVariable).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }

    /// The functions of the library at `named`, or else of the system's; `nil` when it cannot be
    /// loaded (not installed) or lacks one of them.
    static func load(named: String? = nil) -> PostgresFunctions? {
        let names = named.map { [$0] } ?? ["libpq.so.5", "libpq.so", "libpq.5.dylib", "libpq.dylib"]
        guard let library = SharedLibrary(anyOf: names),
            let connect = library.function("PQconnectdb", as: Connect.self),
            let status = library.function("PQstatus", as: Status.self),
            let errorMessage = library.function("PQerrorMessage", as: Message.self),
            let finish = library.function("PQfinish", as: Release.self),
            let execute = library.function("PQexec", as: Execute.self),
            let resultStatus = library.function("PQresultStatus", as: Status.self),
            let rowCount = library.function("PQntuples", as: Status.self),
            let value = library.function("PQgetvalue", as: Value.self),
            let length = library.function("PQgetlength", as: Length.self),
            let errorField = library.function("PQresultErrorField", as: ErrorField.self),
            let resultErrorMessage = library.function("PQresultErrorMessage", as: Message.self),
            let clear = library.function("PQclear", as: Release.self)
        else { return nil }
        return PostgresFunctions(
            connect: connect, status: status, errorMessage: errorMessage, finish: finish, execute: execute,
            resultStatus: resultStatus, rowCount: rowCount, value: value, length: length, errorField: errorField,
            resultErrorMessage: resultErrorMessage, clear: clear)
    }
}
