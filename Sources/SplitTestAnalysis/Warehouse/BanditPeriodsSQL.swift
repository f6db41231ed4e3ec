@_spi(Generated) @_spi(Tools) import SplitTesting

/// What the warehouse query adds for bandit experiments: their units and goals per allocation
/// period, as rows of their own, so that `splitc bandit --aggregates` and the readout's
/// period-weighted figures run on a warehouse's aggregates as on events.
///
/// A unit's period is the smallest its exposures carry (`period` is null where an exposure has
/// none: period 0), as ``EventAccumulator`` counts it. The period rows have the columns of the
/// other rows, with `kind` `experiment` and `period` set; every other row has a null `period`.
/// Without a bandit among the definitions the query is exactly what it was before periods, and
/// reads no `period` column, so a table without one still works.
struct BanditPeriodsSQL {
    /// The bandits' identifiers, sorted.
    let experiments: [String]
    let dialect: SQLDialect

    init(definitions: [SplitTestDefinition], dialect: SQLDialect) {
        experiments = definitions.filter { $0.allocation.bandit != nil }.map(\.identifier).sorted()
        self.dialect = dialect
    }

    private var integer: String { dialect.integerType }

    /// `defined_bandits(experiment)`, after the definitions' lists.
    var list: String {
        guard !experiments.isEmpty else { return "" }
        let rows = experiments.map { "SELECT \(WarehouseQuery.literal($0, dialect: dialect)) AS experiment" }
        return "defined_bandits AS (\n  \(rows.joined(separator: "\n  UNION ALL "))\n),\n"
    }

    /// The exposures' period, read only when there are bandits.
    var periodColumn: String { experiments.isEmpty ? "" : ", e.period" }

    /// The tables of the period rows, after `group_units`.
    func tables(double: String) -> String {
        guard !experiments.isEmpty else { return "" }
        return """
            ,
            bandit_units AS (
              SELECT x.experiment, x.unit_id, MIN(COALESCE(x.period, 0)) AS period
              FROM exposure_events x JOIN defined_bandits b ON b.experiment = x.experiment
              GROUP BY x.experiment, x.unit_id
            ),
            period_group_units AS (
              SELECT m.experiment, m.group_name, p.period, COUNT(*) AS units
              FROM members m JOIN bandit_units p ON p.experiment = m.experiment AND p.unit_id = m.unit_id
              WHERE m.kind = 'experiment'
              GROUP BY m.experiment, m.group_name, p.period
            ),
            period_group_goals AS (
              SELECT u.experiment, u.group_name, p.period, u.goal, COUNT(*) AS converted,
                     SUM(u.unit_value) AS value_sum, SUM(u.unit_value * u.unit_value) AS value_sum_squares
              FROM unit_goals u JOIN bandit_units p ON p.experiment = u.experiment AND p.unit_id = u.unit_id
              WHERE u.kind = 'experiment'
              GROUP BY u.experiment, u.group_name, p.period, u.goal
            )
            """
    }

    /// Opens the union of the rows (the result is ordered as a whole).
    var selectPrefix: String { experiments.isEmpty ? "" : "SELECT * FROM (\n" }

    /// The other rows' `period`: null.
    var pooledPeriod: String { experiments.isEmpty ? "" : ",\n       CAST(NULL AS \(integer)) AS period" }

    /// The period rows, closing the union; `trailingColumns` are the columns every row has after
    /// `period` (CUPED's, without figures on a period row, and the definitions' fingerprint).
    func periodRows(double: String, trailingColumns: String) -> String {
        guard !experiments.isEmpty else { return "" }
        return """
            UNION ALL
            SELECT pu.experiment, pu.group_name, n.goal, pu.units,
                   COALESCE(pg.converted, 0) AS converted,
                   COALESCE(pg.value_sum, CAST(0 AS \(double))) AS value_sum,
                   COALESCE(pg.value_sum_squares, CAST(0 AS \(double))) AS value_sum_squares,
                   c.conflicts, c.kind, pu.period\(trailingColumns)
            FROM period_group_units pu
            JOIN entries c ON c.kind = 'experiment' AND c.experiment = pu.experiment
            LEFT JOIN goal_names n ON TRUE
            LEFT JOIN period_group_goals pg
              ON pg.experiment = pu.experiment AND pg.group_name = pu.group_name AND pg.period = pu.period AND pg.goal = n.goal
            ) r

            """
    }

    /// The order of the rows.
    var orderClause: String {
        experiments.isEmpty
            ? "ORDER BY c.kind, c.experiment, gu.group_name, n.goal"
            : "ORDER BY r.kind, r.experiment, r.period, r.group_name, r.goal"
    }
}
