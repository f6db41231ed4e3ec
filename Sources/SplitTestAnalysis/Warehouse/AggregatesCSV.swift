/// Reads the CSV of ``WarehouseQuery``'s result into ``ExperimentTotals``, so that every statistic
/// is computed by the same code as for events.
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

    /// The totals in `text` (a header line naming the columns, in any order, then one row per
    /// experiment, group and goal); with `definitions`, groups take their order, weights and control.
    public static func totals(_ text: String, definitions: [AnalysisDefinition]?) throws(Failure) -> [ExperimentTotals] {
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
        struct Experiment {
            var conflicts = 0
            var units: [String: Int] = [:]
            var goals: [String: [String: (Int, Double, Double)]] = [:]
        }
        var experiments: [String: Experiment] = [:]
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let number = offset + 1
            let fields = parseRow(line)
            func field(_ name: String) -> String {
                let index = position[name] ?? 0
                return index < fields.count ? fields[index] : ""
            }
            func integer(_ name: String) throws(Failure) -> Int {
                guard let value = Int(field(name)) ?? Double(field(name)).flatMap({ Int(exactly: $0) }), value >= 0 else {
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
            let experimentName = field("experiment")
            guard !experimentName.isEmpty else { throw Failure(line: number, message: "no experiment") }
            var experiment = experiments[experimentName] ?? Experiment()
            experiment.conflicts = try integer("conflicts")
            let group = field("group_name")
            if !group.isEmpty {
                experiment.units[group] = try integer("units")
                let goal = field("goal")
                if !goal.isEmpty {
                    experiment.goals[goal, default: [:]][group] = (
                        try integer("converted"), try real("value_sum"), try real("value_sum_squares")
                    )
                }
            }
            experiments[experimentName] = experiment
        }
        let byName = Dictionary((definitions ?? []).map { ($0.experiment, $0) }, uniquingKeysWith: { first, _ in first })
        return experiments.keys.sorted().map { name in
            let experiment = experiments[name] ?? Experiment()
            let definition = byName[name]
            let observed = experiment.units.keys.sorted()
            let control = definition?.control ?? (observed.contains("control") ? "control" : observed.first ?? "control")
            let groups = definition?.groups ?? observed.sorted { GroupOrder.controlFirst($0, $1, control: control) }
            return ExperimentTotals(
                experiment: name, kind: .experiment, groups: groups, weights: definition?.weights, control: control,
                units: groups.map { experiment.units[$0] ?? 0 }, conflicts: experiment.conflicts,
                goals: experiment.goals.keys.sorted().map { goal in
                    let figures = experiment.goals[goal] ?? [:]
                    return GoalTotals(
                        goal: goal, converted: groups.map { figures[$0]?.0 ?? 0 },
                        valueSum: groups.map { figures[$0]?.1 ?? 0 }, valueSumOfSquares: groups.map { figures[$0]?.2 ?? 0 })
                })
        }
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
