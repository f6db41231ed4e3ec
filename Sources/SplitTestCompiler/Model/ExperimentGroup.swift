/// One group of an experiment, as validated.
public struct ExperimentGroup: Hashable, Sendable {
    /// The name in YAML (`dark_gray`): the Swift enum's raw value, stored and reported.
    public var name: String
    /// The weight as written (non-negative; omitted weights are 1).
    public var weight: Double
    /// How many of the 10,000 buckets the group owns (largest remainder of the weights).
    public var bucketCount: Int
    /// Free text shown in the generated documentation.
    public var description: String?
    /// One value per parameter of the experiment, in the order of `Experiment.parameters`,
    /// with `defaults:` filled in and Ints widened where the parameter is a `Double`.
    public var parameterValues: [ParameterValue]
    /// Where the group's name is.
    public var location: SourceLocation

    /// Creates a group.
    public init(
        name: String, weight: Double, bucketCount: Int, description: String?,
        parameterValues: [ParameterValue], location: SourceLocation
    ) {
        self.name = name
        self.weight = weight
        self.bucketCount = bucketCount
        self.description = description
        self.parameterValues = parameterValues
        self.location = location
    }
}
