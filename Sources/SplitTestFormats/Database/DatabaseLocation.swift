/// Where a decision service keeps its data and `splitc analyze --database` reads it back, in the
/// one syntax both take: `sqlite:PATH` (relative or absolute; `sqlite:///ABSOLUTE/PATH` too) or
/// `postgres://user:password@host:port/database` (`postgresql://` too; the password, port and
/// database are optional, options may follow `?`).
///
/// ```swift
/// let location = try DatabaseLocation(parsing: "postgres://ann:secret@db.internal/experiments")
/// print(location)   // postgres://ann:***@db.internal:5432/experiments
/// ```
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite file.
    case sqlite(path: String)
    /// A PostgreSQL server.
    case postgres(Postgres)

    /// A PostgreSQL server's address and credentials.
    public struct Postgres: Sendable, Hashable {
        /// The host name or address (an IPv6 address without its brackets).
        public var host: String
        /// The port; 5432 unless given.
        public var port: Int
        /// The user to connect as.
        public var user: String
        /// The password, if given.
        public var password: String?
        /// The database, if given; otherwise the server's default for the user.
        public var database: String?
        /// The options after `?`, in order, as given (`sslmode=require`).
        public var options: [Option]
        /// The location as written, which libpq reads as it is.
        public var url: String

        /// One `name=value` option after `?`.
        public struct Option: Sendable, Hashable {
            /// The option's name.
            public var name: String
            /// Its value, percent-decoded.
            public var value: String
        }
    }

    /// Reads a location; the error says what is wrong and what the forms are.
    public init(parsing text: String) throws(DatabaseLocationError) {
        if text.hasPrefix("sqlite:") {
            var path = Substring(text.dropFirst("sqlite:".count))
            if path.hasPrefix("//") {
                path = path.dropFirst(2)
                guard path.hasPrefix("/") else {
                    throw DatabaseLocationError(
                        "'\(text)': sqlite:// takes an absolute path (sqlite:///folder/events.sqlite); a relative one is sqlite:events.sqlite")
                }
            }
            guard !path.isEmpty else { throw DatabaseLocationError("'\(text)' names no file: write sqlite:PATH") }
            self = .sqlite(path: String(path))
            return
        }
        for scheme in ["postgres://", "postgresql://"] where text.hasPrefix(scheme) {
            self = .postgres(try Postgres(url: text, rest: text.dropFirst(scheme.count)))
            return
        }
        guard let colon = text.firstIndex(of: ":") else {
            throw DatabaseLocationError(
                "'\(text)' names no kind of database: write sqlite:\(text), or postgres://user@host:port/database")
        }
        let shown = text.contains("://") ? Self.redacted(text) : text
        throw DatabaseLocationError(
            "'\(shown)': unknown database '\(text[..<colon])'; give sqlite:PATH (for example sqlite:split-tests.sqlite) "
                + "or postgres://user:password@host:port/database")
    }

    /// The location as given, without the password, for messages and logs.
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let server): Self.redacted(server.url)
        }
    }

    /// `url` without its password: `postgres://ann:***@host/db`, and `password=***` among its
    /// options.
    static func redacted(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return url }
        let authorityStart = url.index(colon, offsetBy: 3)
        var result = String(url[..<authorityStart])
        var rest = url[authorityStart...]
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
        let options = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
        result += options.map { $0.hasPrefix("password=") ? "password=***" : String($0) }.joined(separator: "&")
        return result
    }
}

extension DatabaseLocation.Postgres {
    /// Reads the part after `postgres://`: `user[:password]@host[:port][/database][?options]`.
    init(url: String, rest: Substring) throws(DatabaseLocationError) {
        let shown = DatabaseLocation.redacted(url)
        func failure(_ reason: String) -> DatabaseLocationError { DatabaseLocationError("'\(shown)' \(reason)") }
        self.url = url
        var rest = rest
        var query: Substring?
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        guard let at = rest.lastIndex(of: "@") else {
            throw failure("names no user: give postgres://user@host/database")
        }
        let userInfo = rest[..<at]
        var hostPort = rest[rest.index(after: at)...]
        if let colon = userInfo.firstIndex(of: ":") {
            user = try Self.decoded(userInfo[..<colon], in: shown)
            password = try Self.decoded(userInfo[userInfo.index(after: colon)...], in: shown)
        } else {
            user = try Self.decoded(userInfo, in: shown)
            password = nil
        }
        guard !user.isEmpty else { throw failure("names no user: give postgres://user@host/database") }
        var portText: Substring?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw failure("has an IPv6 address without its ']'") }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            let after = hostPort[hostPort.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw failure("has text after the IPv6 address that is not a :port") }
                portText = after.dropFirst()
            }
        } else {
            if let colon = hostPort.lastIndex(of: ":") {
                portText = hostPort[hostPort.index(after: colon)...]
                hostPort = hostPort[..<colon]
            }
            host = String(hostPort)
        }
        guard !host.isEmpty else { throw failure("names no host: give postgres://user@host/database") }
        if let portText {
            guard let port = Int(portText), (1...65_535).contains(port) else {
                throw failure("has port '\(portText)'; a port is a number from 1 to 65535")
            }
            self.port = port
        } else {
            port = 5432
        }
        let database = try Self.decoded(path, in: shown)
        self.database = database.isEmpty ? nil : database
        options = []
        for pair in (query ?? "").split(separator: "&") {
            guard let equals = pair.firstIndex(of: "=") else { throw failure("has option '\(pair)' without '=value'") }
            options.append(Option(
                name: try Self.decoded(pair[..<equals], in: shown),
                value: try Self.decoded(pair[pair.index(after: equals)...], in: shown)))
        }
    }

    /// `text` with its `%XX` escapes decoded as UTF-8.
    private static func decoded(_ text: Substring, in shown: String) throws(DatabaseLocationError) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else {
                throw DatabaseLocationError("'\(shown)' has a '%' that is not followed by two hexadecimal digits")
            }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw DatabaseLocationError("'\(shown)' has %-escapes that are not UTF-8")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A database location that cannot be used: what is wrong and what to give instead.
public struct DatabaseLocationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The message, naming the location without its password.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
