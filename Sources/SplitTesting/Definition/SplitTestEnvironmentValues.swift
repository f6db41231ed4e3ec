/// The values an experiment takes in one environment (development, staging, production) in place
/// of its base ones; `nil` keeps the base value.
///
/// Only traffic, status, `force`, schedule and weights vary: groups, params, salt, unit type,
/// layer and targeting are the same everywhere, so a unit's bucket is the same in every
/// environment.
@_spi(Generated) public struct SplitTestEnvironmentValues: Sendable, Hashable {
    /// `traffic × 100`, in `1...10_000`.
    package let trafficBuckets: Int?
    /// The status (a resolved one with its winner).
    package let status: SplitTestStatus?
    /// Group indices by unit id, replacing the base `force:`.
    package let force: [String: Int]?
    /// The bucket table of the environment's weights.
    package let bucketTable: BucketTable?
    /// The schedule, replacing the base one.
    package let schedule: SplitTestSchedule?

    /// Creates the values of one environment of an experiment whose groups are `Group`;
    /// generated code calls this with values the compiler has validated.
    ///
    /// - Parameters:
    ///   - groups: the experiment's groups.
    ///   - trafficBuckets: `traffic × 100`, or `nil` for the base traffic.
    ///   - status: the status, or `nil` for the base one.
    ///   - force: the groups served to listed units, or `nil` for the base ones.
    ///   - bucketUpperBounds: the exclusive upper bucket of each group in `Group.allCases` order,
    ///     or `nil` for the base weights.
    ///   - schedule: the schedule, or `nil` for the base one.
    public init<Group: SplitTestGroup>(
        groups: Group.Type, trafficBuckets: Int? = nil, status: SplitTestStatus? = nil, force: [String: Group]? = nil,
        bucketUpperBounds: [Int]? = nil, schedule: SplitTestSchedule? = nil
    ) {
        let cases = Group.allCases
        self.init(
            trafficBuckets: trafficBuckets, status: status,
            force: force?.mapValues { group in
                guard let index = cases.firstIndex(of: group) else {
                    preconditionFailure("every value of a SplitTestGroup is one of its allCases")
                }
                return index
            },
            bucketTable: bucketUpperBounds.map(BucketTable.init(upperBounds:)), schedule: schedule)
    }

    /// Creates the values from group indices, as the compiler builds them.
    package init(
        trafficBuckets: Int? = nil, status: SplitTestStatus? = nil, force: [String: Int]? = nil,
        bucketTable: BucketTable? = nil, schedule: SplitTestSchedule? = nil
    ) {
        self.trafficBuckets = trafficBuckets
        self.status = status
        self.force = force
        self.bucketTable = bucketTable
        self.schedule = schedule
    }
}

extension SplitTestDefinition {
    /// This definition as it runs in `environment`: the environment's values over the base ones.
    /// An environment the experiment does not list, and no environment, use the base values.
    @_spi(Tools) public func inEnvironment(_ environment: String?) -> SplitTestDefinition {
        guard let environment, let values = environments[environment] else { return self }
        var definition = self
        if let trafficBuckets = values.trafficBuckets { definition.trafficBuckets = trafficBuckets }
        if let status = values.status { definition.status = status }
        if let force = values.force { definition.force = force }
        if let bucketTable = values.bucketTable { definition.bucketTable = bucketTable }
        if let schedule = values.schedule { definition.schedule = schedule }
        return definition
    }
}
