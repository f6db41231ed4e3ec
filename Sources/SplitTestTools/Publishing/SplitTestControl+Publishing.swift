@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting

extension SplitTestControl {
    /// A control of every experiment in `experiments`, as `splitc publish` writes it: each entry
    /// is its definition's ``SplitTesting/SplitTestDefinition/controlEntry``, every field written.
    /// With `environment`, each entry holds that environment's values (its weights included) and
    /// the document names it, so that apps of another environment reject it.
    package init(publishing experiments: [Experiment], sequence: Int, generated: String?, environment: String? = nil) {
        var entries: [String: Entry] = [:]
        for experiment in experiments {
            let definition = experiment.definition.inEnvironment(environment)
            var entry = definition.controlEntry
            if let environment, let table = experiment.definition.environments[environment]?.bucketTable {
                var weights: [String: Double] = [:]
                for (index, group) in definition.groups.enumerated() {
                    weights[group] = BucketTable.percent(buckets: table.bucketCounts[index])
                }
                entry.weights = weights
            }
            entries[experiment.identifier] = entry
        }
        self.init(sequence: sequence, generated: generated, experiments: entries, environment: environment)
    }
}
