@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestServiceBodies

extension ResponseBodies.PrewrittenExperiment {
    /// The answers of `experiment` written ahead for each group of `definition` (its definition
    /// in force): the group's name, its parameters as the compiler typed them, and for a
    /// multivariate experiment's cell, each factor's level.
    public init(experiment: Experiment, definition: SplitTestDefinition) {
        self.init(
            experiment: definition.identifier,
            groups: definition.groups.indices.map { index in
                let levels = definition.factorial.map { design in
                    Dictionary(
                        zip(design.factors.map(\.name), design.levels(ofCell: index)).map { ($0, $1) },
                        uniquingKeysWith: { first, _ in first })
                }
                return (definition.groups[index], experiment.parameterValues(ofGroup: index).mapValues(\.json), levels)
            })
    }
}
