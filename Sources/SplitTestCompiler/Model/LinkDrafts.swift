@_spi(Generated) import SplitTesting

/// A name written in a definition, with where it is written, for the rules that need every file.
struct NameReference: Sendable {
    var name: String
    var location: SourceLocation
}

/// A `segment:` document, its conditions checked for shape.
struct SegmentDraft: Sendable {
    var name: String
    var description: String?
    var conditions: TargetingDraft
    /// Where its name is written.
    var nameLocation: SourceLocation
    var fileIndex: Int
}

/// The `environments: [...]` declaration.
struct EnvironmentDeclaration: Sendable {
    var names: [NameReference]
    /// Where the declaration is written.
    var location: SourceLocation
    var fileIndex: Int
}

/// One entry of an experiment's `requires:`: an experiment and the groups (or cells) of it that
/// a unit must get.
struct RequirementDraft: Sendable {
    var experiment: NameReference
    var groups: [NameReference]
}

/// What an experiment writes that other documents must resolve: the segments its targeting
/// names, the experiments it requires, the environments it gives values for, the metrics it is
/// judged by.
struct ExperimentLinks: Sendable {
    /// The `metrics:` written, when the experiment names any.
    var metrics: MetricRolesDraft?
    var requirements: [RequirementDraft] = []
    /// The environments of `environments:`, in order, with their values.
    var environments: [(name: NameReference, values: SplitTestEnvironmentValues)] = []
    /// Where `requires:` is written.
    var requiresLocation: SourceLocation?
}
