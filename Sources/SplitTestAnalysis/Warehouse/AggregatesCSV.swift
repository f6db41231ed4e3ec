@_spi(Generated) @_spi(Tools) import SplitTesting

/// Reads the CSV of ``WarehouseQuery``'s result into ``ExperimentTotals``, so that every statistic
/// is computed by the same code as for events.
///
/// The format: a header line naming the columns, in any order, then one row per entry, group and
/// goal. The columns are `experiment, group_name, goal, units, converted, value_sum,
/// value_sum_squares, conflicts` and, since holdouts are computed in the warehouse, `kind`:
///
/// - `kind` is `experiment` or `holdout`; a file without the column (written before holdouts) has
///   experiments only. An empty `kind` is an experiment.
/// - `experiment` is the experiment's identifier or the holdout's name; `conflicts` its units
///   exposed in two groups (for a holdout: held out and exposed), the same on each of its rows.
/// - `group_name` is empty on the one row of an entry with no units; a holdout's groups are
///   `holdout` and `exposed`.
/// - `goal` is empty when no goal was reached at all; `units` counts the group's units,
///   `converted`, `value_sum` and `value_sum_squares` its figures for the goal.
///
/// - `period`, for bandit experiments, is set on the rows of their units per allocation period
///   (the same columns, counted over the units first assigned in that period) and empty on every
///   other row; a file without the column has no period rows.
/// - `pre_converted, pre_value_sum, pre_value_sum_squares, pre_post_converted,
///   pre_post_value_products` and `pre_window_days` (a query emitted for CUPED): the same goal in
///   each unit's window before its first exposure, read into ``GoalTotals/covariates``; all six
///   or none, the window the same on every row.
/// - `definitions_fingerprint`: the ``DefinitionsFingerprint`` of the definitions the query was
///   emitted with, the same on every row (see ``Aggregates/definitionsFingerprint``).
///
/// Experiments come out sorted by identifier, then holdouts sorted by name, as from events.
public enum AggregatesCSV {
    /// A line of the CSV that cannot be read.
    public struct Failure: Error, Sendable, Hashable {
        /// The 1-based line.
        public var line: Int
        /// What is wrong.
        public var message: String
    }

    static let columns = [
        "experiment", "group_name", "goal", "units", "converted", "value_sum", "value_sum_squares", "conflicts",
    ]
    /// The largest count a row may hold (2⁴⁰, about 1.1 trillion).
    static let maximumCount = 1 << 40
    /// Columns added later, read when present.
    static let optionalColumns = ["kind", "period", fingerprintColumn] + covariateColumns + [windowColumn] + MetricQuery.columns.map(\.name)
    /// The fingerprint of the definitions the query was emitted with.
    static let fingerprintColumn = "definitions_fingerprint"
    /// CUPED's figures per group and goal.
    static let covariateColumns = [
        "pre_converted", "pre_value_sum", "pre_value_sum_squares", "pre_post_converted", "pre_post_value_products",
    ]
    /// CUPED's window, in days.
    static let windowColumn = "pre_window_days"
    /// The groups of every holdout, its control first.
    static let holdoutGroups = ["holdout", "exposed"]

    private struct Key: Hashable, Comparable {
        var kind: ExperimentTotals.Kind
        var name: String

        static func < (left: Key, right: Key) -> Bool {
            left.kind != right.kind ? left.kind == .experiment : left.name < right.name
        }
    }

    private struct Entry {
        var conflicts = 0
        var units: [String: Int] = [:]
        var goals: [String: [String: (Int, Double, Double)]] = [:]
        /// A bandit's rows by period: the same figures for the units first assigned in it.
        var periods: [Int: (units: [String: Int], goals: [String: [String: (Int, Double, Double)]])] = [:]
        var covariates: [String: [String: CovariateRow]] = [:]
        /// The metric rows, by metric and group.
        var metrics: [String: [String: MetricRow]] = [:]
    }

