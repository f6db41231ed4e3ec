@_spi(Tools) @_spi(Generated) import SplitTesting
import SplitTestFormats

/// Checks segments and the targeting that names them: each segment's conditions as an
/// experiment's, each name an experiment writes known (with "did you mean") and in one list only,
/// no combination of an experiment's conditions and its segments' that can never hold, and every
/// segment used by some experiment.
struct SegmentValidation {
    /// The segments whose conditions passed, by name.
    private(set) var segments: [String: (segment: Segment, draft: SegmentDraft)] = [:]
    /// The names of segments some experiment names.
    private var used: Set<String> = []
    /// The names written in segment documents, valid or not, so that an experiment naming one
    /// with errors gets no second error.
    private let namesWritten: Set<String>

    /// Types every segment's conditions with `kinds`; a name defined twice is an error at the second.
    init(
        _ drafts: [SegmentDraft], namesWritten: Set<String>, kinds: [String: SplitTestAttributeKind], badlyDeclared: Set<String>,
        log: inout DiagnosticLog
    ) {
        self.namesWritten = namesWritten
        for draft in drafts {
            if let first = segments[draft.name] {
                log.error(
                    "segment '\(draft.name)' is defined twice", at: draft.nameLocation, fileIndex: draft.fileIndex,
                    note: .note("'\(draft.name)' is first defined here", at: first.draft.nameLocation))
                continue
            }
            let validation = TargetingValidation(kinds: kinds, badlyDeclared: badlyDeclared, fileIndex: draft.fileIndex)
            guard let typed = validation.check(draft.conditions, log: &log) else { continue }
            let segment = SplitTestSegment(name: draft.name, conditions: typed.conditions)
            segments[draft.name] = (Segment(segment: segment, description: draft.description, location: draft.nameLocation), draft)
        }
    }

    /// `targeting` with the segments `draft` names, or nil after reporting what is wrong.
    mutating func link(
        _ targeting: SplitTestTargeting, draft: TargetingDraft, fileIndex: Int, log: inout DiagnosticLog
    ) -> SplitTestTargeting? {
        var valid = true
        let excludedNames = Set(draft.excludedSegments.map(\.name))
        for reference in draft.segments where excludedNames.contains(reference.name) {
            let excluded = draft.excludedSegments.first { $0.name == reference.name }!
            log.error(
                "segment '\(reference.name)' is both required and excluded: no unit can be in it and out of it",
                at: excluded.location, fileIndex: fileIndex,
                note: .note("'\(reference.name)' is required here", at: reference.location))
            valid = false
        }
        func resolve(_ references: [NameReference]) -> [(SplitTestSegment, SegmentDraft, NameReference)] {
            var found: [(SplitTestSegment, SegmentDraft, NameReference)] = []
            for reference in references {
                used.insert(reference.name)
                if let entry = segments[reference.name] {
                    found.append((entry.segment.segment, entry.draft, reference))
                } else {
                    valid = false
                    if !namesWritten.contains(reference.name) {
                        log.error(
                            "segment '\(shownInMessage(reference.name))' is not defined; segments are defined "
                                + "in 'segment' documents" + Suggestions.didYouMean(reference.name, in: segments.keys.sorted()),
                            at: reference.location, fileIndex: fileIndex)
                    }
                }
            }
            return found
        }
        let required = resolve(draft.segments)
        let excluded = resolve(draft.excludedSegments)
        guard valid else { return nil }
        // Every condition the unit must meet, with where it is written.
        var all: [(condition: SplitTestCondition, location: SourceLocation, fileIndex: Int, segment: String?)] = []
        for (condition, written) in zip(targeting.conditions, draft.conditions) {
            all.append((condition, written.location, fileIndex, nil))
        }
        for (segment, segmentDraft, _) in required {
            for (condition, written) in zip(segment.conditions, segmentDraft.conditions.conditions) {
                all.append((condition, written.location, segmentDraft.fileIndex, segment.name))
            }
        }
        for first in all.indices {
            for second in all.indices where second > first && all[first].condition.attribute == all[second].condition.attribute {
                let (a, b) = (all[first], all[second])
                guard a.segment != b.segment, !ConditionOverlap.canHoldTogether(a.condition.test, b.condition.test) else { continue }
                let place = { (entry: (condition: SplitTestCondition, location: SourceLocation, fileIndex: Int, segment: String?)) in
                    entry.segment.map { "segment '\($0)'" } ?? "the experiment's own targeting"
                }
                log.error(
                    "the conditions on '\(a.condition.attribute)' of \(place(a)) and \(place(b)) can never hold together: "
                        + "no unit is targeted", at: a.location, fileIndex: a.fileIndex,
                    note: .note("the other condition on '\(a.condition.attribute)' is written here", at: b.location))
                valid = false
            }
        }
        guard valid else { return nil }
        return SplitTestTargeting(
            conditions: targeting.conditions, segments: required.map(\.0), excludedSegments: excluded.map(\.0))
    }

