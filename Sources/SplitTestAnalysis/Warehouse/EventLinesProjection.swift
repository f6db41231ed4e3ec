import SplitTestFormats

/// The head of ``WarehouseQuery`` for a decision service's `events` table, whose rows hold one
/// JSON event line each (`id`, `line`): a first table, `event_rows`, that projects each line's
/// fields into the columns the rest of the query reads (`event_name, event_time, experiment,
/// group_name, unit_id, goal, value, device_id, user_id, holdout, period`), by the names
/// ``EventVocabulary`` defines.
///
/// Times become what the dialect compares exactly: whole milliseconds since 1970 in SQLite (the
/// precision of its date functions), `timestamptz` in PostgreSQL. A goal's `value` is null when
/// absent or JSON null, the number when it is one, and a value outside every finite double when it
/// is anything else, so that the query leaves that goal out, as reading the events does. SQLite
/// leaves out a row that is not valid JSON or has no readable date; PostgreSQL reads every row as
/// `jsonb`, which the service's rows always are (it stores only events it has validated).
struct EventLinesProjection {
    let dialect: SQLDialect
    let table: String

    /// The name of the projected table, which the rest of the query reads.
    static let name = "event_rows"

    /// The table, with the comma that joins it to the next.
    var tables: String {
        dialect == .sqlite ? sqlite : postgresql
    }

    /// In SQLite, with its JSON functions (built in since 3.38). A line that is not valid JSON
    /// reads as null before any JSON function sees it, since `json_extract` fails on one.
    private var sqlite: String {
        func path(_ keys: String...) -> String { "'$." + keys.joined(separator: ".") + "'" }
        func field(_ key: String) -> String { "json_extract(line, \(path(key)))" }
        func property(_ key: String) -> String { "json_extract(line, \(path(Field.properties, key)))" }
        let valuePath = path(Field.properties, Property.value)
        let periodPath = path(Field.properties, Property.period)
        let date = "julianday(\(field(Field.date)))"
        return """
            \(Self.name) AS (
              SELECT \(field(Field.event)) AS event_name,
                     CAST(ROUND((\(date) - 2440587.5) * 86400000) AS INTEGER) AS event_time,
                     \(property(Property.experiment)) AS experiment,
                     \(property(Property.group)) AS group_name,
                     \(property(Property.unit)) AS unit_id,
                     \(property(Property.goal)) AS goal,
                     CASE WHEN json_type(line, \(valuePath)) IS NULL OR json_type(line, \(valuePath)) = 'null' THEN NULL
                          WHEN json_type(line, \(valuePath)) IN ('integer', 'real') THEN json_extract(line, \(valuePath))
                          ELSE 9e999 END AS value,
                     \(property(Property.device)) AS device_id,
                     COALESCE(\(property(Property.user)), \(field(Field.user))) AS user_id,
                     \(property(Property.holdout)) AS holdout,
                     CASE WHEN json_type(line, \(periodPath)) = 'integer' THEN json_extract(line, \(periodPath)) END AS period
              FROM (SELECT CASE WHEN json_valid(line) THEN line END AS line FROM \(table)) lines
              WHERE \(date) IS NOT NULL
            ),

            """
    }

    /// In PostgreSQL.
    private var postgresql: String {
        func property(_ key: String, text: Bool = true) -> String {
            "event -> '\(Field.properties)' \(text ? "->>" : "->") '\(key)'"
        }
        let value = property(Property.value, text: false)
        let period = property(Property.period, text: false)
        return """
            event_lines AS (
              SELECT line::jsonb AS event FROM \(table)
            ),
            \(Self.name) AS (
              SELECT event ->> '\(Field.event)' AS event_name,
                     (event ->> '\(Field.date)')::timestamptz AS event_time,
                     \(property(Property.experiment)) AS experiment,
                     \(property(Property.group)) AS group_name,
                     \(property(Property.unit)) AS unit_id,
                     \(property(Property.goal)) AS goal,
                     CASE WHEN jsonb_typeof(\(value)) IS NULL OR jsonb_typeof(\(value)) = 'null' THEN NULL
                          WHEN jsonb_typeof(\(value)) <> 'number' THEN 'NaN'::double precision
                          WHEN abs((\(value))::text::numeric) > \(WarehouseQuery.largestDouble) THEN 'Infinity'::double precision
                          ELSE (\(value))::text::double precision END AS value,
                     \(property(Property.device)) AS device_id,
                     COALESCE(\(property(Property.user)), event ->> '\(Field.user)') AS user_id,
                     \(property(Property.holdout)) AS holdout,
                     CASE WHEN jsonb_typeof(\(period)) = 'number' AND (\(period))::text ~ '^-?[0-9]+$'
                          THEN (\(period))::text::bigint END AS period
              FROM event_lines
            ),

            """
    }

    private typealias Field = EventVocabulary.Field
    private typealias Property = EventVocabulary.Property
}
