/// Multivariate experiments: the same definition, whose groups are cells of factors.
///
/// Nothing in resolution changes for them: one group hash per unit into the bucket table over the
/// cells, and traffic, layers, targeting, holdouts, stickiness, overrides, `force`, status and
/// winner all name a cell where they would name a group. The design only says what the cells are
/// made of, for exposures and for the readout.
extension SplitTestDefinition {
    /// Creates the definition of a multivariate experiment whose groups, the cells, are `Group`
    /// (a generated struct with one level of each factor); generated code calls this with values
    /// the compiler has validated.
    ///
    /// - Parameters:
    ///   - identifier: the experiment's identifier.
    ///   - groups: the experiment's cells, in cell order (`Group.allCases`); each raw value is
    ///     the cell's levels joined by `+` in factor order.
    ///   - factors: the factors, in declaration order, each with its levels.
    ///   - unitType: whether devices or signed-in users are assigned.
    ///   - salt: the salt of the group and traffic hashes.
    ///   - bucketUpperBounds: the exclusive upper bucket of each cell, in `Group.allCases` order,
    ///     non-decreasing and ending at 10,000.
    ///   - control: the cell served to units that are not enrolled (the first level of every factor).
    ///   - trafficBuckets: units whose traffic bucket is below this number are enrolled.
    ///   - layer: the experiment's slice of a layer, if it shares its units with other experiments.
    ///   - status: running, stopped or resolved with the cell every unit is served.
    ///   - force: cells served to listed units before anything but an override.
    ///   - targeting: who may be enrolled; `nil` enrols everyone.
    ///   - holdout: the holdout that covers the experiment, if any.
    @_spi(Generated) public init<Group: SplitTestGroup>(
        identifier: String,
        groups: Group.Type,
        factors: [SplitTestFactorialDesign.Factor],
        unitType: UnitType,
        salt: String,
        bucketUpperBounds: [Int],
        control: Group,
        trafficBuckets: Int = 10_000,
        layer: SplitTestLayer? = nil,
        status: SplitTestStatus = .running,
        force: [String: Group] = [:],
        targeting: SplitTestTargeting? = nil,
        holdout: SplitTestHoldout? = nil
    ) {
        self.init(
            identifier: identifier, groups: groups, unitType: unitType, salt: salt,
            bucketUpperBounds: bucketUpperBounds, control: control, trafficBuckets: trafficBuckets, layer: layer,
            status: status, force: force, targeting: targeting, holdout: holdout)
        guard let design = SplitTestFactorialDesign(factors: factors, cells: self.groups) else {
            preconditionFailure("the cells of \(identifier) are distinct combinations of one level of each factor")
        }
        factorial = design
    }

    /// This definition with `design` as its factors; the compiler builds multivariate
    /// experiments this way.
    package func withFactorial(_ design: SplitTestFactorialDesign) -> SplitTestDefinition {
        precondition(
            design.cellLevels.count == groups.count
                && groups.indices.allSatisfy { design.cellName(levelIndices: design.cellLevels[$0]) == groups[$0] },
            "the design of \(identifier) names its groups, in order")
        var definition = self
        definition.factorial = design
        return definition
    }
}
