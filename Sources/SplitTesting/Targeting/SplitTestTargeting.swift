/// Who may be enrolled in an experiment: conditions on attributes, all of which must hold.
///
/// Compiled from the definition's `targeting:` as data, so that the runtime evaluates it and
/// `splitc` can explain it. Targeting gates enrolment only: a unit already assigned keeps its
/// group, and a unit that is not targeted gets the control (reason ``AssignmentReason/notTargeted``).
///
/// ```swift
/// // targeting: { app_version: ">= 5.2.0, < 6", plan: [pro, trial] }
/// SplitTestTargeting(conditions: [
///     SplitTestCondition(attribute: "app_version", test: .comparisons([
///         SplitTestComparison(operator: .greaterThanOrEqual, value: .version(SplitTestVersion("5.2.0")!)),
///         SplitTestComparison(operator: .lessThan, value: .version(SplitTestVersion("6")!)),
///     ])),
///     SplitTestCondition(attribute: "plan", test: .oneOf([.string("pro"), .string("trial")])),
/// ])
/// ```
@_spi(Generated) public struct SplitTestTargeting: Sendable, Hashable {
    /// The inline conditions, in the order written; all must hold.
    public let conditions: [SplitTestCondition]
    /// Segments the unit must be in, every one (`segments: [...]`).
    public let segments: [SplitTestSegment]
    /// Segments the unit must be in none of (`exclude_segments: [...]`).
    public let excludedSegments: [SplitTestSegment]

    /// Creates targeting from its inline conditions and segments.
    public init(
        conditions: [SplitTestCondition], segments: [SplitTestSegment] = [], excludedSegments: [SplitTestSegment] = []
    ) {
        self.conditions = conditions
        self.segments = segments
        self.excludedSegments = excludedSegments
    }

    /// Whether every condition holds for `attributes`, the unit is in every segment and in no
    /// excluded one.
    package func matches(_ attributes: SplitTestAttributeValues) -> Bool {
        conditions.allSatisfy { $0.holds(for: attributes) }
            && segments.allSatisfy { $0.contains(attributes) }
            && !excludedSegments.contains { $0.contains(attributes) }
    }

    /// Every condition a unit must meet, inline ones first, then each segment's; an excluded
    /// segment's are not among them, since the unit must fail one of them.
    package var requiredConditions: [SplitTestCondition] {
        conditions + segments.flatMap(\.conditions)
    }
}

/// A named audience written once (a `segment:` document) and used by many experiments'
/// targeting: a unit is in it when every one of its conditions holds.
@_spi(Generated) public struct SplitTestSegment: Sendable, Hashable {
    /// The segment's name, as written in its definition.
    public let name: String
    /// Its conditions; all must hold.
    public let conditions: [SplitTestCondition]

    /// Creates a segment.
    public init(name: String, conditions: [SplitTestCondition]) {
        self.name = name
        self.conditions = conditions
    }

    /// Whether a unit with `attributes` is in the segment.
    package func contains(_ attributes: SplitTestAttributeValues) -> Bool {
        conditions.allSatisfy { $0.holds(for: attributes) }
    }
}

/// One targeting condition: an attribute and the test its value must pass.
@_spi(Generated) public struct SplitTestCondition: Sendable, Hashable {
    /// How an attribute's value is tested.
    public enum Test: Sendable, Hashable {
        /// The value is one of these (a YAML list).
        case oneOf([SplitTestAttributeValue])
        /// The value is none of these (`{ not: [...] }`); an unset value still fails.
        case noneOf([SplitTestAttributeValue])
        /// Every comparison holds (`">= 5.2, < 6"`); versions and numbers only.
        case comparisons([SplitTestComparison])
        /// The value equals this one (a scalar, e.g. `beta_tester: true`).
        case equals(SplitTestAttributeValue)
    }

    /// The attribute's name, e.g. `app_version` or a declared custom attribute.
    public let attribute: String
    /// The test its value must pass.
    public let test: Test

    /// Creates a condition.
    public init(attribute: String, test: Test) {
        self.attribute = attribute
        self.test = test
    }

    /// Whether the condition holds; an attribute that is not set makes it false.
    package func holds(for attributes: SplitTestAttributeValues) -> Bool {
        guard let value = attributes[attribute] else { return false }
        switch test {
        case .oneOf(let candidates): return candidates.contains { value.matches($0) }
        case .noneOf(let excluded): return !excluded.contains { value.matches($0) }
        case .comparisons(let comparisons): return comparisons.allSatisfy { $0.holds(for: value) }
        case .equals(let expected): return value.matches(expected)
        }
    }
}

/// One comparison of a targeting condition, e.g. `>= 5.2.0`.
@_spi(Generated) public struct SplitTestComparison: Sendable, Hashable {
    /// A comparison operator, as written in a condition.
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        /// `==`
        case equal = "=="
        /// `!=`
        case notEqual = "!="
        /// `<`
        case lessThan = "<"
        /// `<=`
        case lessThanOrEqual = "<="
        /// `>`
        case greaterThan = ">"
        /// `>=`
        case greaterThanOrEqual = ">="

        func holds<T: Comparable>(_ left: T, _ right: T) -> Bool {
            switch self {
            case .equal: left == right
            case .notEqual: left != right
            case .lessThan: left < right
            case .lessThanOrEqual: left <= right
            case .greaterThan: left > right
            case .greaterThanOrEqual: left >= right
            }
        }
    }

    /// The operator.
    public let `operator`: Operator
    /// The right-hand side: a version or a number.
    public let value: SplitTestAttributeValue

    /// Creates a comparison.
    public init(operator: Operator, value: SplitTestAttributeValue) {
        self.operator = `operator`
        self.value = value
    }

    /// Whether `actual <operator> value` holds. Versions compare with versions, numbers with
    /// numbers; anything else (a string, a flag, a mix) does not hold.
    package func holds(for actual: SplitTestAttributeValue) -> Bool {
        switch (actual, value) {
        case (.version(let left), .version(let right)):
            return `operator`.holds(left, right)
        default:
            guard let left = actual.number, let right = value.number else { return false }
            return `operator`.holds(left, right)
        }
    }
}
