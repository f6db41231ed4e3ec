@_spi(Generated) @_spi(Tools) import SplitTesting

/// A `test:` document, validated: what given units must get from one experiment. Test documents
/// add nothing to the generated Swift; `splitc test`, `splitc lint` and the build plugin run them.
public struct DefinitionTest: Sendable {
    /// The experiment under test.
    public var experiment: String
    /// Free text.
    public var description: String?
    /// The environment of every case that names none; `nil` for the base values.
    public var environment: String?
    /// The time of every case that gives none, in seconds since 1970; `nil` for when the test runs.
    public var at: Double?
    /// The cases, in the order written.
    public var cases: [Case]
    /// The distribution to check, if any.
    public var distribution: Distribution?
    /// Where `test:` is written.
    public var location: SourceLocation

    /// One unit and what it must get.
    public struct Case: Sendable {
        /// The unit, reported in failures.
        public var unit: String
        /// The id of each unit type: for a user experiment `user` (default: `unit`), for a device
        /// one `device` (default: `unit`); prerequisites of the other type use the other.
        public var user: String
        public var device: String
        /// The attributes targeting reads.
        @_spi(Tools) public var attributes: SplitTestAttributeValues
        /// The case's environment, or the document's.
        public var environment: String?
        /// The case's time, or the document's.
        public var at: Double?
        /// What the unit must get.
        public var expect: Expectation
    }

    /// What a case expects; at least one field is set.
    public struct Expectation: Sendable {
        public var group: String?
        public var reason: AssignmentReason?
        public var enrolled: Bool?
        /// A subset of the group's params, by name.
        public var params: [(name: String, value: ParameterValue)]
        /// For a multivariate experiment: factor → level.
        public var levels: [(factor: String, level: String)]
        /// Where `expect` is written: a failure is reported there.
        public var location: SourceLocation
    }

    /// `distribution`: units `<prefix>0` … `<prefix>N-1` through the same rules.
    public struct Distribution: Sendable {
        public var units: Int
        public var prefix: String
        /// The percent of all units each group must get.
        public var shares: [(group: String, percent: Double)]
        /// Percentage points either side.
        public var tolerance: Double
        /// Where its `expect` is written.
        public var location: SourceLocation
    }
}
