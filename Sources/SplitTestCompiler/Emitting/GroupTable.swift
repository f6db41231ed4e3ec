@_spi(Generated) @_spi(Tools) import SplitTesting

/// An experiment's groups as the Kotlin and TypeScript emitters write them: one row per group, or
/// per cell of a multivariate experiment, each with a value for every parameter. A cell carries
/// the parameters of each of its levels (a parameter belongs to one factor only), in factor order.
struct GroupTable {
    /// The parameters of every row: the experiment's, or every factor's in factor order.
    let parameters: [ParameterDeclaration]
    /// `values[group][parameter]`, rows in the order of the definition's groups.
    let values: [[ParameterValue]]

    init(_ experiment: Experiment) {
        guard let design = experiment.definition.factorial else {
            parameters = experiment.parameters
            values = experiment.groups.map(\.parameterValues)
            return
        }
        let factors = experiment.factors
        parameters = factors.flatMap(\.parameters)
        values = design.cellLevels.map { levels in
            var row: [ParameterValue] = []
            for (factor, level) in levels.enumerated() where factor < factors.count {
                row += factors[factor].levels[level].parameterValues
            }
            return row
        }
    }

    /// The values of the parameter at `index`, one per row.
    func column(_ index: Int) -> [ParameterValue] {
        values.map { $0[index] }
    }
}
