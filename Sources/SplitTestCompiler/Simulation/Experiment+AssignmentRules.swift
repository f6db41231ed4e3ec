import SplitTesting

extension Experiment {
    /// The fresh-install rules of this experiment, the same ones its generated
    /// `SplitTestDefinition` gives the runtime, so that `splitc` and apps never disagree.
    public var assignmentRules: AssignmentRules {
        AssignmentRules(
            salt: salt, bucketUpperBounds: bucketUpperBounds, controlIndex: controlIndex,
            trafficBuckets: trafficBuckets, layer: layer, winnerIndex: winnerIndex,
            isStopped: isStopped, forcedGroupIndices: forcedGroupIndices,
            targeting: targeting, holdout: holdout)
    }
}
