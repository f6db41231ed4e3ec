@_spi(Generated) @_spi(Tools) import SplitTesting

/// Counts events into per-unit state, in two passes over the files: exposures and holdout events
/// first (who is in which group since when, and who is in two), then goals (credited to a unit
/// when its device or user reached the goal at or after the unit's first exposure). Order within
/// the files therefore does not matter, as in a warehouse.
///
/// Memory grows with the units (a slot per unit and experiment, a flag and a sum per slot and
/// goal), not with the events.
public struct EventAccumulator {
    private(set) var tables: [UnitTable] = []
    private var tableIndex: [String: Int] = [:]
    private let definitions: AnalysisDefinitions?
    private var holdoutUnits: [String: [Int32: Double]] = [:]
    /// Every unit id seen in an exposure or a holdout event, numbered once for all tables.
    private(set) var unitNumbers: [String: Int32] = [:]
    private var holdoutOrder: [String] = []

    // Per slot.
    private var slotGroup: [Int32] = []
    private(set) var slotTime: [Double] = []
    private var slotConflict: [Bool] = []
    private var slotTable: [Int32] = []
    /// The allocation period of the slot's unit: the smallest its exposures carry (0 without one).
    private var slotPeriod: [Int32] = []

    // Per goal, per slot.
    private var goalIndex: [String: Int] = [:]
    private var goalNames: [String] = []
    private var converted: [[Bool]] = []
    private var valueTotals: [[Double]] = []
    private(set) var exposuresFinished = false
    /// With CUPED: per goal and slot, the goal in the unit's pre-exposure window.
    var preExposure: PreExposureAccumulator?
    /// With metrics: the declared events read into the metrics of the experiments that name them.
    var metrics: MetricAccumulator?

    /// Issues found so far, in the order found.
    public private(set) var issues: [InputIssue] = []
    /// How many issues of each kind (all are counted, even when there are too many to keep).
    public private(set) var issueCounts: [InputIssue.Kind: Int] = [:]
    /// At most this many issues of one kind are kept for reporting.
    public var keptIssuesPerKind = 20

    /// An accumulator; with `definitions`, exposures of other experiments are reported and left
    /// out, groups take the definitions' order, bucket shares and control, and each holdout is
    /// compared with the experiments whose definitions name it (a holdout no definition names,
    /// or every holdout without definitions, with every experiment).
    public init(definitions: [SplitTestDefinition]? = nil) {
        self.definitions = definitions.map(AnalysisDefinitions.init)
        for definition in definitions ?? [] { _ = table(for: definition.identifier) }
    }

    /// How many lines so far were not events the readout reads: not a JSON object, an event of
    /// the app's own, or an event without a field it needs.
    /// Kept as issues are recorded, so that asking after every line costs nothing.
    public private(set) var invalidLines = 0

    /// Reports an issue (kept up to ``keptIssuesPerKind`` per kind, always counted).
    public mutating func record(_ issue: InputIssue) {
        record(issue.kind, file: issue.file, line: issue.line) { issue.message }
    }

    /// Records an issue whose message is written only if the issue is kept.
    mutating func record(_ kind: InputIssue.Kind, file: String, line: Int, message: () -> String) {
        let count = issueCounts[kind, default: 0] + 1
        issueCounts[kind] = count
        if kind.makesLineInvalid { invalidLines += 1 }
        if count <= keptIssuesPerKind { issues.append(InputIssue(file: file, line: line, kind: kind, message: message())) }
    }

    private mutating func table(for experiment: String) -> Int? {
        if let index = tableIndex[experiment] { return index }
        let definition = definitions?.byExperiment[experiment]
        if definitions != nil, definition == nil { return nil }
        tables.append(UnitTable(name: experiment, kind: .experiment, groups: definition?.groups ?? [], definition: definition))
        tableIndex[experiment] = tables.count - 1
        return tables.count - 1
    }

