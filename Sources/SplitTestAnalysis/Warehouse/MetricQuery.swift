import SplitTestFormats
@_spi(Tools) import SplitTesting

/// The part of ``WarehouseQuery`` that the experiments' metrics add: per experiment, group and
/// metric a row of the sums the statistics need, with the same rules as ``EventAccumulator``.
///
/// A metric's events are the table's rows whose `event_name` is the metric's event; the value a
/// metric reads is the column named after the property (one column per numeric property a metric
/// reads, beside the usual ones); an event counts for the units of its `device_id` or (when
/// different) `user_id`, from their first exposure and within the metric's window, compared in
/// microseconds; a row whose value is null or not a finite number is left out. Per unit: the count,
/// the sum, a ratio's numerator and denominator; capped at the absolute cap or at the percentile
/// (interpolated between order statistics, as `quantile_cont`) of the units' values that are not 0;
/// then summed per group, with squares and cross-products, and with CUPED the same metric in the
/// unit's pre-exposure window. A quantile's row carries the sample quantile of the group's events'
/// values and the two order-statistic bounds at `ν ∓ z·√(ν(1 − ν)/n)`, computed exactly from
/// the ranks, and the per-unit counts of events at or below the quantile.
///
/// The query does not check events against their declarations: a line whose other properties are
/// not as declared counts here while the readout of the events leaves it out. The decision
/// service's tables (SQLite, PostgreSQL) get no metric rows: read their metrics with `--database`.
struct MetricQuery {
    /// One metric and the experiments that name it.
    struct Entry {
        var metric: SplitTestMetric
        var experiments: [String]
    }

    let entries: [Entry]
    let dialect: SQLDialect
    /// The table the events are read from (the query's own name for it).
    let table: String
    let preExposureWindow: PreExposureWindow?

    /// The part for `metrics` over `definitions`, or `nil` when no defined experiment names a
    /// declared metric, or the dialect reads a service's table.
    init?(
        definitions: [SplitTestDefinition]?, metrics: MetricDefinitions, dialect: SQLDialect, table: String,
        preExposureWindow: PreExposureWindow?
    ) {
        guard !dialect.readsEventLines, let definitions else { return nil }
        var byMetric: [String: Entry] = [:]
        var order: [String] = []
        for identifier in definitions.map(\.identifier).sorted() {
            for (metric, _) in metrics.judged(identifier) {
                if byMetric[metric.name] == nil {
                    byMetric[metric.name] = Entry(metric: metric, experiments: [])
                    order.append(metric.name)
                }
                byMetric[metric.name]?.experiments.append(identifier)
            }
        }
        guard !order.isEmpty else { return nil }
        entries = order.sorted().compactMap { byMetric[$0] }
        self.dialect = dialect
        self.table = table
        self.preExposureWindow = preExposureWindow
    }

    private var double: String { dialect.doubleType }
    private var text: String { dialect.textType }
    private func literal(_ value: String) -> String { WarehouseQuery.literal(value, dialect: dialect) }

    /// The normal quantile of a 95% interval, as ``QuantileStatistic/multiplier``.
    private var z: String { dialect.double(QuantileStatistic.multiplier) }

    /// The metric columns of the result, in order, with their types.
    static let columns: [(name: String, isText: Bool)] = [
        ("metric", true), ("metric_events_read", false), ("metric_cap", false),
        ("metric_sum", false), ("metric_sum_squares", false),
        ("metric_denominator_sum", false), ("metric_denominator_sum_squares", false), ("metric_products", false),
        ("metric_pre_sum", false), ("metric_pre_sum_squares", false), ("metric_pre_products", false),
        ("quantile_events", false), ("quantile_value", false), ("quantile_lower", false), ("quantile_upper", false),
        ("quantile_below_sum", false), ("quantile_below_sum_squares", false), ("quantile_event_sum", false),
        ("quantile_event_sum_squares", false), ("quantile_products", false),
    ]

    /// The metric columns, all null, for the goal rows.
    var nullColumns: String {
        ",\n       " + Self.columns.map { "CAST(NULL AS \($0.isText ? text : double)) AS \($0.name)" }.joined(separator: ", ")
    }

    // MARK: Tables

    /// The tables appended to the query's `WITH` list.
    var tables: String {
        entries.enumerated().map { index, entry in tables(of: entry, alias: "metric\(index)") }.joined()
    }

