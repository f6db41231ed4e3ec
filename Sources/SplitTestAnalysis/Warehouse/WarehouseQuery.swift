import SplitTestFormats
import SplitTesting

/// The SQL engines `--emit-sql` writes for.
public enum SQLDialect: String, Sendable, CaseIterable {
    /// DuckDB.
    case duckdb
    /// Spark SQL.
    case spark
    /// Google BigQuery (standard SQL).
    case bigquery
    /// SQLite, over a decision service's `events` table (a JSON event line per row).
    case sqlite
    /// PostgreSQL, over a decision service's `events` table (a JSON event line per row).
    case postgresql
}

/// The one query that computes the readout's sufficient statistics inside a warehouse, with the
/// same rules as ``EventAccumulator``: a unit counts from its first exposure; a unit in two groups
/// is a conflict and left out; a goal is credited to a unit whose id is the goal's `device_id` or
/// (when different) `user_id`, at or after the unit's first exposure; value per unit is the sum of
/// its credited goals' values (0 when a goal has none); a goal whose value is not a finite number
/// (NaN or infinite in the table) is left out with its conversion; a group that only units in
/// conflict were exposed in is listed with no units.
///
/// Holdouts follow the same rules too: a holdout's `holdout` group is the units of its
/// `split_test_holdout` events (from the first one), its `exposed` group the units exposed, without
/// conflict, in an experiment it covers (from the first such exposure); a unit in both is a
/// conflict of the holdout. Without definitions a holdout covers every experiment; the definitions
/// (see ``sql(dialect:eventsTable:definitions:preExposureWindow:)``) are written into the query as lists.
///
/// The input table has the columns `event_name, event_time, experiment, group_name, unit_id, goal,
/// value, device_id, user_id, holdout` (one row per event; `holdout` is the property of
/// `split_test_holdout` events); for ``SQLDialect/sqlite`` and ``SQLDialect/postgresql`` it is a
/// decision service's `events` table instead, whose `line` column holds each event's JSON line,
/// and the query's first table projects those columns from it. The result has one row per
/// experiment or holdout, group and goal, in the format ``AggregatesCSV`` reads.
public enum WarehouseQuery {
    /// The query for `dialect` over `eventsTable` (inserted as given: quote it yourself if needed).
    ///
    /// With `definitions`, the query counts what `splitc analyze EVENTS --definitions` counts: only
    /// the exposures of defined experiments in defined groups, every defined experiment and holdout
    /// (even without events), and each holdout against the experiments whose definitions name it
    /// (a holdout in the events that no definition names covers every experiment).
    ///
    /// With `preExposureWindow` (CUPED), each row also carries the same goal in every unit's
    /// window before its first exposure (the columns ``AggregatesCSV`` reads into ``GoalCovariates``). Every row carries the
    /// ``DefinitionsFingerprint`` of `definitions`.
    public static func sql(
        dialect: SQLDialect, eventsTable: String, definitions: [SplitTestDefinition]? = nil,
        preExposureWindow: PreExposureWindow? = nil
    ) -> String {
        sql(dialect: dialect, eventsTable: eventsTable, definitions: definitions, preExposureWindow: preExposureWindow, metrics: MetricDefinitions())
    }