    /// Pass 1: an exposure or a holdout event (other events are ignored here).
    public mutating func addExposure(_ event: RawEvent, file: String, line: Int) {
        precondition(!exposuresFinished, "exposures are all read before the first goal")
        if event.name == TrackingEvent.holdoutIdentifier {
            guard let holdout = event.holdout, let unit = event.unit else {
                return record(InputIssue(file: file, line: line, kind: .missingField, message: "a holdout event needs \"holdout\" and \"unit\""))
            }
            if holdoutUnits[holdout] == nil { holdoutOrder.append(holdout) }
            let number = unitNumber(unit)
            let known = holdoutUnits[holdout, default: [:]][number]
            holdoutUnits[holdout, default: [:]][number] = min(known ?? event.time, event.time)
            return
        }
        guard event.name == TrackingEvent.exposureIdentifier else { return }
        guard let experiment = event.experiment, let group = event.group, let unit = event.unit else {
            return record(InputIssue(file: file, line: line, kind: .missingField, message: "an exposure needs \"experiment\", \"group\" and \"unit\""))
        }
        if event.periodIsInvalid {
            return record(InputIssue(file: file, line: line, kind: .missingField, message: "the period of an exposure of '\(experiment)' is not a whole number from 0; the exposure is left out"))
        }
        let period = Int32(event.period ?? 0)
        guard let tableNumber = table(for: experiment) else {
            return record(InputIssue(file: file, line: line, kind: .unknownExperiment, message: "'\(experiment)' is not defined; its events are left out"))
        }
        guard let groupNumber = tables[tableNumber].index(of: group) else {
            return record(InputIssue(file: file, line: line, kind: .unknownGroup, message: "'\(experiment)' has no group '\(group)'; the exposure is left out"))
        }
        let number = unitNumber(unit)
        if let slot = tables[tableNumber].slot(of: number) {
            metrics?.recordDimension(event, slot: slot, isFirst: event.time < slotTime[slot])
            slotTime[slot] = min(slotTime[slot], event.time)
            slotPeriod[slot] = min(slotPeriod[slot], period)
            if slotGroup[slot] != groupNumber, !slotConflict[slot] {
                slotConflict[slot] = true
                let first = tables[tableNumber].groups[Int(slotGroup[slot])]
                record(InputIssue(file: file, line: line, kind: .unitInTwoGroups,
                    message: "unit '\(unit)' of '\(experiment)' was exposed in '\(first)' and now in '\(group)'; counted as a conflict"))
            }
            return
        }
        let slot = newSlot(table: tableNumber, group: groupNumber, time: event.time, period: period)
        tables[tableNumber].set(slot, for: number)
        metrics?.recordDimension(event, slot: Int(slot), isFirst: true)
    }

    private mutating func unitNumber(_ unit: String) -> Int32 {
        if let number = unitNumbers[unit] { return number }
        let number = Int32(unitNumbers.count)
        unitNumbers[unit] = number
        return number
    }

    private mutating func newSlot(table: Int, group: Int32, time: Double, period: Int32 = 0) -> Int32 {
        slotGroup.append(group)
        slotTime.append(time)
        slotConflict.append(false)
        slotTable.append(Int32(table))
        slotPeriod.append(period)
        return Int32(slotGroup.count - 1)
    }

    /// Ends pass 1: holdouts become tables of their own (`holdout` against `exposed`).
    public mutating func finishExposures() {
        guard !exposuresFinished else { return }
        exposuresFinished = true
        let experimentTables = tables.indices
        var names = holdoutOrder
        for name in definitions?.holdoutNames ?? [] where !names.contains(name) { names.append(name) }
        for name in names {
            let covered = definitions?.coverage[name]
            let tableNumber = tables.count
            tables.append(UnitTable(name: name, kind: .holdout, groups: ["holdout", "exposed"], definition: nil))
            tableIndex[name] = tableNumber
            let heldOut = holdoutUnits[name] ?? [:]
            for (unit, time) in heldOut {
                tables[tableNumber].set(newSlot(table: tableNumber, group: 0, time: time), for: unit)
            }
            for experiment in experimentTables where covered?.contains(tables[experiment].name) ?? true {
                for (unit, slot) in tables[experiment].members where !slotConflict[slot] {
                    let time = slotTime[slot]
                    if let existing = tables[tableNumber].slot(of: unit) {
                        if slotGroup[existing] == 0 {
                            slotConflict[existing] = true
                        } else {
                            slotTime[existing] = min(slotTime[existing], time)
                        }
                    } else {
                        tables[tableNumber].set(newSlot(table: tableNumber, group: 1, time: time), for: unit)
                    }
                }
            }
        }
        holdoutUnits = [:]
        metrics?.prepare(tables: tables, slotCount: slotGroup.count)
    }

