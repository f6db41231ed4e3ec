@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting

/// `splitc simulate`: synthetic units through every experiment.
public enum Simulation {
    /// The deterministic id of the `index`-th synthetic unit: `unit-0`, `unit-1`, …
    public static func unitID(_ index: Int) -> String {
        "unit-\(index)"
    }

    /// Resolves `unitCount` synthetic units through each experiment, in the order given, at
    /// `time` (default now), each definition `adjusting` as ``UnitAssignment`` does.
    ///
    /// - Precondition: `unitCount ≥ 0`.
    @_spi(Tools) public static func run(
        _ experiments: [Experiment], unitCount: Int, attributes: SplitTestAttributeValues = SplitTestAttributeValues(),
        time: Double? = nil,
        adjusting: (SplitTestDefinition) -> SplitTestDefinition = { $0 }
    ) -> [ExperimentSimulation] {
        precondition(unitCount >= 0, "the command line validates the number of units")
        // Lazy, so that a million units cost no million-string array.
        let units = (0..<unitCount).lazy.map(unitID)
        return experiments.map {
            ExperimentSimulation(experiment: $0, units: units, attributes: attributes, time: time, adjusting: adjusting)
        }
    }

    /// The share of `unitCount` synthetic units each holdout keeps out, against its percent.
    public static func holdoutShares(_ holdouts: [Holdout], unitCount: Int) -> [HoldoutShare] {
        holdouts.map { holdout in
            var heldOut = 0
            for index in 0..<unitCount where holdout.holdout.holds(unit: unitID(index)) { heldOut += 1 }
            return HoldoutShare(
                holdout: holdout.name, units: unitCount, heldOut: heldOut,
                expectedShare: Double(holdout.buckets) / Double(Bucketing.bucketCount),
                observedShare: unitCount == 0 ? 0 : Double(heldOut) / Double(unitCount))
        }
    }
}

/// How many synthetic units a holdout kept out.
public struct HoldoutShare: Sendable, Hashable, Encodable {
    /// The holdout's name.
    public var holdout: String
    /// How many units were checked.
    public var units: Int
    /// How many it kept out.
    public var heldOut: Int
    /// Its percent as a share, in `0...0.5`.
    public var expectedShare: Double
    /// The share of units it kept out.
    public var observedShare: Double
}
