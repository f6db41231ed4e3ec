import PostgresNIO
@_spi(Tools) import SplitTesting

/// The statements the service runs on every request, prepared once per connection so that
/// PostgreSQL parses and plans each once rather than at every call. Lists of units, groups and
/// lines are bound as arrays, so that one statement serves a whole batch of requests.
enum PostgresStatements {
    /// The stored groups of the units of `units`.
    struct ReadGroups: PostgresPreparedStatement {
        static let name = "split_test_read_groups"
        static let sql = "SELECT unit, experiment, group_name, period FROM assignments WHERE unit = ANY($1::text[])"
        typealias Row = (String, String, String, Int?)

        var units: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(units)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// The groups stored in the experiment of each (unit, experiment) pair, read back after a
    /// store for the rows another request or instance stored first.
    struct ReadPairs: PostgresPreparedStatement {
        static let name = "split_test_read_pairs"
        static let sql = """
            SELECT assignments.unit, assignments.experiment, group_name, period
            FROM assignments JOIN unnest($1::text[], $2::text[]) AS wanted(unit, experiment)
                ON assignments.unit = wanted.unit AND assignments.experiment = wanted.experiment
            """
        typealias Row = (String, String, String, Int?)

        var units: [String]
        var experiments: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(units)
            bindings.append(experiments)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Stores each row unless its unit has a group in its experiment, and tells the other
    /// instances which units changed, in one statement: alone it is a transaction of its own,
    /// with no `BEGIN` and `COMMIT` to wait for. The notices are delivered when its transaction
    /// commits, and only if it does.
    ///
    /// The rows it answers are those inserted; a last row with no unit says how many notices
    /// were sent. A row that met one stored before (another instance's, committed or committing)
    /// is not answered: its group is read back afterwards.
    struct StoreGroups: PostgresPreparedStatement {
        static let name = "split_test_store_groups"
        static let sql = """
            WITH inserted AS (
                INSERT INTO assignments (unit, experiment, group_name, period)
                SELECT unit, experiment, group_name, NULLIF(period, -1)::integer
                FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS given(unit, experiment, group_name, period)
                ON CONFLICT (unit, experiment) DO NOTHING
                RETURNING unit, experiment, group_name, period)
            SELECT unit, experiment, group_name, period FROM inserted
            UNION ALL
            SELECT NULL, NULL, NULL, count(pg_notify($5, notice))::integer FROM unnest($6::text[]) AS notice
            """
        typealias Row = (String?, String?, String?, Int?)

        var rows: [(unit: String, experiment: String, assignment: StoredAssignment)]
        var notices: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 6)
            bindings.append(rows.map(\.unit))
            bindings.append(rows.map(\.experiment))
            bindings.append(rows.map(\.assignment.group))
            // No period is bound as -1, which no period is: arrays of optionals are not bound.
            bindings.append(rows.map { $0.assignment.period ?? -1 })
            bindings.append(ChangedUnitsNotice.channel)
            bindings.append(notices)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// Appends event lines in one statement, their ids in the order given.
    struct AppendEvents: PostgresPreparedStatement {
        static let name = "split_test_append_events"
        static let sql = """
            INSERT INTO events (line)
            SELECT line FROM unnest($1::text[]) WITH ORDINALITY AS given(line, position) ORDER BY position
            """
        typealias Row = ()

        var lines: [String]

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(lines)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {}
    }

    /// A round trip on the listening connection, which PostgreSQL answers only after the
    /// notices of every transaction committed before it arrived (see ``ChangedUnitsListener``).
    struct Fence: PostgresPreparedStatement {
        static let name = "split_test_fence"
        static let sql = "SELECT 1"
        typealias Row = Int

        func makeBindings() throws -> PostgresBindings { PostgresBindings() }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int.self) }
    }
}