    private func tables(of entry: Entry, alias: String) -> String {
        let metric = entry.metric
        let experiments = entry.experiments.map(literal).joined(separator: ", ")
        var sources: [(SplitTestMetric.Source, Int)] = []
        switch metric.kind {
        case .conversion(let event), .count(let event): sources = [(.init(event: event), 1)]
        case .sum(let source), .quantile(let source, _): sources = [(source, 1)]
        case .ratio(let numerator, let denominator): sources = [(numerator, 1), (denominator, 2)]
        }
        let events = sources.map { source, part in
            let value = source.value.map { "CAST(e.\(dialect.identifier($0)) AS \(double))" } ?? "CAST(1 AS \(double))"
            let finite = source.value.map {
                "\n    AND CAST(e.\(dialect.identifier($0)) AS \(double)) BETWEEN -\(WarehouseQuery.largestDouble) AND \(WarehouseQuery.largestDouble)"
            } ?? ""
            return """
                SELECT e.event_time, e.device_id, e.user_id, \(value) AS v, \(part) AS part
                  FROM \(table) e
                  WHERE e.event_name = \(literal(source.event)) AND (e.device_id IS NOT NULL OR e.user_id IS NOT NULL)\(finite)
                """
        }.joined(separator: "\n  UNION ALL\n  ")
        let micro = dialect.microseconds
        var post = "x.event_time >= m.first_time"
        if let window = metric.window {
            post += " AND \(micro("x.event_time")) - \(micro("m.first_time")) < \(Self.microseconds(window))"
        }
        let readsCovariate = preExposureWindow != nil && metric.acceptsCovariate
        var condition = "(\(post))"
        if let window = preExposureWindow, readsCovariate {
            condition = "(\(post) OR (x.event_time < m.first_time AND \(micro("x.event_time")) >= \(micro("m.first_time")) - \(window.microseconds)))"
        }
        func credits(_ join: String, _ extra: String) -> String {
            """
            SELECT m.experiment, m.group_name, m.unit_id, x.v, x.part, CASE WHEN \(post) THEN 1 ELSE 0 END AS post
              FROM members m JOIN \(alias)_events x ON \(join)
              WHERE m.kind = 'experiment' AND m.experiment IN (\(experiments)) AND \(condition)\(extra)
            """
        }
        var sql = """
            ,
            \(alias)_events AS (
              \(events)
            ),
            \(alias)_seen AS (
              SELECT COUNT(*) AS events_read FROM \(alias)_events
            ),
            \(alias)_credits AS (
              \(credits("x.device_id = m.unit_id", ""))
              UNION ALL
              \(credits("x.user_id = m.unit_id", " AND (x.device_id IS NULL OR x.user_id <> x.device_id)"))
            )
            """
        if case .quantile(_, let level) = metric.kind {
            sql += quantileTables(alias: alias, level: level)
        } else {
            sql += sumTables(metric, alias: alias)
        }
        return sql
    }

    /// Whole microseconds of `seconds`, as the comparisons read them.
    static func microseconds(_ seconds: Double) -> String {
        String(Int64((seconds * 1_000_000).rounded()))
    }