    /// Pass 2: a goal (other events are ignored here).
    public mutating func addGoal(_ event: RawEvent, file: String, line: Int) {
        if !exposuresFinished { finishExposures() }
        guard event.name == TrackingEvent.goalIdentifier else { return }
        guard let goal = event.goal else {
            return record(InputIssue(file: file, line: line, kind: .missingField, message: "a goal needs \"goal\""))
        }
        if event.valueIsInvalid {
            return record(InputIssue(file: file, line: line, kind: .missingField, message: "the value of goal '\(goal)' is not a finite number; the goal is left out"))
        }
        guard event.device != nil || event.user != nil else {
            return record(InputIssue(file: file, line: line, kind: .missingField, message: "goal '\(goal)' has neither \"device\" nor \"user\" and joins no unit"))
        }
        let number = goalNumber(goal)
        let value = event.value ?? 0
        var credited = false
        var known = false
        var covariate = false
        // The device, then the user unless it is the device (no list built: this runs per goal).
        for candidate in 0..<2 {
            let unit = candidate == 0 ? event.device : event.user == event.device ? nil : event.user
            guard let unit, let unitNumber = unitNumbers[unit] else { continue }
            for table in tables.indices {
                guard let slot = tables[table].slot(of: unitNumber) else { continue }
                known = true
                guard event.time >= slotTime[slot] else {
                    if preExposure?.credit(goal: number, slot: slot, value: value, time: event.time, firstExposure: slotTime[slot]) == true {
                        covariate = true
                    }
                    continue
                }
                credited = true
                if slotConflict[slot] { continue }
                converted[number][slot] = true
                valueTotals[number][slot] += value
            }
        }
        if !credited, !covariate {
            // Common in real exports: the message is written only for the lines kept.
            let window = preExposure?.window
            record(known ? .preExposureGoal : .goalBeforeExposure, file: file, line: line) {
                known
                    ? window.map { "goal '\(goal)' came more than \(NumberFormatting.days($0.days)) before its unit's first exposure and credits nothing" }
                        ?? "goal '\(goal)' came before its unit's first exposure and credits nothing"
                    : "goal '\(goal)' of a device or user never exposed credits nothing"
            }
        }
    }

    private mutating func goalNumber(_ goal: String) -> Int {
        if let number = goalIndex[goal] { return number }
        goalIndex[goal] = goalNames.count
        goalNames.append(goal)
        converted.append([Bool](repeating: false, count: slotGroup.count))
        valueTotals.append([Double](repeating: 0, count: slotGroup.count))
        preExposure?.addGoal(slots: slotGroup.count)
        return goalNames.count - 1
    }

