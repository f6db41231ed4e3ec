import Testing
@testable import SplitTestServer

/// Reading `--database`: the two forms, and messages that say what to give instead.
@Suite struct DatabaseLocationTests {
    @Test func readsSQLiteAndPostgresLocations() throws {
        #expect(try DatabaseLocation("sqlite:data/split.sqlite") == .sqlite(path: "data/split.sqlite"))
        #expect(
            try DatabaseLocation("postgres://split:p%40ss@db.internal:6432/split_tests")
                == .postgres(host: "db.internal", port: 6432, user: "split", password: "p@ss", database: "split_tests"))
        #expect(
            try DatabaseLocation("postgresql://split@127.0.0.1")
                == .postgres(host: "127.0.0.1", port: 5432, user: "split", password: nil, database: nil))
        // Messages and logs never show the password.
        #expect(try DatabaseLocation("postgres://split:secret@db:5432/x").description == "postgres://split:***@db:5432/x")
    }

    @Test func refusesWhatItCannotUse() {
        let cases = [
            ("sqlite:", "names no file"),
            ("mysql://db/x", "give sqlite:FILE"),
            ("postgres://db.internal/x", "names no user"),
            ("postgres://split@db/x?sslmode=require", "options after '?' are not supported"),
        ]
        for (text, message) in cases {
            #expect {
                try DatabaseLocation(text)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }
}