    /// The totals in `text` (the format above); with `definitions`, experiments' groups take their
    /// order, weights and control.
    public static func totals(_ text: String, definitions: [SplitTestDefinition]?) throws(Failure) -> [ExperimentTotals] {
        try read(text, definitions: definitions).totals
    }

    /// The totals in `text` with what the file says about how they were computed.
    public static func read(_ text: String, definitions: [SplitTestDefinition]?) throws(Failure) -> Aggregates {
        try read(text, definitions: definitions, metrics: MetricDefinitions())
    }

    /// The totals in `text` with what the file says about how they were computed; the metric
    /// rows are read into the metrics `metrics` says each experiment names (see
    /// ``MetricQuery``, whose columns they have).
    @_spi(Tools) public static func read(
        _ text: String, definitions: [SplitTestDefinition]?, metrics: MetricDefinitions
    ) throws(Failure) -> Aggregates {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let header = lines.first else { throw Failure(line: 1, message: "the file is empty") }
        let names = parseRow(header).map { $0.lowercased() }
        var position: [String: Int] = [:]
        for column in columns {
            guard let index = names.firstIndex(of: column) else {
                throw Failure(line: 1, message: "no column '\(column)' (expected \(columns.joined(separator: ", ")))")
            }
            position[column] = index
        }
        for column in optionalColumns {
            if let index = names.firstIndex(of: column) { position[column] = index }
        }
        let hasCovariates = try covariateColumnsPresent(position)
        var metadata = FileMetadata()
        var entries: [Key: Entry] = [:]
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let number = offset + 1
            let fields = parseRow(line)
            func field(_ name: String) -> String {
                guard let index = position[name] else { return "" }
                return index < fields.count ? fields[index] : ""
            }
            func integer(_ name: String) throws(Failure) -> Int {
                // Above a trillion it is no count of units, and sums of such counts would overflow.
                guard let value = Int(field(name)) ?? Double(field(name)).flatMap({ Int(exactly: $0) }), value >= 0,
                    value <= maximumCount
                else {
                    throw Failure(line: number, message: "'\(name)' is not a count: '\(field(name))'")
                }
                return value
            }
            func real(_ name: String) throws(Failure) -> Double {
                guard let value = Double(field(name)), value.isFinite else {
                    throw Failure(line: number, message: "'\(name)' is not a number: '\(field(name))'")
                }
                return value
            }
            let name = field("experiment")
            guard !name.isEmpty else { throw Failure(line: number, message: "no experiment") }
            let kindText = field("kind")
            guard let kind = kindText.isEmpty ? .experiment : ExperimentTotals.Kind(rawValue: kindText) else {
                throw Failure(line: number, message: "'kind' is neither experiment nor holdout: '\(kindText)'")
            }
            let key = Key(kind: kind, name: name)
            try metadata.read(
                fingerprint: position[fingerprintColumn].map { _ in field(fingerprintColumn) },
                windowDays: hasCovariates ? field(windowColumn) : nil, line: number)
            var entry = entries[key] ?? Entry()
            entry.conflicts = try integer("conflicts")
            let metric = field("metric")
            if !metric.isEmpty {
                let group = field("group_name")
                guard kind == .experiment, !group.isEmpty else {
                    throw Failure(line: number, message: "a metric row belongs to a group of an experiment")
                }
                entry.units[group] = try integer("units")
                entry.metrics[metric, default: [:]][group] = try MetricRow(field: field, line: number)
                entries[key] = entry
                continue
            }
            let group = field("group_name")
            let goal = field("goal")
            if !field("period").isEmpty {
                guard kind == .experiment, !group.isEmpty else {
                    throw Failure(line: number, message: "a period row belongs to a group of an experiment")
                }
                let period = try integer("period")
                var figures = entry.periods[period] ?? ([:], [:])
                figures.units[group] = try integer("units")
                if !goal.isEmpty {
                    figures.goals[goal, default: [:]][group] = (try integer("converted"), try real("value_sum"), try real("value_sum_squares"))
                }
                entry.periods[period] = figures
                entries[key] = entry
                continue
            }
            if !group.isEmpty {
                if kind == .holdout, !holdoutGroups.contains(group) {
                    throw Failure(line: number, message: "holdout '\(name)' has no group '\(group)' (its groups are holdout and exposed)")
                }
                entry.units[group] = try integer("units")
                if !goal.isEmpty {
                    entry.goals[goal, default: [:]][group] = (
                        try integer("converted"), try real("value_sum"), try real("value_sum_squares")
                    )
                    if hasCovariates {
                        entry.covariates[goal, default: [:]][group] = CovariateRow(
                            preConverted: try integer("pre_converted"), prePostConverted: try integer("pre_post_converted"),
                            preValueSum: try real("pre_value_sum"), preValueSumOfSquares: try real("pre_value_sum_squares"),
                            prePostValueProducts: try real("pre_post_value_products"))
                    }
                }
            } else if !goal.isEmpty {
                // An entry without units still lists every goal, as from events.
                entry.goals[goal, default: [:]] = entry.goals[goal] ?? [:]
            }
            entries[key] = entry
        }
        let byName = AnalysisDefinitions(definitions ?? []).byExperiment
        let totals = entries.keys.sorted().map { key in
            let entry = entries[key] ?? Entry()
            let definition = key.kind == .experiment ? byName[key.name] : nil
            let observed = entry.units.keys.sorted()
            let control: String
            let groups: [String]
            if key.kind == .holdout {
                (control, groups) = ("holdout", holdoutGroups)
            } else {
                control = definition?.control ?? (observed.contains("control") ? "control" : observed.first ?? "control")
                groups = definition?.groups ?? observed.sorted { GroupOrder.controlFirst($0, $1, control: control) }
            }
            let goalNames = entry.goals.keys.sorted()
            func goalTotals(_ byGoal: [String: [String: (Int, Double, Double)]]) -> [GoalTotals] {
                goalNames.map { goal in
                    let figures = byGoal[goal] ?? [:]
                    return GoalTotals(
                        goal: goal, converted: groups.map { figures[$0]?.0 ?? 0 },
                        valueSum: groups.map { figures[$0]?.1 ?? 0 }, valueSumOfSquares: groups.map { figures[$0]?.2 ?? 0 })
                }
            }
            // A bandit's periods, as from events; `nil` for any other experiment.
            let periods = definition?.allocation.bandit == nil ? nil : entry.periods.keys.sorted().compactMap { period in
                entry.periods[period].map { figures in
                    PeriodTotals(period: period, units: groups.map { figures.units[$0] ?? 0 }, goals: goalTotals(figures.goals))
                }
            }
            // CUPED's covariates are read on the pooled rows only: a period row carries none.
            var goals = goalTotals(entry.goals)
            if let window = metadata.window {
                for index in goals.indices {
                    goals[index].covariates = CovariateRow.covariates(
                        entry.covariates[goals[index].goal] ?? [:], groups: groups, window: window)
                }
            }
            var totals = ExperimentTotals(
                experiment: key.name, kind: key.kind, groups: groups, weights: definition?.groupShares, control: control,
                units: groups.map { entry.units[$0] ?? 0 }, conflicts: entry.conflicts, goals: goals,
                factorial: definition?.factorial, periods: periods)
            if key.kind == .experiment {
                totals.metrics = MetricRow.totals(
                    entry.metrics, judged: metrics.judged(key.name), groups: groups, units: totals.units, window: metadata.window)
            }
            return totals
        }
        var aggregates = Aggregates(totals: totals, definitionsFingerprint: metadata.fingerprint, preExposureWindow: metadata.window)
        aggregates.metricsComputed = position["metric"] != nil
        return aggregates
    }

    /// Splits one CSV row, honouring double quotes (`""` inside quotes is a quote).
    static func parseRow(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\"" {
                    // A doubled quote stays a quote; a single one ends the quoted part.
                    var lookahead = iterator
                    if lookahead.next() == "\"" {
                        current.append("\"")
                        iterator = lookahead
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
