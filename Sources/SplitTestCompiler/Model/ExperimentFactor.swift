/// What a definition says of one factor of a multivariate experiment beyond its assignment: its
/// levels' descriptions and parameters, and where it is written. Its name and level names are
/// the experiment's ``Experiment/definition``'s (`definition.factorial`), at the same index.
public struct ExperimentFactor: Hashable, Sendable {
    /// One entry per level, in declaration order.
    public var levels: [ExperimentLevel]
    /// The parameters every level of the factor defines, in order of first appearance.
    public var parameters: [ParameterDeclaration]
    /// Where the factor's name is.
    public var location: SourceLocation

    /// Creates a factor.
    public init(levels: [ExperimentLevel], parameters: [ParameterDeclaration], location: SourceLocation) {
        self.levels = levels
        self.parameters = parameters
        self.location = location
    }
}

/// What a definition says of one level of a factor: its description and its parameters.
public struct ExperimentLevel: Hashable, Sendable {
    /// Free text shown in the generated documentation.
    public var description: String?
    /// One value per parameter of the factor, in the order of `ExperimentFactor.parameters`,
    /// with the factor's `defaults:` filled in and Ints widened where the parameter is a `Double`.
    public var parameterValues: [ParameterValue]
    /// Where the level's name is.
    public var location: SourceLocation

    /// Creates a level.
    public init(description: String?, parameterValues: [ParameterValue], location: SourceLocation) {
        self.description = description
        self.parameterValues = parameterValues
        self.location = location
    }
}