    /// The query as ``sql(dialect:eventsTable:definitions:preExposureWindow:)`` writes it, and with
    /// `metrics` a row per group and metric for each experiment that names some (see
    /// ``MetricQuery``), in the warehouse dialects: the table then has a column per numeric
    /// property a metric reads, named after the property. Without metrics the query is the same.
    @_spi(Tools) public static func sql(
        dialect: SQLDialect, eventsTable: String, definitions: [SplitTestDefinition]?, preExposureWindow: PreExposureWindow?,
        metrics: MetricDefinitions
    ) -> String {
        let double = dialect.doubleType
        // A table of JSON lines is projected into the columns first, and the rest reads that.
        let projection = dialect.readsEventLines ? EventLinesProjection(dialect: dialect, table: eventsTable) : nil
        let table = projection == nil ? eventsTable : EventLinesProjection.name
        let covariates = preExposureWindow.map { CovariateQuery(window: $0, dialect: dialect) }
        var lists = definitions.map { definitionLists(AnalysisDefinitions($0), dialect: dialect) } ?? ""
        // Bandits add their periods: a list, a column, and rows of their own (see BanditPeriodsSQL).
        let bandits = BanditPeriodsSQL(definitions: definitions ?? [], dialect: dialect)
        lists += bandits.list
        let metricQuery = MetricQuery(
            definitions: definitions, metrics: metrics, dialect: dialect, table: table, preExposureWindow: preExposureWindow)
        let fingerprinted = metricQuery == nil ? MetricDefinitions() : metrics
        let fingerprint = ",\n       '\(DefinitionsFingerprint.of(definitions, metrics: fingerprinted))' AS definitions_fingerprint"
        // Goal rows carry the metric columns, null, when metric rows follow them.
        let trailing = fingerprint + (metricQuery?.nullColumns ?? "")
        let definedExposures = definitions == nil ? "" : """

              JOIN defined_groups d ON d.experiment = e.experiment AND d.group_name = e.group_name
            """
        let definedExperiments = definitions == nil ? "" : """

                UNION ALL SELECT experiment FROM defined_groups
            """
        let definedHoldouts = definitions == nil ? "" : """

                UNION ALL SELECT holdout FROM defined_coverage
            """
        let coverage = definitions == nil
            ? "SELECT h.holdout, x.experiment FROM holdout_names h CROSS JOIN experiment_names x"
            : """
            SELECT holdout, experiment FROM defined_coverage WHERE experiment IS NOT NULL
              UNION ALL
              SELECT h.holdout, x.experiment FROM holdout_names h CROSS JOIN experiment_names x
              WHERE h.holdout NOT IN (SELECT holdout FROM defined_coverage)
            """
        let query = """
            -- splitc analyze: sufficient statistics per experiment or holdout, group and goal (\(dialect.rawValue))
            WITH \(projection?.tables ?? "")\(lists)exposure_events AS (
              SELECT e.experiment, e.unit_id, e.group_name, e.event_time\(bandits.periodColumn)
              FROM \(table) e\(definedExposures)
              WHERE e.event_name = '\(EventVocabulary.exposure)'
                AND e.experiment IS NOT NULL AND e.group_name IS NOT NULL AND e.unit_id IS NOT NULL
            ),
            exposure_units AS (
              SELECT experiment, unit_id, MIN(event_time) AS first_time,
                     COUNT(DISTINCT group_name) AS group_count, MIN(group_name) AS group_name
              FROM exposure_events
              GROUP BY experiment, unit_id
            ),
            units AS (
              SELECT experiment, unit_id, group_name, first_time FROM exposure_units WHERE group_count = 1
            ),
            experiment_names AS (
              SELECT DISTINCT experiment FROM (
                SELECT experiment FROM exposure_units\(definedExperiments)
              ) x
            ),
            holdout_events AS (
              SELECT holdout, unit_id, MIN(event_time) AS first_time
              FROM \(table)
              WHERE event_name = '\(EventVocabulary.holdout)' AND holdout IS NOT NULL AND unit_id IS NOT NULL
              GROUP BY holdout, unit_id
            ),
            holdout_names AS (
              SELECT DISTINCT holdout FROM (
                SELECT holdout FROM holdout_events\(definedHoldouts)
              ) x
            ),
            holdout_coverage AS (
              \(coverage)
            ),
            holdout_exposed AS (
              SELECT c.holdout, u.unit_id, MIN(u.first_time) AS first_time
              FROM units u JOIN holdout_coverage c ON c.experiment = u.experiment
              GROUP BY c.holdout, u.unit_id
            ),
            members AS (
              SELECT 'experiment' AS kind, experiment, unit_id, group_name, first_time FROM units
              UNION ALL
              SELECT 'holdout' AS kind, h.holdout AS experiment, h.unit_id, 'holdout' AS group_name, h.first_time
              FROM holdout_events h LEFT JOIN holdout_exposed x ON x.holdout = h.holdout AND x.unit_id = h.unit_id
              WHERE x.unit_id IS NULL
              UNION ALL
              SELECT 'holdout' AS kind, x.holdout AS experiment, x.unit_id, 'exposed' AS group_name, x.first_time
              FROM holdout_exposed x LEFT JOIN holdout_events h ON h.holdout = x.holdout AND h.unit_id = x.unit_id
              WHERE h.unit_id IS NULL
            ),
            entries AS (
              SELECT 'experiment' AS kind, n.experiment, SUM(CASE WHEN u.group_count > 1 THEN 1 ELSE 0 END) AS conflicts
              FROM experiment_names n LEFT JOIN exposure_units u ON u.experiment = n.experiment
              GROUP BY n.experiment
              UNION ALL
              SELECT 'holdout' AS kind, n.holdout AS experiment, COUNT(x.unit_id) AS conflicts
              FROM holdout_names n
              LEFT JOIN holdout_events h ON h.holdout = n.holdout
              LEFT JOIN holdout_exposed x ON x.holdout = h.holdout AND x.unit_id = h.unit_id
              GROUP BY n.holdout
            ),
            goal_events AS (
              SELECT event_time, goal, COALESCE(CAST(value AS \(double)), 0) AS goal_value, device_id, user_id
              FROM \(table)
              WHERE event_name = '\(EventVocabulary.goal)' AND goal IS NOT NULL
                AND (device_id IS NOT NULL OR user_id IS NOT NULL)
                AND (value IS NULL OR CAST(value AS \(double)) BETWEEN -\(largestDouble) AND \(largestDouble))
            ),
            goal_names AS (
              SELECT DISTINCT goal FROM goal_events
            ),
            credits AS (
              SELECT m.kind, m.experiment, m.group_name, m.unit_id, g.goal, g.goal_value
              FROM members m JOIN goal_events g ON g.device_id = m.unit_id AND g.event_time >= m.first_time
              UNION ALL
              SELECT m.kind, m.experiment, m.group_name, m.unit_id, g.goal, g.goal_value
              FROM members m JOIN goal_events g ON g.user_id = m.unit_id AND g.event_time >= m.first_time
              WHERE g.device_id IS NULL OR g.user_id <> g.device_id
            ),
            unit_goals AS (
              SELECT kind, experiment, group_name, unit_id, goal, SUM(goal_value) AS unit_value
              FROM credits
              GROUP BY kind, experiment, group_name, unit_id, goal
            ),
            group_goals AS (
              SELECT kind, experiment, group_name, goal, COUNT(*) AS converted,
                     SUM(unit_value) AS value_sum, SUM(unit_value * unit_value) AS value_sum_squares
              FROM unit_goals
              GROUP BY kind, experiment, group_name, goal
            ),
            group_units AS (
              SELECT kind, experiment, group_name, COUNT(*) AS units FROM members GROUP BY kind, experiment, group_name
              UNION ALL
              SELECT 'experiment' AS kind, x.experiment, x.group_name, 0 AS units
              FROM (SELECT DISTINCT experiment, group_name FROM exposure_events) x
              LEFT JOIN (SELECT DISTINCT experiment, group_name FROM units) u
                ON u.experiment = x.experiment AND u.group_name = x.group_name
              WHERE u.group_name IS NULL
            )\(covariates?.tables ?? "")\(bandits.tables(double: double))\(metricQuery?.tables ?? "")
            \(metricQuery == nil ? "" : "SELECT * FROM (\n")\(bandits.selectPrefix)SELECT c.experiment, gu.group_name, n.goal, COALESCE(gu.units, 0) AS units,
                   COALESCE(gg.converted, 0) AS converted,
                   COALESCE(gg.value_sum, CAST(0 AS \(double))) AS value_sum,
                   COALESCE(gg.value_sum_squares, CAST(0 AS \(double))) AS value_sum_squares,
                   c.conflicts, c.kind\(bandits.pooledPeriod)\(covariates?.columns ?? "")\(trailing)
            FROM entries c
            LEFT JOIN group_units gu ON gu.kind = c.kind AND gu.experiment = c.experiment
            LEFT JOIN goal_names n ON TRUE
            LEFT JOIN group_goals gg
              ON gg.kind = gu.kind AND gg.experiment = gu.experiment AND gg.group_name = gu.group_name AND gg.goal = n.goal\(covariates?.join ?? "")
            \(bandits.periodRows(double: double, trailingColumns: (covariates?.periodColumns ?? "") + trailing))
            """
        guard let metricQuery else { return query + bandits.orderClause }
        // The metric rows follow the goal rows, with the goal rows' columns (no goal) before theirs.
        let leading = """
            gu.experiment, gu.group_name, CAST(NULL AS \(dialect.textType)) AS goal, COALESCE(gu.units, 0) AS units,
                   0 AS converted, CAST(0 AS \(double)) AS value_sum, CAST(0 AS \(double)) AS value_sum_squares,
                   c.conflicts, c.kind\(bandits.pooledPeriod)\(covariates?.periodColumns ?? "")\(fingerprint)
            """
        return query + metricQuery.rows(leadingColumns: leading)
            + "\n) result\nORDER BY result.kind, result.experiment, result.group_name, result.goal, result.metric"
    }

