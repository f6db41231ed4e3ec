/// The SQL engines `--emit-sql` writes for.
public enum SQLDialect: String, Sendable, CaseIterable {
    /// DuckDB.
    case duckdb
    /// Spark SQL.
    case spark
    /// Google BigQuery (standard SQL).
    case bigquery
}

/// The one query that computes the readout's sufficient statistics inside a warehouse, with the
/// same rules as ``EventAccumulator``: a unit counts from its first exposure; a unit in two groups
/// is a conflict and left out; a goal is credited to a unit whose id is the goal's `device_id` or
/// (when different) `user_id`, at or after the unit's first exposure; value per unit is the sum of
/// its credited goals' values (0 when a goal has none).
///
/// The input table has the columns `event_name, event_time, experiment, group_name, unit_id, goal,
/// value, device_id, user_id` (one row per event); the result has one row per experiment, group
/// and goal: `experiment, group_name, goal, units, converted, value_sum, value_sum_squares,
/// conflicts`, which `splitc analyze --aggregates` reads as CSV.
public enum WarehouseQuery {
    /// The query for `dialect` over `eventsTable` (inserted as given: quote it yourself if needed).
    public static func sql(dialect: SQLDialect, eventsTable table: String) -> String {
        let double = dialect == .bigquery ? "FLOAT64" : "DOUBLE"
        return """
            -- splitc analyze: sufficient statistics per experiment, group and goal (\(dialect.rawValue))
            WITH exposure_units AS (
              SELECT experiment, unit_id, MIN(event_time) AS first_time,
                     COUNT(DISTINCT group_name) AS group_count, MIN(group_name) AS group_name
              FROM \(table)
              WHERE event_name = 'split_test_exposure'
                AND experiment IS NOT NULL AND group_name IS NOT NULL AND unit_id IS NOT NULL
              GROUP BY experiment, unit_id
            ),
            experiment_conflicts AS (
              SELECT experiment, SUM(CASE WHEN group_count > 1 THEN 1 ELSE 0 END) AS conflicts
              FROM exposure_units
              GROUP BY experiment
            ),
            units AS (
              SELECT experiment, unit_id, group_name, first_time FROM exposure_units WHERE group_count = 1
            ),
            goal_events AS (
              SELECT event_time, goal, COALESCE(CAST(value AS \(double)), 0) AS goal_value, device_id, user_id
              FROM \(table)
              WHERE event_name = 'split_test_goal' AND goal IS NOT NULL
                AND (device_id IS NOT NULL OR user_id IS NOT NULL)
            ),
            goal_names AS (
              SELECT DISTINCT goal FROM goal_events
            ),
            credits AS (
              SELECT u.experiment, u.group_name, u.unit_id, g.goal, g.goal_value
              FROM units u JOIN goal_events g ON g.device_id = u.unit_id AND g.event_time >= u.first_time
              UNION ALL
              SELECT u.experiment, u.group_name, u.unit_id, g.goal, g.goal_value
              FROM units u JOIN goal_events g ON g.user_id = u.unit_id AND g.event_time >= u.first_time
              WHERE g.device_id IS NULL OR g.user_id <> g.device_id
            ),
            unit_goals AS (
              SELECT experiment, group_name, unit_id, goal, SUM(goal_value) AS unit_value
              FROM credits
              GROUP BY experiment, group_name, unit_id, goal
            ),
            group_goals AS (
              SELECT experiment, group_name, goal, COUNT(*) AS converted,
                     SUM(unit_value) AS value_sum, SUM(unit_value * unit_value) AS value_sum_squares
              FROM unit_goals
              GROUP BY experiment, group_name, goal
            ),
            group_units AS (
              SELECT experiment, group_name, COUNT(*) AS units FROM units GROUP BY experiment, group_name
            )
            SELECT c.experiment, gu.group_name, n.goal, COALESCE(gu.units, 0) AS units,
                   COALESCE(gg.converted, 0) AS converted,
                   COALESCE(gg.value_sum, CAST(0 AS \(double))) AS value_sum,
                   COALESCE(gg.value_sum_squares, CAST(0 AS \(double))) AS value_sum_squares,
                   c.conflicts
            FROM experiment_conflicts c
            LEFT JOIN group_units gu ON gu.experiment = c.experiment
            LEFT JOIN goal_names n ON TRUE
            LEFT JOIN group_goals gg
              ON gg.experiment = gu.experiment AND gg.group_name = gu.group_name AND gg.goal = n.goal
            ORDER BY c.experiment, gu.group_name, n.goal
            """
    }
}