    /// The totals of every experiment (sorted by identifier), then every holdout (sorted by name,
    /// so that the order of the files does not matter, and a warehouse's aggregates come out the same).
    public mutating func totals() -> [ExperimentTotals] {
        if !exposuresFinished { finishExposures() }
        let goalOrder = goalNames.indices.sorted { goalNames[$0] < goalNames[$1] }
        var result: [ExperimentTotals] = []
        for (tableNumber, table) in tables.enumerated() {
            let groupCount = table.groups.count
            var units = [Int](repeating: 0, count: groupCount)
            var conflicts = 0
            var goalConverted = [[Int]](repeating: units, count: goalNames.count)
            var goalSum = [[Double]](repeating: [Double](repeating: 0, count: groupCount), count: goalNames.count)
            var goalSquares = goalSum
            var covariateSums = preExposure.map { _ in CovariateSums(goals: goalNames.count, groups: groupCount) }
            for (_, slot) in table.members {
                if slotConflict[slot] {
                    conflicts += 1
                    continue
                }
                let group = Int(slotGroup[slot])
                units[group] += 1
                for goal in goalNames.indices where converted[goal][slot] {
                    goalConverted[goal][group] += 1
                    let value = valueTotals[goal][slot]
                    goalSum[goal][group] += value
                    goalSquares[goal][group] += value * value
                }
                if let preExposure {
                    covariateSums?.add(slot: slot, group: group, before: preExposure, converted: converted, values: valueTotals)
                }
            }
            let control: String
            if let definition = table.definition {
                control = definition.control
            } else if table.kind == .holdout {
                control = "holdout"
            } else {
                control = table.groups.contains("control") ? "control" : table.groups.sorted().first ?? "control"
            }
            var groups = table.groups
            var order = Array(groups.indices)
            if table.definition == nil, table.kind == .experiment {
                order.sort { GroupOrder.controlFirst(groups[$0], groups[$1], control: control) }
                groups = order.map { groups[$0] }
            }
            result.append(ExperimentTotals(
                experiment: table.name, kind: table.kind, groups: groups, weights: table.definition?.groupShares,
                control: control, units: order.map { units[$0] }, conflicts: conflicts,
                goals: goalOrder.map { goal in
                    var totals = GoalTotals(
                        goal: goalNames[goal], converted: order.map { goalConverted[goal][$0] },
                        valueSum: order.map { goalSum[goal][$0] }, valueSumOfSquares: order.map { goalSquares[goal][$0] })
                    if let preExposure, let covariateSums {
                        totals.covariates = covariateSums.covariates(goal: goal, order: order, window: preExposure.window)
                    }
                    return totals
                },
                factorial: table.definition?.factorial,
                periods: table.definition?.allocation.bandit == nil ? nil : periodTotals(of: table, goalOrder: goalOrder)))
            if let metrics, metrics.hasColumns(table: tableNumber) {
                (result[result.count - 1].metrics, result[result.count - 1].metricSlices) =
                    metrics.totals(table: tableNumber, members: metricMembers(of: table, order: order))
            }
        }
        let experiments = result.filter { $0.kind == .experiment }.sorted { $0.experiment < $1.experiment }
        return experiments + result.filter { $0.kind == .holdout }.sorted { $0.experiment < $1.experiment }
    }

    /// The units of `table` by their position in its metric columns: each one's group in the
    /// readout's `order` (-1 for a conflict) and its slot.
    private func metricMembers(of table: UnitTable, order: [Int]) -> MetricAccumulator.Members {
        var position = [Int](repeating: 0, count: order.count)
        for (shown, original) in order.enumerated() { position[original] = shown }
        var groups: [Int32] = []
        var slots: [Int] = []
        for (_, slot) in table.members {
            groups.append(slotConflict[slot] ? -1 : Int32(position[Int(slotGroup[slot])]))
            slots.append(slot)
        }
        return MetricAccumulator.Members(group: groups, slot: slots, groupCount: order.count)
    }

    /// A bandit's figures per allocation period, by the period of each unit's first assignment
    /// (conflicts left out), in period order; groups in the table's (the definition's) order.
    private func periodTotals(of table: UnitTable, goalOrder: [Int]) -> [PeriodTotals] {
        var byPeriod: [Int32: PeriodTotals] = [:]
        let groupCount = table.groups.count
        let empty = PeriodTotals(
            period: 0, units: [Int](repeating: 0, count: groupCount),
            goals: goalOrder.map { goal in
                GoalTotals(
                    goal: goalNames[goal], converted: [Int](repeating: 0, count: groupCount),
                    valueSum: [Double](repeating: 0, count: groupCount), valueSumOfSquares: [Double](repeating: 0, count: groupCount))
            })
        for (_, slot) in table.members where !slotConflict[slot] {
            let group = Int(slotGroup[slot])
            var totals = byPeriod[slotPeriod[slot]] ?? empty
            totals.period = Int(slotPeriod[slot])
            totals.units[group] += 1
            for (position, goal) in goalOrder.enumerated() where converted[goal][slot] {
                let value = valueTotals[goal][slot]
                totals.goals[position].converted[group] += 1
                totals.goals[position].valueSum[group] += value
                totals.goals[position].valueSumOfSquares[group] += value * value
            }
            byPeriod[slotPeriod[slot]] = totals
        }
        return byPeriod.keys.sorted().compactMap { byPeriod[$0] }
    }
}
