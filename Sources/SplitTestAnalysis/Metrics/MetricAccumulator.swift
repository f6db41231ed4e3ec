import SplitTestFormats
@_spi(Tools) import SplitTesting

/// The part of an ``EventAccumulator`` that reads an app's declared events into the metrics of
/// the experiments that name them: per experiment and metric, a value per unit (and a
/// denominator for a ratio, a covariate for CUPED), or for a quantile every event's value.
///
/// A unit's values live in columns indexed by its position in its experiment's table, so that
/// memory grows with the units of the experiments that name metrics, times their metrics; a
/// quantile metric keeps a value per event it reads.
struct MetricAccumulator {
    let definitions: MetricDefinitions
    /// The exposure property that slices the metrics (`--by`), if any.
    let dimension: String?
    /// CUPED's window, when the covariates are read.
    let preExposureWindow: PreExposureWindow?

    private let eventIndex: [String: Int]
    private let declarations: [SplitTestEventDeclaration]
    /// Valid lines read per declared event.
    private(set) var eventsRead: [Int]

    /// The dimension's value per slot (an index into ``dimensionValues``), -1 without one.
    private(set) var slotDimension: [Int32] = []
    private(set) var dimensionValues: [String] = []
    private var dimensionIndex: [String: Int32] = [:]

    /// The position of each slot in its table, set when the exposures are finished.
    private(set) var slotPosition: [Int32] = []
    private(set) var columns: [MetricColumn] = []
    /// Per declared event, the columns that read it.
    private var readers: [[Int]] = []

    init(definitions: MetricDefinitions, dimension: String?, preExposureWindow: PreExposureWindow?) {
        self.definitions = definitions
        self.dimension = dimension
        self.preExposureWindow = preExposureWindow
        declarations = definitions.events
        eventIndex = Dictionary(definitions.events.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        eventsRead = [Int](repeating: 0, count: definitions.events.count)
    }

    /// Whether exposure lines are read with their properties (for the dimension).
    var readsExposureProperties: Bool { dimension != nil }

    // MARK: Exposures

    /// Records the dimension of `slot` from an exposure at `time`, when it is the slot's first
    /// (`isFirst`: a new slot, or an exposure earlier than any before).
    mutating func recordDimension(_ event: RawEvent, slot: Int, isFirst: Bool) {
        guard let dimension else { return }
        while slotDimension.count <= slot { slotDimension.append(-1) }
        guard isFirst else { return }
        // The property of that name, or the runtime's name for an attribute's dimension.
        let property = event.properties.first { $0.name == dimension }
            ?? event.properties.first { $0.name == Self.dimensionPrefix + dimension }
        guard let property, let value = property.value else {
            slotDimension[slot] = -1
            return
        }
        let text = Self.text(of: value)
        if let index = dimensionIndex[text] {
            slotDimension[slot] = index
        } else {
            let index = Int32(dimensionValues.count)
            dimensionValues.append(text)
            dimensionIndex[text] = index
            slotDimension[slot] = index
        }
    }

    /// The prefix of the exposure property that carries an attribute's dimension
    /// (`dimension_platform`), which `--by platform` reads when the exposures have no `platform`.
    static let dimensionPrefix = "dimension_"

    /// A property's value as a dimension's value: the text, a number as written without a
    /// trailing `.0`, `true` or `false`.
    static func text(of value: EventLine.Value) -> String {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .double(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        }
    }

    /// Sets up the columns once the units are known: one per experiment (table) and metric it
    /// names. `tables` are the accumulator's tables with their slots.
    mutating func prepare(tables: [UnitTable], slotCount: Int) {
        slotPosition = [Int32](repeating: -1, count: slotCount)
        while slotDimension.count < slotCount, dimension != nil { slotDimension.append(-1) }
        readers = [[Int]](repeating: [], count: declarations.count)
        for (tableNumber, table) in tables.enumerated() where table.kind == .experiment {
            let judged = definitions.judged(table.name)
            guard !judged.isEmpty else { continue }
            var position: Int32 = 0
            for (_, slot) in table.members {
                slotPosition[slot] = position
                position += 1
            }
            for (metric, role) in judged {
                let column = MetricColumn(
                    table: tableNumber, metric: metric, role: role, units: Int(position),
                    covariates: preExposureWindow != nil && metric.acceptsCovariate)
                for event in Set(metric.events) {
                    if let index = eventIndex[event] { readers[index].append(columns.count) }
                }
                columns.append(column)
            }
        }
    }

    // MARK: Events

    /// The index of the declared event named `name`.
    func declaration(named name: String) -> Int? { eventIndex[name] }

    /// Why `event` does not match the declaration of event number `index`, or `nil` when it
    /// does: a declared property missing, or of another type than declared. Undeclared
    /// properties are allowed (the runtime adds its own).
    func mismatch(_ event: RawEvent, declaration index: Int) -> String? {
        let declaration = declarations[index]
        for property in declaration.properties {
            guard let written = event.properties.first(where: { $0.name == property.name }) else {
                return "'\(declaration.name)' has no property '\(property.name)'"
            }
            if let problem = Self.typeProblem(written.value, property.type) {
                return "property '\(property.name)' of '\(declaration.name)' \(problem)"
            }
        }
        return nil
    }

    /// What is wrong with `value` for a property of `type`, or `nil`.
    private static func typeProblem(_ value: EventLine.Value?, _ type: SplitTestEventDeclaration.PropertyType) -> String? {
        switch (type, value) {
        case (.string, .string?), (.bool, .bool?): return nil
        case (.double, .double(let number)?) where number.isFinite: return nil
        case (.int, .double(let number)?) where number.isFinite && number == number.rounded(): return nil
        case (.int, .int?): return nil
        case (.values(let allowed), .string(let text)?):
            return allowed.contains(text) ? nil : "is '\(text)', not one of \(allowed.joined(separator: ", "))"
        default:
            return "is \(describe(value)), declared \(describe(type))"
        }
    }

    private static func describe(_ value: EventLine.Value?) -> String {
        switch value {
        case nil: "null, an array or an object"
        case .string(let text)?: "the string '\(text)'"
        case .int(let number)?: "the number \(number)"
        case .double(let number)?: number.isFinite ? "the number \(number)" : "not a finite number"
        case .bool(let flag)?: "the Boolean \(flag)"
        }
    }

    private static func describe(_ type: SplitTestEventDeclaration.PropertyType) -> String {
        switch type {
        case .string: "a string"
        case .int: "a whole number"
        case .double: "a number"
        case .bool: "a Boolean"
        case .values(let values): "one of \(values.joined(separator: ", "))"
        }
    }

    /// Counts a valid line of event number `index`.
    mutating func countRead(_ index: Int) {
        eventsRead[index] += 1
    }

    /// Whether table number `table` has metrics.
    func hasColumns(table: Int) -> Bool { columns.contains { $0.table == table } }

    /// The columns that read event number `index`.
    func columns(reading index: Int) -> [Int] { readers[index] }

    /// Credits `event` to column `column` for the unit in `slot`, first exposed at `firstExposure`:
    /// after the exposure and within the metric's window as the metric's value, before it within
    /// CUPED's window as its covariate. Returns whether it counted either way.
    @discardableResult
    mutating func credit(_ event: RawEvent, column: Int, slot: Int, firstExposure: Double) -> Bool {
        let position = Int(slotPosition[slot])
        guard position >= 0 else { return false }
        return columns[column].credit(event, position: position, firstExposure: firstExposure, preExposureWindow: preExposureWindow)
    }
}

/// One metric of one experiment: a value per unit of the experiment's table (by position).
struct MetricColumn {
    let table: Int
    let metric: SplitTestMetric
    let role: MetricRole
    /// The value per unit: events for a conversion or a count, the sum for a sum, the numerator
    /// for a ratio.
    var values: [Double]
    /// A ratio's denominator per unit; empty for other kinds.
    var denominators: [Double]
    /// CUPED's covariate per unit; empty without CUPED or for a ratio or a quantile.
    var covariates: [Double]
    /// A quantile's events: the unit's position and the value, in the order read.
    var quantilePositions: [Int32] = []
    var quantileValues: [Double] = []

