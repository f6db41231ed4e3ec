@_spi(Generated) import SplitTesting

/// The experiments' definitions as the readout uses them: by identifier, and which experiments
/// each holdout covers (every covered experiment's definition names its holdout).
struct AnalysisDefinitions {
    /// The definitions by experiment identifier (the first of an identifier given twice).
    let byExperiment: [String: SplitTestDefinition]
    /// The experiments each holdout covers, sorted, by holdout name.
    let coverage: [String: [String]]

    init(_ definitions: [SplitTestDefinition]) {
        byExperiment = Dictionary(definitions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var coverage: [String: [String]] = [:]
        for definition in byExperiment.values {
            if let holdout = definition.holdout { coverage[holdout.name, default: []].append(definition.identifier) }
        }
        self.coverage = coverage.mapValues { $0.sorted() }
    }

    /// The holdouts the definitions name, sorted.
    var holdoutNames: [String] { coverage.keys.sorted() }
}

extension SplitTestDefinition {
    /// The share of units each group receives, for the sample-ratio check: the bucket table's,
    /// which is exactly how units were drawn.
    var groupShares: [Double] { bucketTable.shares }
}
