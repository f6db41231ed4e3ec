import SplitTestFormats
import Testing

/// Database locations, the one syntax the decision service's `--database` and `splitc analyze
/// --database` read: the forms, what they hold, and messages that say what to give instead and
/// never show a password.
@Suite struct DatabaseLocationTests {
    @Test func readsSQLiteAndPostgresLocations() throws {
        #expect(try DatabaseLocation(parsing: "sqlite:data/split.sqlite") == .sqlite(path: "data/split.sqlite"))
        #expect(try DatabaseLocation(parsing: "sqlite:///var/split.sqlite") == .sqlite(path: "/var/split.sqlite"))
        guard case .postgres(let full) = try DatabaseLocation(parsing: "postgres://split:p%40ss@db.internal:6432/split_tests")
        else {
            Issue.record("a postgres:// URL is a PostgreSQL location")
            return
        }
        #expect(full.host == "db.internal" && full.port == 6432 && full.user == "split")
        #expect(full.password == "p@ss" && full.database == "split_tests" && full.options.isEmpty)
        guard case .postgres(let short) = try DatabaseLocation(parsing: "postgresql://split@127.0.0.1") else {
            Issue.record("a postgresql:// URL is a PostgreSQL location")
            return
        }
        #expect(short.host == "127.0.0.1" && short.port == 5432 && short.password == nil && short.database == nil)
        guard case .postgres(let v6) = try DatabaseLocation(parsing: "postgres://a@[::1]:7/d?sslmode=require&application_name=x%20y")
        else {
            Issue.record("an IPv6 host is a PostgreSQL location")
            return
        }
        #expect(v6.host == "::1" && v6.port == 7)
        #expect(v6.options.map(\.name) == ["sslmode", "application_name"] && v6.options.last?.value == "x y")
    }

    @Test func neverShowsThePassword() throws {
        #expect(try DatabaseLocation(parsing: "postgres://split:secret@db:5432/x").description == "postgres://split:***@db:5432/x")
        #expect(
            try DatabaseLocation(parsing: "postgres://split@db/x?password=secret&sslmode=disable").description
                == "postgres://split@db/x?password=***&sslmode=disable")
        #expect {
            try DatabaseLocation(parsing: "mysql://ann:hunter2@127.0.0.1/events")
        } throws: { error in
            "\(error)".contains("mysql://ann:***@127.0.0.1/events") && !"\(error)".contains("hunter2")
        }
    }

    @Test func refusesWhatItCannotUse() {
        let cases = [
            ("sqlite:", "names no file"),
            ("sqlite://relative.sqlite", "takes an absolute path"),
            ("mysql://db/x", "give sqlite:PATH"),
            ("split.sqlite", "write sqlite:split.sqlite"),
            ("postgres://db.internal/x", "names no user"),
            ("postgres://split@db:99999/x", "a port is a number from 1 to 65535"),
            ("postgres://split@db/x%zz", "two hexadecimal digits"),
            ("postgres://split@/x", "names no host"),
        ]
        for (text, message) in cases {
            #expect {
                try DatabaseLocation(parsing: text)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}
