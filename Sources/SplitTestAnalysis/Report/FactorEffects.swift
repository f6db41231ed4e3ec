@_spi(Generated) import SplitTesting

/// What the readout says of a full factorial on one goal, beside its cells: each factor's main
/// effects and each pair of factors' test of no interaction.
public struct FactorEffectsReadout: Sendable, Hashable {
    /// One entry per factor, in declaration order.
    public var factors: [FactorReadout]
    /// One entry per pair of factors, in declaration order (the first with each later one, …).
    public var interactions: [InteractionReadout]
}

/// The main effects of one factor.
public struct FactorReadout: Sendable, Hashable {
    /// The factor's name.
    public var factor: String
    /// Each level's marginal means, the first level (the reference) included, for charts.
    public var means: [LevelMeans]
    /// Each level but the first against the first.
    public var levels: [LevelEffect]
}

/// A level's marginal means: the unweighted average of its cells' conversion rates and values
/// per unit, with their 95% intervals.
public struct LevelMeans: Sendable, Hashable {
    /// The level's name.
    public var level: String
    /// The marginal conversion rate; `nil` when a cell has fewer than 2 units.
    public var rate: FactorialContrasts.Estimate?
    /// The marginal value per unit; `nil` when a cell has fewer than 2 units.
    public var value: FactorialContrasts.Estimate?
}

/// A level's main effect against the factor's first level, on conversion and on value per unit:
/// the difference of the two marginal means, with its 95% interval and two-sided p-value.
public struct LevelEffect: Sendable, Hashable {
    /// The level's name.
    public var level: String
    /// The conversion rate's main effect.
    public var conversion: FactorialContrasts.Estimate?
    /// The value per unit's main effect.
    public var value: FactorialContrasts.Estimate?
}

/// The test that two factors do not interact: the Wald chi-square of their interaction
/// contrasts, on conversion and on value per unit.
public struct InteractionReadout: Sendable, Hashable {
    /// The two factors' names, in declaration order.
    public var factors: [String]
    /// `(a − 1)(b − 1)` for factors of `a` and `b` levels.
    public var degreesOfFreedom: Int
    /// The test on conversion; `nil` where it cannot be computed.
    public var conversion: FactorialContrasts.WaldTest?
    /// The test on value per unit; `nil` where it cannot be computed.
    public var value: FactorialContrasts.WaldTest?
}

extension FactorEffectsReadout {
    /// The factor effects of a full factorial `design` on `goal`, whose figures are per cell in
    /// the definition's group order; `nil` for a fractional design, whose main effects are
    /// confounded with interactions.
    @_spi(Tools) public static func compute(design: SplitTestFactorialDesign, units: [Int], goal: GoalTotals) -> FactorEffectsReadout? {
        guard design.isFullFactorial, design.cellLevels.count == units.count else { return nil }
        let conversions = units.indices.map {
            SampleMeanStatistic(units: units[$0], sum: Double(goal.converted[$0]), sumOfSquares: Double(goal.converted[$0]))
        }
        let values = units.indices.map {
            SampleMeanStatistic(units: units[$0], sum: goal.valueSum[$0], sumOfSquares: goal.valueSumOfSquares[$0])
        }
        let cells = design.cellLevels
        let factors = design.factors.indices.map { factor in
            let levels = design.factors[factor].levels
            return FactorReadout(
                factor: design.factors[factor].name,
                means: levels.indices.map { level in
                    let mean = FactorialContrasts.marginalMean(factor: factor, level: level, cellLevels: cells)
                    return LevelMeans(
                        level: levels[level], rate: FactorialContrasts.estimate(mean, cells: conversions),
                        value: FactorialContrasts.estimate(mean, cells: values))
                },
                levels: levels.indices.dropFirst().map { level in
                    let effect = FactorialContrasts.mainEffect(factor: factor, level: level, cellLevels: cells)
                    return LevelEffect(
                        level: levels[level], conversion: FactorialContrasts.estimate(effect, cells: conversions),
                        value: FactorialContrasts.estimate(effect, cells: values))
                })
        }
        let levelCounts = design.factors.map(\.levels.count)
        var interactions: [InteractionReadout] = []
        for first in design.factors.indices {
            for second in design.factors.indices where second > first {
                let rows = FactorialContrasts.interaction(
                    first: first, second: second, levelCounts: levelCounts, cellLevels: cells)
                interactions.append(InteractionReadout(
                    factors: [design.factors[first].name, design.factors[second].name], degreesOfFreedom: rows.count,
                    conversion: FactorialContrasts.wald(rows, cells: conversions),
                    value: FactorialContrasts.wald(rows, cells: values)))
            }
        }
        return FactorEffectsReadout(factors: factors, interactions: interactions)
    }
}