    /// Per unit, capped, then per group: a conversion, a count, a sum or a ratio.
    private func sumTables(_ metric: SplitTestMetric, alias: String) -> String {
        let isConversion: Bool
        if case .conversion = metric.kind { isConversion = true } else { isConversion = false }
        let zero = "CAST(0 AS \(double))"
        var mainCap = "CAST(NULL AS \(double))"
        var denominatorCap = mainCap
        var capTables = ""
        if metric.capsValues, let cap = metric.cap {
            switch cap {
            case .absolute(let value):
                mainCap = dialect.double(value)
                denominatorCap = mainCap
            case .percentile(let percentile):
                capTables = """
                    ,
                    \(alias)_main_ranked AS (
                      SELECT experiment, main AS x, ROW_NUMBER() OVER (PARTITION BY experiment ORDER BY main) AS rn,
                             COUNT(*) OVER (PARTITION BY experiment) AS n
                      FROM \(alias)_units WHERE main <> 0
                    ),
                    \(alias)_denominator_ranked AS (
                      SELECT experiment, denominator AS x, ROW_NUMBER() OVER (PARTITION BY experiment ORDER BY denominator) AS rn,
                             COUNT(*) OVER (PARTITION BY experiment) AS n
                      FROM \(alias)_units WHERE denominator <> 0
                    ),
                    \(alias)_caps AS (
                      SELECT d.experiment, mc.cap AS main_cap, dc.cap AS denominator_cap
                      FROM (SELECT DISTINCT experiment FROM \(alias)_units) d
                      LEFT JOIN (\(percentileQuery(of: "\(alias)_main_ranked", level: percentile / 100, groupedBy: ["experiment"]))) mc
                        ON mc.experiment = d.experiment
                      LEFT JOIN (\(percentileQuery(of: "\(alias)_denominator_ranked", level: percentile / 100, groupedBy: ["experiment"]))) dc
                        ON dc.experiment = d.experiment
                    )
                    """
                mainCap = "k.main_cap"
                denominatorCap = "k.denominator_cap"
            }
        }
        func capped(_ column: String, _ cap: String) -> String {
            "CASE WHEN \(cap) IS NOT NULL AND \(column) > \(cap) THEN \(cap) ELSE \(column) END"
        }
        let value = isConversion ? "CASE WHEN u.main > 0 THEN \(dialect.double(1)) ELSE \(zero) END" : capped("u.main", mainCap)
        let pre = isConversion ? "CASE WHEN u.pre > 0 THEN \(dialect.double(1)) ELSE \(zero) END" : capped("u.pre", mainCap)
        let denominator = capped("u.denominator", denominatorCap)
        let capJoin = capTables.isEmpty ? "" : "\n  LEFT JOIN \(alias)_caps k ON k.experiment = u.experiment"
        return """
            ,
            \(alias)_units AS (
              SELECT experiment, group_name, unit_id,
                     SUM(CASE WHEN post = 1 AND part = 1 THEN v ELSE \(zero) END) AS main,
                     SUM(CASE WHEN post = 1 AND part = 2 THEN v ELSE \(zero) END) AS denominator,
                     SUM(CASE WHEN post = 0 THEN v ELSE \(zero) END) AS pre
              FROM \(alias)_credits
              GROUP BY experiment, group_name, unit_id
            )\(capTables),
            \(alias)_capped AS (
              SELECT u.experiment, u.group_name, \(value) AS value, \(denominator) AS denominator, \(pre) AS pre,
                     \(mainCap) AS cap
              FROM \(alias)_units u\(capJoin)
            ),
            \(alias)_groups AS (
              SELECT experiment, group_name, SUM(value) AS sum_value, SUM(value * value) AS sum_squares,
                     SUM(denominator) AS denominator_sum, SUM(denominator * denominator) AS denominator_squares,
                     SUM(value * denominator) AS products, SUM(pre) AS pre_sum, SUM(pre * pre) AS pre_squares,
                     SUM(pre * value) AS pre_products
              FROM \(alias)_capped
              GROUP BY experiment, group_name
            ),
            \(alias)_cap AS (
              SELECT experiment, MAX(cap) AS cap FROM \(alias)_capped GROUP BY experiment
            )
            """
    }

    /// The interpolated percentile at `level` of the column `x` of `ranked` (with `rn` and `n`
    /// per group of `keys`): `x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋ + 1] − x[⌊h⌋])`, `h = (n − 1)·level`.
    private func percentileQuery(of ranked: String, level: Double, groupedBy keys: [String]) -> String {
        let position = "CAST(n - 1 AS \(double)) * \(dialect.double(level))"
        let low = "MIN(CASE WHEN rn = FLOOR(\(position)) + 1 THEN x END)"
        let high = "MIN(CASE WHEN rn = LEAST(FLOOR(\(position)) + 2, n) THEN x END)"
        let keyList = keys.joined(separator: ", ")
        return "SELECT \(keyList), \(low) + (\(position) - FLOOR(\(position))) * (\(high) - \(low)) AS cap FROM \(ranked) GROUP BY \(keyList), n"
    }

