/// `splitc simulate`: synthetic units through every experiment.
public enum Simulation {
    /// The deterministic id of the `index`-th synthetic unit: `unit-0`, `unit-1`, …
    public static func unitID(_ index: Int) -> String {
        "unit-\(index)"
    }

    /// Resolves `unitCount` synthetic units through each experiment, in the order given.
    ///
    /// - Precondition: `unitCount ≥ 0`.
    public static func run(_ experiments: [Experiment], unitCount: Int) -> [ExperimentSimulation] {
        precondition(unitCount >= 0, "the command line validates the number of units")
        // Lazy, so that a million units cost no million-string array.
        let units = (0..<unitCount).lazy.map(unitID)
        return experiments.map { ExperimentSimulation(experiment: $0, units: units) }
    }
}
