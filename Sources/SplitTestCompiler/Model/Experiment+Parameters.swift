@_spi(Generated) @_spi(Tools) import SplitTesting

extension Experiment {
    /// The params of the group (or, for a multivariate experiment, the cell) at `groupIndex` in
    /// ``groupNames``, by name: a group's own values, or a cell's from each of its levels. What
    /// `splitc test` checks a case's `params` against, and what the decision service answers.
    public func parameterValues(ofGroup groupIndex: Int) -> [String: ParameterValue] {
        var values: [String: ParameterValue] = [:]
        if let design = definition.factorial {
            for (factorIndex, level) in design.levels(ofCell: groupIndex).enumerated() where factorIndex < factors.count {
                let factor = factors[factorIndex]
                guard let levelIndex = design.factors[factorIndex].levels.firstIndex(of: level),
                    levelIndex < factor.levels.count
                else { continue }
                for (declaration, value) in zip(factor.parameters, factor.levels[levelIndex].parameterValues) {
                    values[declaration.name] = value
                }
            }
        } else if groups.indices.contains(groupIndex) {
            for (declaration, value) in zip(parameters, groups[groupIndex].parameterValues) {
                values[declaration.name] = value
            }
        }
        return values
    }
}

extension ParameterValue {
    /// The value as a person reads it: `true`, `12`, `8.5`, `#007AFF`.
    public var text: String {
        switch self {
        case .bool(let flag): String(flag)
        case .int(let number): String(number)
        case .double(let number): String(number)
        case .string(let text): text
        }
    }
}
