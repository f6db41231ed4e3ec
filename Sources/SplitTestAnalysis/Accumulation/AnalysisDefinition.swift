/// What the readout needs to know of an experiment's definition: its groups, their weights and
/// which one is the control.
public struct AnalysisDefinition: Sendable, Hashable {
    /// The experiment's identifier.
    public var experiment: String
    /// The groups in declaration order.
    public var groups: [String]
    /// One weight per group, for the sample-ratio check.
    public var weights: [Double]
    /// The control group's name.
    public var control: String

    /// Creates a definition.
    public init(experiment: String, groups: [String], weights: [Double], control: String) {
        precondition(groups.count == weights.count, "one weight per group")
        self.experiment = experiment
        self.groups = groups
        self.weights = weights
        self.control = control
    }
}

/// A holdout as the readout sees it: the units it kept out of the experiments it covers.
public struct HoldoutDefinition: Sendable, Hashable {
    /// The holdout's name, as in its `split_test_holdout` events.
    public var name: String
    /// The experiments it covers; `nil` for all of them.
    public var experiments: [String]?

    /// Creates a holdout definition.
    public init(name: String, experiments: [String]?) {
        self.name = name
        self.experiments = experiments
    }
}
