/// What a definition says of one group beyond its assignment: its weight as written, its
/// description and its parameters. Its name and bucket range are the experiment's
/// ``Experiment/definition``'s, at the same index.
public struct ExperimentGroup: Hashable, Sendable {
    /// The weight as written (non-negative; omitted weights are 1).
    public var weight: Double
    /// Free text shown in the generated documentation.
    public var description: String?
    /// One value per parameter of the experiment, in the order of `Experiment.parameters`,
    /// with `defaults:` filled in and Ints widened where the parameter is a `Double`.
    public var parameterValues: [ParameterValue]
    /// Where the group's name is.
    public var location: SourceLocation

    /// Creates a group.
    public init(weight: Double, description: String?, parameterValues: [ParameterValue], location: SourceLocation) {
        self.weight = weight
        self.description = description
        self.parameterValues = parameterValues
        self.location = location
    }
}