    init(table: Int, metric: SplitTestMetric, role: MetricRole, units: Int, covariates: Bool) {
        self.table = table
        self.metric = metric
        self.role = role
        let isQuantile = metric.isQuantile
        values = isQuantile ? [] : [Double](repeating: 0, count: units)
        denominators = metric.isRatio ? [Double](repeating: 0, count: units) : []
        self.covariates = covariates ? [Double](repeating: 0, count: units) : []
    }

    /// See ``MetricAccumulator/credit(_:column:slot:firstExposure:)``.
    mutating func credit(_ event: RawEvent, position: Int, firstExposure: Double, preExposureWindow: PreExposureWindow?) -> Bool {
        let time = event.time
        if time >= firstExposure {
            if let window = metric.window, !(time - firstExposure < window) { return false }
            switch metric.kind {
            case .conversion, .count, .sum:
                guard let amount = amount(of: event) else { return false }
                values[position] += amount
            case .quantile(let source, _):
                guard let value = Self.value(of: source, in: event) else { return false }
                quantilePositions.append(Int32(position))
                quantileValues.append(value)
            case .ratio(let numerator, let denominator):
                if numerator.event == event.name, let value = Self.value(of: numerator, in: event) {
                    values[position] += value
                }
                if denominator.event == event.name, let value = Self.value(of: denominator, in: event) {
                    denominators[position] += value
                }
            }
            return true
        }
        guard !covariates.isEmpty, let window = preExposureWindow, window.contains(goalAt: time, firstExposure: firstExposure),
            let amount = amount(of: event)
        else { return false }
        covariates[position] += amount
        return true
    }

    /// What one event adds to a conversion's or a count's value (1) or a sum's (its property);
    /// `nil` for the other kinds, or without the property.
    private func amount(of event: RawEvent) -> Double? {
        switch metric.kind {
        case .conversion, .count: 1
        case .sum(let source): Self.value(of: source, in: event)
        case .ratio, .quantile: nil
        }
    }

    /// What one event of `source` adds: its property's value, or 1 when the source counts events.
    static func value(of source: SplitTestMetric.Source, in event: RawEvent) -> Double? {
        guard let property = source.value else { return 1 }
        guard case .double(let number)? = event.properties.first(where: { $0.name == property })?.value else { return nil }
        return number
    }
}

extension SplitTestMetric {
    /// Whether CUPED can adjust it: conversions, counts and sums (GrowthBook's engine adjusts
    /// neither ratios nor quantiles).
    var acceptsCovariate: Bool {
        switch kind {
        case .conversion, .count, .sum: true
        case .ratio, .quantile: false
        }
    }

    var isQuantile: Bool {
        if case .quantile = kind { return true }
        return false
    }

    var isRatio: Bool {
        if case .ratio = kind { return true }
        return false
    }

    /// Whether its per-unit values are capped: a cap is given and the kind has values to cap
    /// (not a conversion's 0 or 1, not a quantile's events).
    var capsValues: Bool {
        guard cap != nil else { return false }
        switch kind {
        case .count, .sum, .ratio: return true
        case .conversion, .quantile: return false
        }
    }
}