    /// The largest finite double: a goal whose value lies outside `±` it (infinite, or NaN, which
    /// every dialect compares as false or as greater than any number) is left out, as reading the
    /// events leaves out a value that is not a finite number.
    static let largestDouble = "1.7976931348623157e308"

    /// The definitions as two lists at the head of the query: `defined_groups(experiment,
    /// group_name)` and `defined_coverage(holdout, experiment)`. Written as `SELECT … UNION ALL SELECT …`, which every
    /// dialect reads (BigQuery has no `VALUES` table).
    static func definitionLists(_ definitions: AnalysisDefinitions, dialect: SQLDialect) -> String {
        func quoted(_ text: String) -> String { literal(text, dialect: dialect) }
        var groups = definitions.byExperiment.keys.sorted().flatMap { experiment in
            (definitions.byExperiment[experiment]?.groups ?? []).map {
                "SELECT \(quoted(experiment)) AS experiment, \(quoted($0)) AS group_name"
            }
        }
        // No definitions at all: an empty list that still has its columns.
        let text = dialect.textType
        if groups.isEmpty { groups = ["SELECT CAST(NULL AS \(text)) AS experiment, CAST(NULL AS \(text)) AS group_name FROM (SELECT 1 AS x) n WHERE 1 = 0"] }
        var coverage = definitions.holdoutNames.flatMap { holdout in
            (definitions.coverage[holdout] ?? []).map { "SELECT \(quoted(holdout)) AS holdout, \(quoted($0)) AS experiment" }
        }
        if coverage.isEmpty { coverage = ["SELECT CAST(NULL AS \(text)) AS holdout, CAST(NULL AS \(text)) AS experiment FROM (SELECT 1 AS x) n WHERE 1 = 0"] }
        return """
            defined_groups AS (
              \(groups.joined(separator: "\n  UNION ALL "))
            ),
            defined_coverage AS (
              \(coverage.joined(separator: "\n  UNION ALL "))
            ),

            """
    }

    /// A string literal. DuckDB, SQLite and PostgreSQL double a quote; Spark and BigQuery read
    /// backslash escapes, so a backslash and a quote are escaped with one. (Identifiers and group names accepted by the
    /// compiler never need it.)
    static func literal(_ text: String, dialect: SQLDialect) -> String {
        var result = "'"
        for character in text {
            switch (character, dialect) {
            case ("'", .duckdb), ("'", .sqlite), ("'", .postgresql): result += "''"
            case ("'", _), ("\\", .spark), ("\\", .bigquery): result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result + "'"
    }
}
