@_spi(Generated) @_spi(Tools) import SplitTesting

/// What `--format text` adds for a multivariate experiment: what its cells are made of, and for a
/// full factorial, per goal, a main-effects chart of each factor (each level's marginal rate with
/// its 95% interval, on one scale per factor) with the effects against the first level, then
/// each pair of factors' test of no interaction.
extension TextReport {
    /// The width of a factor's chart, between its bars.
    static let chartWidth = 32

    /// One line saying what the cells are made of, or nothing for an experiment with plain groups.
    static func factorialLines(of readout: ExperimentReadout) -> [String] {
        guard let design = readout.factorial else { return [] }
        let factors = design.factors.map { "\($0.name) (\($0.levels.count))" }.joined(separator: " × ")
        let total = design.factors.reduce(1) { $0 * $1.levels.count }
        return [
            design.isFullFactorial
                ? "  cells of \(factors): a full factorial; main effects and interactions below each goal"
                : "  cells of \(factors): \(design.cellLevels.count) of \(total) (a fractional design); "
                    + "each cell against the control cell, no factor effects"
        ]
    }

    /// The main effects and interactions of one goal, or nothing.
    static func factorEffectLines(of goal: GoalReadout) -> [String] {
        typealias F = NumberFormatting
        guard let effects = goal.factorEffects else { return [] }
        var lines = ["    main effects (a level's rate is the mean of its cells' rates; each level against the first):"]
        for factor in effects.factors {
            let width = max(factor.factor.count, (factor.means.map(\.level.count).max() ?? 0) + 2)
            let reference = factor.means.first?.level ?? ""
            lines.append(
                "      " + F.pad(factor.factor, width) + "     rate  [95% interval]    " + F.pad("", chartWidth + 2)
                    + "  vs \(reference) [95% interval]".padding(to: 38) + "       p   value/unit  difference [95% interval]          p")
            let scale = Self.scale(factor.means.compactMap(\.rate))
            for (index, mean) in factor.means.enumerated() {
                var row = "        " + F.pad(mean.level, width - 2)
                row += F.pad(F.percent(mean.rate?.estimate), 9, leading: true)
                row += "  " + F.pad("[\(F.percent(mean.rate?.ciLow)), \(F.percent(mean.rate?.ciHigh))]", 18)
                row += "|" + Self.bar(mean.rate, scale: scale) + "|"
                let effect = index == 0 ? nil : factor.levels[index - 1]
                if let effect {
                    let conversion = effect.conversion
                    row += "  " + F.pad(
                        "\(F.signedPercent(conversion?.estimate)) [\(F.signedPercent(conversion?.ciLow)), \(F.signedPercent(conversion?.ciHigh))]", 36)
                    row += F.pad(F.pValue(conversion?.pValue), 8, leading: true)
                } else {
                    row += "  " + F.pad("(reference)", 36) + F.pad("", 8)
                }
                row += F.pad(F.fixed(mean.value?.estimate, 4), 13, leading: true)
                if let value = effect?.value {
                    row += "  " + F.pad("\(F.fixed(value.estimate, 4)) [\(F.fixed(value.ciLow, 4)), \(F.fixed(value.ciHigh, 4))]", 35)
                    row += F.pad(F.pValue(value.pValue), 8, leading: true)
                }
                lines.append(row)
            }
        }
        for interaction in effects.interactions {
            let conversion = interaction.conversion
            let value = interaction.value
            lines.append(
                "    interaction \(interaction.factors.joined(separator: " × ")): chi-square \(F.fixed(conversion?.chiSquare, 3)) "
                    + "(\(interaction.degreesOfFreedom) df), \(F.pClause(conversion?.pValue)); value: chi-square "
                    + "\(F.fixed(value?.chiSquare, 3)), \(F.pClause(value?.pValue))")
        }
        return lines
    }

    /// The range a factor's chart spans: its levels' intervals, with a margin.
    private static func scale(_ rates: [FactorialContrasts.Estimate]) -> ClosedRange<Double> {
        let ends = rates.flatMap { [$0.ciLow ?? $0.estimate, $0.ciHigh ?? $0.estimate] }
        guard var low = ends.min(), var high = ends.max() else { return 0...1 }
        if high - low < 1e-9 {
            low -= 0.005
            high += 0.005
        }
        let margin = (high - low) * 0.05
        return (low - margin)...(high + margin)
    }

    /// `[---o---]` at the interval and the rate of `rate` on `scale`, `chartWidth` characters wide.
    private static func bar(_ rate: FactorialContrasts.Estimate?, scale: ClosedRange<Double>) -> String {
        var characters = [Character](repeating: " ", count: chartWidth)
        guard let rate else { return String(characters) }
        func column(_ value: Double) -> Int {
            let position = (value - scale.lowerBound) / (scale.upperBound - scale.lowerBound) * Double(chartWidth - 1)
            return min(chartWidth - 1, max(0, Int(position.rounded())))
        }
        let low = column(rate.ciLow ?? rate.estimate)
        let high = column(rate.ciHigh ?? rate.estimate)
        for index in low...high { characters[index] = "-" }
        characters[low] = "["
        characters[high] = "]"
        characters[column(rate.estimate)] = "o"
        return String(characters)
    }
}

extension String {
    /// The string padded with spaces on the right to `width` characters.
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
