/// How one experiment assigns units to groups: the single description of an experiment's
/// assignment that every part of SplitTesting shares.
///
/// The compiler builds it from the YAML definition, the generated code carries it as each
/// experiment's ``SplitTest/definition``, a control document's entry is applied to it, and the
/// service, `splitc assign`, `splitc simulate` and `splitc analyze` all read it, so that no two of
/// them can disagree about who gets what. Groups are named by their position in ``groups``, which
/// is the order of the bucket table and of the generated `Group.allCases`.
///
/// Weights are already whole bucket ranges, so resolution does no floating point. Generated code
/// creates definitions; apps read them, for example in a debug menu:
///
/// ```swift
/// let definition = ButtonColorSplitTest.definition
/// print(definition.identifier, definition.groups, definition.control, definition.status)
/// ```
public struct SplitTestDefinition: Sendable, Hashable {
    /// Every property, kept behind one reference: a definition is copied at every resolution (out
    /// of the generated code, out of the definitions in force), and a copy is then one retain
    /// rather than one for each of its arrays, strings and dictionaries. A change makes a new one.
    /// Equal when their properties are: the definition's `==` and hash are the box's.
    private final class Box: Sendable, Hashable {
        let properties: Properties

        init(_ properties: Properties) { self.properties = properties }

        static func == (lhs: Box, rhs: Box) -> Bool {
            lhs === rhs || lhs.properties == rhs.properties
        }

        func hash(into hasher: inout Hasher) {
            properties.hash(into: &hasher)
        }
    }

    private struct Properties: Sendable, Hashable {
        var identifier: String
        var unitType: UnitType
        var groups: [String]
        var status: SplitTestStatus
        var salt: String
        var bucketTable: BucketTable
        var controlIndex: Int
        var winnerIndex: Int?
        var trafficBuckets: Int
        var layer: SplitTestLayer?
        var force: [String: Int]
        var targeting: SplitTestTargeting?
        var holdout: SplitTestHoldout?
        var factorial: SplitTestFactorialDesign?
        var allocation: SplitTestAllocation
        var schedule: SplitTestSchedule?
        var requirements: [SplitTestRequirement]
        var environments: [String: SplitTestEnvironmentValues]
        var period: Int
    }

    private var box: Box

    /// Changes the properties through a new box, so that copies made before keep theirs.
    private mutating func update(_ change: (inout Properties) -> Void) {
        var properties = box.properties
        change(&properties)
        box = Box(properties)
    }

