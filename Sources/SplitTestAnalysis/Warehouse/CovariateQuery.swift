/// The part of ``WarehouseQuery`` that CUPED adds: the same goal in each unit's
/// ``PreExposureWindow``, summed per group into the columns `pre_converted, pre_value_sum,
/// pre_value_sum_squares, pre_post_converted, pre_post_value_products` and the window itself,
/// `pre_window_days`, which ``AggregatesCSV`` reads into ``GoalCovariates``.
///
/// A goal counts in the window of a unit first exposed at `f` when its time `t` has
/// `f − window ≤ t < f`, compared in microseconds since 1970 (`epoch_us` in DuckDB,
/// `unix_micros` in Spark, `UNIX_MICROS` in BigQuery, from the epoch in PostgreSQL and from
/// milliseconds in SQLite), joined on `device_id` or (when different)
/// `user_id` as the goals after exposure are.
struct CovariateQuery {
    let window: PreExposureWindow
    let dialect: SQLDialect

    private func microseconds(_ column: String) -> String { dialect.microseconds(column) }

    private var double: String { dialect.doubleType }

    /// The window's days as the result writes them.
    var daysText: String {
        window.days == window.days.rounded() && window.days < 1e15 ? String(Int(window.days)) : "\(window.days)"
    }

    /// The tables appended to the query's `WITH` list (after `group_units`).
    var tables: String {
        let inWindow = """
            g.event_time < m.first_time
                AND \(microseconds("g.event_time")) >= \(microseconds("m.first_time")) - \(window.microseconds)
            """
        return """
            ,
            pre_credits AS (
              SELECT m.kind, m.experiment, m.group_name, m.unit_id, g.goal, g.goal_value
              FROM members m JOIN goal_events g ON g.device_id = m.unit_id
                AND \(inWindow)
              UNION ALL
              SELECT m.kind, m.experiment, m.group_name, m.unit_id, g.goal, g.goal_value
              FROM members m JOIN goal_events g ON g.user_id = m.unit_id
                AND \(inWindow)
              WHERE g.device_id IS NULL OR g.user_id <> g.device_id
            ),
            pre_unit_goals AS (
              SELECT kind, experiment, group_name, unit_id, goal, SUM(goal_value) AS pre_value
              FROM pre_credits
              GROUP BY kind, experiment, group_name, unit_id, goal
            ),
            unit_periods AS (
              SELECT kind, experiment, group_name, unit_id, goal, 1 AS post_converted, unit_value,
                     0 AS pre_converted, CAST(0 AS \(double)) AS pre_value
              FROM unit_goals
              UNION ALL
              SELECT kind, experiment, group_name, unit_id, goal, 0 AS post_converted, CAST(0 AS \(double)) AS unit_value,
                     1 AS pre_converted, pre_value
              FROM pre_unit_goals
            ),
            unit_covariates AS (
              SELECT kind, experiment, group_name, unit_id, goal, MAX(post_converted) AS post_converted,
                     SUM(unit_value) AS unit_value, MAX(pre_converted) AS pre_converted, SUM(pre_value) AS pre_value
              FROM unit_periods
              GROUP BY kind, experiment, group_name, unit_id, goal
            ),
            group_covariates AS (
              SELECT kind, experiment, group_name, goal, SUM(pre_converted) AS pre_converted,
                     SUM(pre_value) AS pre_value_sum, SUM(pre_value * pre_value) AS pre_value_sum_squares,
                     SUM(pre_converted * post_converted) AS pre_post_converted,
                     SUM(pre_value * unit_value) AS pre_post_value_products
              FROM unit_covariates
              GROUP BY kind, experiment, group_name, goal
            )
            """
    }

    /// The columns appended to the result.
    var columns: String {
        """
        ,
                   COALESCE(gc.pre_converted, 0) AS pre_converted,
                   COALESCE(gc.pre_value_sum, CAST(0 AS \(double))) AS pre_value_sum,
                   COALESCE(gc.pre_value_sum_squares, CAST(0 AS \(double))) AS pre_value_sum_squares,
                   COALESCE(gc.pre_post_converted, 0) AS pre_post_converted,
                   COALESCE(gc.pre_post_value_products, CAST(0 AS \(double))) AS pre_post_value_products,
                   '\(daysText)' AS pre_window_days
        """
    }

    /// The same columns on a bandit's period rows, which carry no covariate (a bandit's readout
    /// weighs its periods instead): zeros, and the window.
    var periodColumns: String {
        """
        ,
                   0 AS pre_converted,
                   CAST(0 AS \(double)) AS pre_value_sum,
                   CAST(0 AS \(double)) AS pre_value_sum_squares,
                   0 AS pre_post_converted,
                   CAST(0 AS \(double)) AS pre_post_value_products,
                   '\(daysText)' AS pre_window_days
        """
    }

    /// The join that brings them.
    var join: String {
        """

        LEFT JOIN group_covariates gc
          ON gc.kind = gu.kind AND gc.experiment = gu.experiment AND gc.group_name = gu.group_name AND gc.goal = n.goal
        """
    }
}
