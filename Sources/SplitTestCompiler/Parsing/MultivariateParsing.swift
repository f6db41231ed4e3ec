@_spi(Generated) import SplitTesting

/// An experiment declares `groups:`, or `factors:` (with `cells:` and `weights:`) when it is
/// multivariate: its groups are then its cells, and the keys that name groups name cells.
extension ExperimentParser {
    /// The groups of an experiment without `factors:`; reports `cells` and `weights`, which
    /// only a multivariate experiment has.
    mutating func readPlainGroups(_ keys: FixedKeyEntries<ExperimentKey>, at root: YAMLNode) -> [GroupDraft]? {
        var valid = true
        for key in [ExperimentKey.cells, .weights] {
            guard let pair = keys[key] else { continue }
            log.error("'\(key.name)' is only for a multivariate experiment, one with 'factors'", at: pair.key)
            valid = false
        }
        let groups = required(.groups, in: keys, at: root).flatMap { readGroups($0) }
        return valid ? groups : nil
    }

    /// The cells of a multivariate experiment, as its groups in cell order; sets `factorial`, so
    /// that `control`, `winner` and `force` are read as cells.
    mutating func readMultivariate(_ keys: FixedKeyEntries<ExperimentKey>) -> [GroupDraft]? {
        guard let factors = keys[.factors] else { preconditionFailure("called for an experiment with 'factors'") }
        var valid = true
        if keys[.groups] != nil {
            log.error("an experiment has either 'groups' or 'factors', not both", at: factors.key)
            valid = false
        }
        if let defaults = keys[.defaults] {
            log.error(
                "a multivariate experiment has no top-level 'defaults'; give each factor its own, beside its levels",
                at: defaults.key)
            valid = false
        }
        let design = readFactorial(factors: factors.value, cells: keys[.cells]?.value, weights: keys[.weights]?.value)
        factorial = design.draft
        return valid && design.valid ? design.draft?.cells : nil
    }

    /// The index of the control group: `control:`, or the first group. A multivariate
    /// experiment's control is the cell of every factor's first level, first in cell order.
    mutating func readControl(_ keys: FixedKeyEntries<ExperimentKey>, groups: [GroupDraft]?) -> Int {
        let index = readGroupReference(keys[.control], groups: groups) ?? 0
        if let factorial, index != 0, let node = keys[.control]?.value {
            log.error(
                "the control of a multivariate experiment is '\(factorial.cells[0].name)', the cell of every "
                    + "factor's first level; remove 'control', or list the control's levels first", at: node)
        }
        return index
    }
}

extension FactorialDraft {
    /// The design the definition carries.
    var design: SplitTestFactorialDesign {
        SplitTestFactorialDesign(
            factors: factors.map { SplitTestFactorialDesign.Factor(name: $0.name, levels: $0.levels.map(\.name)) },
            cellLevels: cellLevels)
    }

    /// What the experiment says of each factor beyond its assignment, for code generation.
    func experimentFactors(in file: DefinitionFileContext) -> [ExperimentFactor] {
        factors.map { factor in
            ExperimentFactor(
                levels: zip(factor.levels, factor.values).map { level, values in
                    ExperimentLevel(
                        description: level.description, parameterValues: values, location: file.location(of: level.nameNode))
                },
                parameters: factor.parameters, location: file.location(of: factor.nameNode))
        }
    }
}