    /// A quantile: the group's events ranked, the quantile and its bounds at levels that depend
    /// on the group's events, and the per-unit counts.
    private func quantileTables(alias: String, level: Double) -> String {
        let nu = dialect.double(level)
        let spread = "\(z) * SQRT(\(nu) * (\(dialect.double(1)) - \(nu)) / CAST(n AS \(double)))"
        let levels = [
            ("value", nu),
            ("lower", "GREATEST(\(nu) - \(spread), \(dialect.double(0.000_000_01)))"),
            ("upper", "LEAST(\(nu) + \(spread), \(dialect.double(0.999_999_99)))"),
        ]
        let positions = levels.map { name, level in "CAST(n - 1 AS \(double)) * \(level) AS h_\(name)" }.joined(separator: ", ")
        let quantiles = levels.map { name, _ in
            let low = "MIN(CASE WHEN r.rn = FLOOR(l.h_\(name)) + 1 THEN r.v END)"
            let high = "MIN(CASE WHEN r.rn = LEAST(FLOOR(l.h_\(name)) + 2, l.n) THEN r.v END)"
            return "\(low) + (l.h_\(name) - FLOOR(l.h_\(name))) * (\(high) - \(low)) AS quantile_\(name)"
        }.joined(separator: ",\n         ")
        return """
            ,
            \(alias)_values AS (
              SELECT experiment, group_name, unit_id, v FROM \(alias)_credits WHERE post = 1
            ),
            \(alias)_ranked AS (
              SELECT experiment, group_name, v, ROW_NUMBER() OVER (PARTITION BY experiment, group_name ORDER BY v) AS rn,
                     COUNT(*) OVER (PARTITION BY experiment, group_name) AS n
              FROM \(alias)_values
            ),
            \(alias)_levels AS (
              SELECT experiment, group_name, n, \(positions)
              FROM (SELECT DISTINCT experiment, group_name, n FROM \(alias)_ranked) g
            ),
            \(alias)_quantiles AS (
              SELECT l.experiment, l.group_name, l.n AS events,
                     \(quantiles)
              FROM \(alias)_levels l JOIN \(alias)_ranked r ON r.experiment = l.experiment AND r.group_name = l.group_name
              GROUP BY l.experiment, l.group_name, l.n, l.h_value, l.h_lower, l.h_upper
            ),
            \(alias)_unit_counts AS (
              SELECT v.experiment, v.group_name, v.unit_id, CAST(COUNT(*) AS \(double)) AS events,
                     CAST(SUM(CASE WHEN v.v <= q.quantile_value THEN 1 ELSE 0 END) AS \(double)) AS below
              FROM \(alias)_values v JOIN \(alias)_quantiles q ON q.experiment = v.experiment AND q.group_name = v.group_name
              GROUP BY v.experiment, v.group_name, v.unit_id
            ),
            \(alias)_clusters AS (
              SELECT experiment, group_name, SUM(below) AS below_sum, SUM(below * below) AS below_squares,
                     SUM(events) AS event_sum, SUM(events * events) AS event_squares, SUM(below * events) AS products
              FROM \(alias)_unit_counts
              GROUP BY experiment, group_name
            )
            """
    }

    // MARK: Rows

    /// The cap a row reports: the absolute cap as given, the percentile's value as computed, or
    /// null without a cap.
    private func capValue(_ metric: SplitTestMetric, alias: String) -> String {
        guard metric.capsValues, let cap = metric.cap else { return "CAST(NULL AS \(double))" }
        if case .absolute(let value) = cap { return dialect.double(value) }
        return "k.cap"
    }

    /// The metric rows, each opened by `UNION ALL`, with `leadingColumns` in place of the goal
    /// rows' columns before the metric's (built from `gu`, the group's units, and `c`, its entry).
    func rows(leadingColumns: String) -> String {
        entries.enumerated().map { index, entry in
            let alias = "metric\(index)"
            let experiments = entry.experiments.map(literal).joined(separator: ", ")
            let zero = "CAST(0 AS \(double))"
            let none = "CAST(NULL AS \(double))"
            let figures: [String]
            let joins: String
            if case .quantile = entry.metric.kind {
                figures = [
                    none, zero, zero, zero, zero, zero, zero, zero, zero,
                    "CAST(q.events AS \(double))", "q.quantile_value", "q.quantile_lower", "q.quantile_upper",
                    "COALESCE(k.below_sum, \(zero))", "COALESCE(k.below_squares, \(zero))", "COALESCE(k.event_sum, \(zero))",
                    "COALESCE(k.event_squares, \(zero))", "COALESCE(k.products, \(zero))",
                ]
                joins = """

                    LEFT JOIN \(alias)_quantiles q ON q.experiment = gu.experiment AND q.group_name = gu.group_name
                    LEFT JOIN \(alias)_clusters k ON k.experiment = gu.experiment AND k.group_name = gu.group_name
                    """
            } else {
                figures = [
                    capValue(entry.metric, alias: alias),
                    "COALESCE(g.sum_value, \(zero))", "COALESCE(g.sum_squares, \(zero))", "COALESCE(g.denominator_sum, \(zero))",
                    "COALESCE(g.denominator_squares, \(zero))", "COALESCE(g.products, \(zero))", "COALESCE(g.pre_sum, \(zero))",
                    "COALESCE(g.pre_squares, \(zero))", "COALESCE(g.pre_products, \(zero))",
                    none, none, none, none, none, none, none, none, none,
                ]
                joins = """

                    LEFT JOIN \(alias)_groups g ON g.experiment = gu.experiment AND g.group_name = gu.group_name
                    LEFT JOIN \(alias)_cap k ON k.experiment = gu.experiment
                    """
            }
            let columns = [literal(entry.metric.name), "CAST(s.events_read AS \(double))"] + figures
            return """

                UNION ALL
                SELECT \(leadingColumns),
                       \(columns.joined(separator: ", "))
                FROM group_units gu
                JOIN entries c ON c.kind = gu.kind AND c.experiment = gu.experiment
                CROSS JOIN \(alias)_seen s\(joins)
                WHERE gu.kind = 'experiment' AND gu.experiment IN (\(experiments))
                """
        }.joined()
    }
}