    /// The experiment's identifier, as written in its definition.
    public var identifier: String { box.properties.identifier }
    /// Whether devices or signed-in users are assigned.
    public var unitType: UnitType { box.properties.unitType }
    /// The group names in declaration order: the order of the bucket table, of the generated
    /// `Group.allCases`, and of every group index in this value.
    public var groups: [String] { box.properties.groups }
    /// Running, stopped (every unit gets the control) or resolved (every unit gets the winner).
    public package(set) var status: SplitTestStatus {
        get { box.properties.status }
        set {
            update { properties in
                properties.status = newValue
                properties.winnerIndex = Self.winnerIndex(of: newValue, groups: properties.groups, identifier: properties.identifier)
            }
        }
    }
    /// The salt of the group and traffic hashes; changing it reshuffles every unit.
    package var salt: String { box.properties.salt }
    /// Which group owns each of the 10,000 buckets.
    package var bucketTable: BucketTable {
        get { box.properties.bucketTable }
        set { update { $0.bucketTable = newValue } }
    }
    /// The index in ``groups`` of the group served to units that are not enrolled.
    package var controlIndex: Int { box.properties.controlIndex }
    /// The index in ``groups`` of the winner of a resolved ``status``, kept with it so that
    /// resolution never searches the groups by name.
    package var winnerIndex: Int? { box.properties.winnerIndex }
    /// Units whose traffic bucket is below this number are enrolled (`traffic × 100`, `1...10_000`).
    package var trafficBuckets: Int {
        get { box.properties.trafficBuckets }
        set { update { $0.trafficBuckets = newValue } }
    }
    /// The experiment's slice of a layer, if it shares its units with other experiments.
    package var layer: SplitTestLayer? { box.properties.layer }
    /// Group indices by unit id, served before anything but a runtime override (QA accounts).
    package var force: [String: Int] {
        get { box.properties.force }
        set { update { $0.force = newValue } }
    }
    /// Who may be enrolled; `nil` enrols everyone.
    package var targeting: SplitTestTargeting? {
        get { box.properties.targeting }
        set { update { $0.targeting = newValue } }
    }
    /// The holdout that covers the experiment, if any.
    package var holdout: SplitTestHoldout? {
        get { box.properties.holdout }
        set { update { $0.holdout = newValue } }
    }
    /// The factors of a multivariate experiment, whose groups are its cells; `nil` for an
    /// experiment with plain groups (see SplitTestDefinition+Factorial.swift).
    @_spi(Tools) public package(set) var factorial: SplitTestFactorialDesign? {
        get { box.properties.factorial }
        set { update { $0.factorial = newValue } }
    }
    /// Whether the weights are the compiled ones or a bandit's (see `SplitTestAllocation`).
    package var allocation: SplitTestAllocation { box.properties.allocation }
    /// When the experiment enrols; `nil` for always.
    package var schedule: SplitTestSchedule? {
        get { box.properties.schedule }
        set { update { $0.schedule = newValue } }
    }
    /// Experiments that must give a unit one of some groups before this one enrols it.
    package var requirements: [SplitTestRequirement] {
        get { box.properties.requirements }
        set { update { $0.requirements = newValue } }
    }
    /// The values the experiment takes in each environment that changes any, by name.
    package var environments: [String: SplitTestEnvironmentValues] {
        get { box.properties.environments }
        set { update { $0.environments = newValue } }
    }
    /// The allocation period in force: 0 until a control document's entry sets one (a bandit's
    /// documents number them 1, 2, …). Exposures of units first assigned under it carry it.
    package var period: Int {
        get { box.properties.period }
        set { update { $0.period = newValue } }
    }

    /// The name of the group served to units that are not enrolled.
    public var control: String { groups[controlIndex] }

    /// The name of the group every unit is served while the experiment is resolved.
    package var winner: String? { status.winner }

    /// The share of units enrolled, in percent (`traffic:` in the definition, or a control
    /// document's), in steps of 0.01.
    public var trafficPercent: Double { BucketTable.percent(buckets: trafficBuckets) }

    /// Creates a definition from group indices; the compiler and the tools build it this way,
    /// with values they have validated.
    package init(
        identifier: String, unitType: UnitType, salt: String, groups: [String], bucketTable: BucketTable,
        controlIndex: Int, trafficBuckets: Int = Bucketing.bucketCount, layer: SplitTestLayer? = nil,
        status: SplitTestStatus = .running, force: [String: Int] = [:],
        targeting: SplitTestTargeting? = nil, holdout: SplitTestHoldout? = nil, allocation: SplitTestAllocation = .fixed,
        schedule: SplitTestSchedule? = nil, requirements: [SplitTestRequirement] = [],
        environments: [String: SplitTestEnvironmentValues] = [:]
    ) {
        precondition(groups.count >= 1, "\(identifier) has groups")
        precondition(bucketTable.groupCount == groups.count, "one bucket range per group of \(identifier)")
        precondition(groups.indices.contains(controlIndex), "the control of \(identifier) is one of its groups")
        precondition(
            (1...Bucketing.bucketCount).contains(trafficBuckets),
            "traffic of \(identifier) is within 1...\(Bucketing.bucketCount) buckets")
        precondition(force.values.allSatisfy(groups.indices.contains), "the forced groups of \(identifier) exist")
        precondition(holdout.map { $0.unitType == unitType } ?? true, "the holdout of \(identifier) keeps out units of its type")
        box = Box(Properties(
            identifier: identifier, unitType: unitType, groups: groups, status: status, salt: salt,
            bucketTable: bucketTable, controlIndex: controlIndex,
            winnerIndex: Self.winnerIndex(of: status, groups: groups, identifier: identifier),
            trafficBuckets: trafficBuckets, layer: layer, force: force, targeting: targeting, holdout: holdout,
            factorial: nil, allocation: allocation, schedule: schedule, requirements: requirements,
            environments: environments, period: 0))
    }