    /// Counts the segments `draft` names as used without linking them: the targeting of an
    /// experiment with errors, whose segments are not unused, only waiting for the fix.
    mutating func markUsed(by draft: TargetingDraft) {
        for reference in draft.segments + draft.excludedSegments { used.insert(reference.name) }
    }

    /// Warns of each segment no experiment names, and returns the valid segments in name order.
    /// With `someExperimentsUnread` (a syntax error cut a document short), no segment is called
    /// unused: the experiments that were not read may name it.
    func finish(someExperimentsUnread: Bool = false, log: inout DiagnosticLog) -> [Segment] {
        for (name, entry) in segments.sorted(by: { $0.key < $1.key }) where !used.contains(name) && !someExperimentsUnread {
            log.add(.warning, at: entry.segment.location, fileIndex: entry.draft.fileIndex) {
                ("segment '\(name)' is not used by any experiment; remove it, or name it in an experiment's "
                    + "'targeting: { segments: [\(name)] }'", [])
            }
        }
        return segments.keys.sorted().map { segments[$0]!.segment }
    }
}

extension ConditionDraft {
    /// Where the condition's test is written: its comparison string, or its attribute.
    var location: SourceLocation {
        if case .comparisons(_, _, let location) = test { return location }
        return attributeLocation
    }
}

/// Whether two conditions on one attribute can both hold for some value.
enum ConditionOverlap {
    static func canHoldTogether(_ a: SplitTestCondition.Test, _ b: SplitTestCondition.Test) -> Bool {
        switch (a, b) {
        case (.comparisons(let x), .comparisons(let y)):
            return comparisonsCanHold(x + y)
        case (.noneOf, .noneOf), (.noneOf, .comparisons), (.comparisons, .noneOf):
            return true
        default:
            let (listed, other) = allowedValues(of: a) != nil ? (allowedValues(of: a), b) : (allowedValues(of: b), a)
            guard let listed else { return true }
            let condition = SplitTestCondition(attribute: "value", test: other)
            return listed.contains { condition.holds(for: SplitTestAttributeValues(["value": $0])) }
        }
    }

    /// The values a list or a single value allows; nil for other tests.
    private static func allowedValues(of test: SplitTestCondition.Test) -> [SplitTestAttributeValue]? {
        switch test {
        case .oneOf(let values): values
        case .equals(let value): [value]
        default: nil
        }
    }

    private static func comparisonsCanHold(_ comparisons: [SplitTestComparison]) -> Bool {
        let versions = comparisons.compactMap { comparison -> (SplitTestComparison.Operator, SplitTestVersion)? in
            if case .version(let version) = comparison.value { (comparison.operator, version) } else { nil }
        }
        if versions.count == comparisons.count { return ComparisonBounds.canHold(versions) }
        let numbers = comparisons.compactMap { comparison -> (SplitTestComparison.Operator, Int)? in
            if case .int(let number) = comparison.value { (comparison.operator, number) } else { nil }
        }
        if numbers.count == comparisons.count { return ComparisonBounds.canHold(numbers) }
        return true
    }
}
