@_spi(Generated) import SplitTesting

/// A value written in a targeting condition, read before the attribute's type is known (custom
/// attributes may be declared in a file read later).
struct ConditionValueDraft: Sendable {
    /// The scalar's text.
    var text: String
    /// The scalar under the core schema, which tells a plain `true` from a quoted one.
    var scalar: ScalarValue
    var location: SourceLocation
}

/// One comparison of a comparison string (`>= 5.2`), its value still text.
struct ComparisonDraft: Sendable {
    var `operator`: SplitTestComparison.Operator
    var literal: String
}

/// What a condition tests, as written.
enum ConditionTestDraft: Sendable {
    /// A list: one of these values.
    case oneOf([ConditionValueDraft])
    /// `{ not: [...] }`: none of these values.
    case noneOf([ConditionValueDraft])
    /// A comparison string, with its text and where it is written.
    case comparisons([ComparisonDraft], text: String, location: SourceLocation)
    /// A single value.
    case equals(ConditionValueDraft)
}

/// One condition of `targeting:`, as written.
struct ConditionDraft: Sendable {
    var attribute: String
    var attributeLocation: SourceLocation
    var test: ConditionTestDraft
}

/// An experiment's `targeting:`, checked for shape; typed once every attribute is declared.
struct TargetingDraft: Sendable {
    var conditions: [ConditionDraft]
    /// `segments: [...]`: segments the unit must be in, every one.
    var segments: [NameReference] = []
    /// `exclude_segments: [...]`: segments the unit must be in none of.
    var excludedSegments: [NameReference] = []
}