    /// Creates the definition of an experiment whose groups are `Group`; generated code calls
    /// this with values the compiler has validated.
    ///
    /// - Parameters:
    ///   - identifier: the experiment's identifier.
    ///   - groups: the experiment's groups, in declaration order (`Group.allCases`).
    ///   - unitType: whether devices or signed-in users are assigned.
    ///   - salt: the salt of the group and traffic hashes.
    ///   - bucketUpperBounds: the exclusive upper bucket of each group, in `Group.allCases`
    ///     order, non-decreasing and ending at 10,000; a group whose bound equals the previous
    ///     one has weight 0 and receives no units.
    ///   - control: the group served to units that are not enrolled.
    ///   - trafficBuckets: units whose traffic bucket is below this number are enrolled
    ///     (`traffic × 100`).
    ///   - layer: the experiment's slice of a layer, if it shares its units with other experiments.
    ///   - status: running, stopped or resolved with the group every unit is served.
    ///   - force: groups served to listed units (QA accounts, employees) before anything but an
    ///     override.
    ///   - targeting: who may be enrolled; `nil` enrols everyone.
    ///   - holdout: the holdout that covers the experiment, if any.
    ///   - allocation: the compiled weights (`.fixed`), or a bandit whose control documents set them.
    ///   - schedule: when the experiment enrols; `nil` for always.
    ///   - requirements: experiments that must give a unit one of some groups first.
    ///   - environments: the values of each environment that changes any, by name.
    @_spi(Generated) public init<Group: SplitTestGroup>(
        identifier: String,
        groups: Group.Type,
        unitType: UnitType,
        salt: String,
        bucketUpperBounds: [Int],
        control: Group,
        trafficBuckets: Int = 10_000,
        layer: SplitTestLayer? = nil,
        status: SplitTestStatus = .running,
        force: [String: Group] = [:],
        targeting: SplitTestTargeting? = nil,
        holdout: SplitTestHoldout? = nil,
        allocation: SplitTestAllocation = .fixed,
        schedule: SplitTestSchedule? = nil,
        requirements: [SplitTestRequirement] = [],
        environments: [String: SplitTestEnvironmentValues] = [:]
    ) {
        let cases = Group.allCases
        func index(of group: Group) -> Int {
            guard let index = cases.firstIndex(of: group) else {
                preconditionFailure("every value of a SplitTestGroup is one of its allCases")
            }
            return index
        }
        self.init(
            identifier: identifier, unitType: unitType, salt: salt, groups: cases.map(\.rawValue),
            bucketTable: BucketTable(upperBounds: bucketUpperBounds), controlIndex: index(of: control),
            trafficBuckets: trafficBuckets, layer: layer, status: status,
            force: force.mapValues(index(of:)), targeting: targeting, holdout: holdout, allocation: allocation,
            schedule: schedule, requirements: requirements, environments: environments)
    }

    /// The index in `groups` of the winner of `status`; `nil` unless it is resolved.
    private static func winnerIndex(of status: SplitTestStatus, groups: [String], identifier: String) -> Int? {
        guard let winner = status.winner else { return nil }
        guard let index = groups.firstIndex(of: winner) else {
            preconditionFailure("the winner '\(winner)' of \(identifier) is one of its groups")
        }
        return index
    }

    /// The index in ``groups`` of the group named `name`.
    package func groupIndex(named name: String) -> Int? {
        groups.firstIndex(of: name)
    }
}
