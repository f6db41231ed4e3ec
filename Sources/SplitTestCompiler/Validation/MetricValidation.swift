@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The rules that need every event and metric: each metric declared once, reading declared
/// events and, where it adds up, divides or takes quantiles, a numeric property of them; and each
/// metric an experiment names declared.
struct MetricValidation {
    /// The metrics that hold, in input order.
    private(set) var metrics: [SplitTestMetric] = []
    /// What the definitions say of each metric that holds.
    private(set) var details: [String: DeclarationDetails] = [:]
    /// The names written in metric documents, valid or not, so that an experiment naming one with
    /// errors gets no second error.
    private let namesWritten: Set<String>

    /// Checks `drafts` against `events`; an event named in `eventNamesWritten` but not among
    /// `events` has errors of its own, reported already.
    init(
        _ drafts: [MetricDraft], events: [SplitTestEventDeclaration], eventNamesWritten: Set<String>,
        metricNamesWritten: Set<String>, log: inout DiagnosticLog
    ) {
        namesWritten = metricNamesWritten
        let byName = Dictionary(events.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Suggestions come from every event written, valid or not: a misspelt name is most likely
        // meant for one of them.
        let eventNames = events.map(\.name) + eventNamesWritten.subtracting(events.map(\.name)).sorted()
        var firstByName: [String: SourceLocation] = [:]
        for draft in drafts {
            if let first = firstByName[draft.name] {
                log.error(
                    "metric '\(draft.name)' is declared twice", at: draft.details.location, fileIndex: draft.fileIndex,
                    note: .note("'\(draft.name)' is first declared here", at: first))
                continue
            }
            firstByName[draft.name] = draft.details.location
            var valid = true
            /// The event of `reference`, or nil after reporting it unknown.
            func event(_ reference: NameReference) -> SplitTestEventDeclaration? {
                if let event = byName[reference.name] { return event }
                valid = false
                if !eventNamesWritten.contains(reference.name) {
                    let remedy = eventNames.isEmpty
                        ? "; declare it in an 'event:' document, like event: \(reference.name)"
                        : Suggestions.didYouMean(reference.name, in: eventNames)
                    log.error(
                        "metric '\(draft.name)' reads event '\(shownInMessage(reference.name))', which is not declared" + remedy,
                        at: reference.location, fileIndex: draft.fileIndex)
                }
                return nil
            }
            /// The source of `written`, its value a numeric property of its event.
            func source(_ written: MetricDraft.SourceDraft) -> SplitTestMetric.Source? {
                guard let declaration = event(written.event) else { return nil }
                guard let value = written.value else { return SplitTestMetric.Source(event: declaration.name) }
                guard let property = declaration.property(named: value.name) else {
                    valid = false
                    let names = declaration.properties.map(\.name)
                    let remedy = names.isEmpty
                        ? "; '\(declaration.name)' declares no property"
                        : Suggestions.didYouMean(value.name, in: names) + " (declared: \(names.joined(separator: ", ")))"
                    log.error(
                        "event '\(declaration.name)' has no property '\(shownInMessage(value.name))'" + remedy,
                        at: value.location, fileIndex: draft.fileIndex)
                    return nil
                }
                guard property.type.isNumeric else {
                    valid = false
                    log.error(
                        "metric '\(draft.name)' needs a number for its value, but property '\(property.name)' of event "
                            + "'\(declaration.name)' is \(Self.describe(property.type)); a \(draft.kindName) metric "
                            + "reads an int or double property", at: value.location, fileIndex: draft.fileIndex)
                    return nil
                }
                return SplitTestMetric.Source(event: declaration.name, value: property.name)
            }
            let kind: SplitTestMetric.Kind?
            switch draft.kind {
            case .conversion(let reference): kind = event(reference).map { .conversion(event: $0.name) }
            case .count(let reference): kind = event(reference).map { .count(event: $0.name) }
            case .sum(let written): kind = source(written).map { .sum($0) }
            case .quantile(let written, let quantile): kind = source(written).map { .quantile($0, quantile: quantile) }
            case .ratio(let numerator, let denominator):
                let (top, bottom) = (source(numerator), source(denominator))
                kind = top.flatMap { top in bottom.map { .ratio(numerator: top, denominator: $0) } }
            }
            guard valid, let kind else { continue }
            metrics.append(
                SplitTestMetric(name: draft.name, kind: kind, window: draft.window, cap: draft.cap, direction: draft.direction))
            details[draft.name] = draft.details
        }
    }

    /// Sets the roles of each experiment that names metrics; returns the positions of those that
    /// name a metric not declared.
    func link(
        _ links: [Int: ExperimentLinks], experiments: inout [Experiment], places: [ExperimentPlaces],
        log: inout DiagnosticLog
    ) -> Set<Int> {
        let names = metrics.map(\.name)
        let declared = Set(names)
        var rejected = Set<Int>()
        for (position, link) in links.sorted(by: { $0.key < $1.key }) {
            guard let roles = link.metrics else { continue }
            for reference in roles.all where !declared.contains(reference.name) {
                rejected.insert(position)
                guard !namesWritten.contains(reference.name) else { continue }
                let remedy = names.isEmpty
                    ? "; declare it in a 'metric:' document, like metric: \(reference.name)"
                    : Suggestions.didYouMean(reference.name, in: names)
                log.error(
                    "metric '\(shownInMessage(reference.name))' is not declared" + remedy, at: reference.location,
                    fileIndex: places[position].fileIndex)
            }
            experiments[position].metricRoles = SplitTestMetricRoles(
                primary: roles.primary?.name, secondary: roles.secondary.map(\.name),
                guardrails: roles.guardrails.map(\.name))
        }
        return rejected
    }

    /// A property's type as messages say it.
    static func describe(_ type: SplitTestEventDeclaration.PropertyType) -> String {
        switch type {
        case .string: "a string"
        case .int: "an int"
        case .double: "a double"
        case .bool: "a bool"
        case .values(let values): "an enum of strings (\(values.joined(separator: ", ")))"
        }
    }
}
