@_spi(Tools) import SplitTesting

/// One experiment, as validated: its ``definition`` (how units are assigned, the value the
/// generated code carries, control documents patch and the tools read) and what only code
/// generation needs (descriptions, parameters, the Swift type's name, where it is defined).
public struct Experiment: Hashable, Sendable {
    /// How units are assigned: unit type, salt, groups and their bucket table, control,
    /// traffic, layer, status and winner, forced units, targeting and holdout.
    public var definition: SplitTestDefinition
    /// Free text for the generated documentation.
    public var description: String?
    /// Who to ask about it.
    public var owner: String?
    /// What the definition says of each group beyond its assignment, in the order of
    /// `definition.groups`.
    public var groups: [ExperimentGroup]
    /// The parameters every group defines, in order of first appearance.
    public var parameters: [ParameterDeclaration]
    /// After this date the compiler warns.
    public var expires: CalendarDate?
    /// The generated Swift type's name.
    public var swiftName: String
    /// The definition file's path relative to the package, as generated documentation names it.
    public var displayPath: String
    /// Where the experiment's document starts.
    public var location: SourceLocation
    /// The factors of a multivariate experiment, in the order of `definition.factorial`'s; empty
    /// for an experiment with plain groups, whose ``groups`` then carry the parameters. A
    /// multivariate experiment's ``groups`` are its cells, without parameters.
    public var factors: [ExperimentFactor] = []
    /// The metrics the experiment is judged by (`metrics:`), by name; empty when it names none.
    @_spi(Tools) public var metricRoles = SplitTestMetricRoles()

    /// Creates an experiment.
    public init(
        definition: SplitTestDefinition, description: String?, owner: String?, groups: [ExperimentGroup],
        parameters: [ParameterDeclaration], expires: CalendarDate?, swiftName: String, displayPath: String,
        location: SourceLocation
    ) {
        precondition(groups.count == definition.groups.count, "one group entry per group of \(definition.identifier)")
        self.definition = definition
        self.description = description
        self.owner = owner
        self.groups = groups
        self.parameters = parameters
        self.expires = expires
        self.swiftName = swiftName
        self.displayPath = displayPath
        self.location = location
    }

    /// The experiment's identifier.
    public var identifier: String { definition.identifier }

    /// The group names in declaration order.
    public var groupNames: [String] { definition.groups }
}
