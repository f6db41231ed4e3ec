@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestStatistics

/// What `--format html` adds for a multivariate experiment: what its cells are made of, and for a
/// full factorial, under each goal, a main-effects chart per factor (each level's marginal rate as
/// a dot with its 95% interval as a bar, against a dashed line at the factor's first level), a
/// table of the effects on conversion and value, and the interactions' tests.
///
/// Figures carry `data-field` and `data-value` as elsewhere; a chart's dots are `circle.level-rate`
/// with `data-factor` and `data-level`.
extension HTMLReport {
    /// One line under the experiment's title, or nothing for an experiment with plain groups.
    static func factorialNote(_ readout: ExperimentReadout) -> String {
        guard let design = readout.factorial else { return "" }
        let factors = design.factors.map { "<b>\(escape($0.name))</b> (\($0.levels.count))" }.joined(separator: " × ")
        let total = design.factors.reduce(1) { $0 * $1.levels.count }
        let shape = design.isFullFactorial
            ? "a full factorial: main effects and interactions under each goal"
            : "\(design.cellLevels.count) of \(total) cells (a fractional design): each cell against the control cell, no factor effects"
        return "<p class=\"meta\" data-factorial=\"\(design.isFullFactorial ? "full" : "fractional")\">Cells of \(factors); \(shape).</p>\n"
    }

    /// The main-effects charts, their table and the interactions of one goal, or nothing.
    static func factorEffects(_ goal: GoalReadout) -> String {
        guard let effects = goal.factorEffects else { return "" }
        var html = "<div class=\"factors\" data-goal=\"\(escape(goal.goal))\">\n<h4>Main effects</h4>\n"
        html += "<p class=\"caption\">Dot: a level's conversion rate, the unweighted mean of its cells' rates; bar: its 95% interval; "
            + "dashed line: the factor's first level. Green or red: different from the first level at p &lt; 0.05.</p>\n"
        for factor in effects.factors {
            html += "<div class=\"factor\" data-factor=\"\(escape(factor.factor))\">\n<h5>\(escape(factor.factor))</h5>\n"
            html += factorChart(factor, goal: goal.goal)
            html += "</div>\n"
        }
        html += effectsTable(effects)
        html += interactionsTable(effects)
        return html + "</div>\n"
    }

    private static func factorChart(_ factor: FactorReadout, goal: String) -> String {
        typealias F = NumberFormatting
        let ends = factor.means.compactMap(\.rate).flatMap { [$0.ciLow ?? $0.estimate, $0.ciHigh ?? $0.estimate] }
        var low = ends.min() ?? 0
        var high = ends.max() ?? 1
        if high - low < 1e-9 {
            low -= 0.01
            high += 0.01
        }
        let margin = (high - low) * 0.08
        low = max(0, low - margin)
        high = min(1, high + margin)
        if high <= low { high = low + 0.01 }
        let labelWidth = 150.0, plotWidth = 560.0, rowHeight = 30.0
        let width = labelWidth + plotWidth + 170
        let height = Double(factor.means.count) * rowHeight + 40
        func x(_ rate: Double) -> String { F.fixed(labelWidth + (rate - low) / (high - low) * plotWidth, 1) }
        var svg = "<svg class=\"chart main-effects\" data-goal=\"\(escape(goal))\" data-factor=\"\(escape(factor.factor))\" "
            + "width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-label=\"conversion rate of \(escape(goal)) per level of \(escape(factor.factor)) with 95% intervals\">\n"
        svg += "<rect x=\"\(Int(labelWidth))\" y=\"4\" width=\"\(Int(plotWidth))\" height=\"\(Int(height - 34))\" fill=\"#fafafa\" stroke=\"#e0e0e0\"/>\n"
        for tick in 0...4 {
            let rate = low + (high - low) * Double(tick) / 4
            svg += "<line x1=\"\(x(rate))\" x2=\"\(x(rate))\" y1=\"4\" y2=\"\(Int(height - 30))\" stroke=\"#eeeeee\"/>"
            svg += "<text x=\"\(x(rate))\" y=\"\(Int(height - 14))\" text-anchor=\"middle\">\(F.percent(rate, high - low < 0.02 ? 2 : 1))</text>\n"
        }
        if let reference = factor.means.first?.rate {
            svg += "<line class=\"reference-line\" x1=\"\(x(reference.estimate))\" x2=\"\(x(reference.estimate))\" y1=\"4\" "
                + "y2=\"\(Int(height - 30))\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n"
        }
        for (index, mean) in factor.means.enumerated() {
            let y = 4 + rowHeight * (Double(index) + 0.5)
            let label = index == 0 ? "\(mean.level) (first)" : mean.level
            svg += "<text x=\"\(Int(labelWidth - 8))\" y=\"\(F.fixed(y + 4, 1))\" text-anchor=\"end\"\(index == 0 ? " font-weight=\"600\"" : "")>\(escape(label))</text>\n"
            guard let rate = mean.rate else {
                svg += "<text x=\"\(Int(labelWidth + 8))\" y=\"\(F.fixed(y + 4, 1))\">too few units</text>\n"
                continue
            }
            var color = index == 0 ? "#555555" : "#1565c0"
            if index > 0, let effect = factor.levels[index - 1].conversion, let p = effect.pValue, p < 0.05 {
                color = effect.estimate > 0 ? "#2e7d32" : "#c62828"
            }
            let lower = rate.ciLow ?? rate.estimate
            let upper = rate.ciHigh ?? rate.estimate
            svg += "<line x1=\"\(x(lower))\" x2=\"\(x(upper))\" y1=\"\(F.fixed(y, 1))\" y2=\"\(F.fixed(y, 1))\" stroke=\"\(color)\" stroke-width=\"3\"/>"
            svg += "<circle class=\"level-rate\" data-factor=\"\(escape(factor.factor))\" data-level=\"\(escape(mean.level))\" "
                + "data-value=\"\(rate.estimate)\" cx=\"\(x(rate.estimate))\" cy=\"\(F.fixed(y, 1))\" r=\"5\" fill=\"\(color)\"/>"
            svg += "<text x=\"\(Int(labelWidth + plotWidth + 10))\" y=\"\(F.fixed(y + 4, 1))\">\(F.percent(rate.estimate)) [\(F.percent(lower)), \(F.percent(upper))]</text>\n"
        }
        return svg + "</svg>\n"
    }

    private static func effectsTable(_ effects: FactorEffectsReadout) -> String {
        typealias F = NumberFormatting
        var html = "<div class=\"scroll\"><table class=\"main-effects\"><thead><tr><th>factor</th><th>level</th><th>rate</th>"
            + "<th>vs first (pp)</th><th>95% interval (pp)</th><th>p</th><th>value / unit</th><th>value difference</th>"
            + "<th>95% interval</th><th>p</th></tr></thead><tbody>\n"
        for factor in effects.factors {
            for (index, mean) in factor.means.enumerated() {
                html += "<tr data-factor=\"\(escape(factor.factor))\" data-level=\"\(escape(mean.level))\">"
                html += "<td>\(index == 0 ? escape(factor.factor) : "")</td><td>\(escape(mean.level))</td>"
                html += "<td>\(value(mean.rate?.estimate, "marginal_rate", F.percent(mean.rate?.estimate)))</td>"
                guard index > 0 else {
                    html += "<td colspan=\"3\" class=\"reference\">first level</td>"
                    html += "<td>\(value(mean.value?.estimate, "marginal_value", F.fixed(mean.value?.estimate, 4)))</td><td colspan=\"3\"></td></tr>\n"
                    continue
                }
                let effect = factor.levels[index - 1]
                let conversion = effect.conversion
                html += "<td>\(value(conversion?.estimate, "difference", F.signedPoints(conversion?.estimate, unit: false)))</td>"
                html += "<td>\(value(conversion?.ciLow, "ci_low", F.signedPoints(conversion?.ciLow, unit: false))) … "
                    + "\(value(conversion?.ciHigh, "ci_high", F.signedPoints(conversion?.ciHigh, unit: false)))</td>"
                html += "<td>\(value(conversion?.pValue, "p_value", F.pValue(conversion?.pValue)))</td>"
                html += "<td>\(value(mean.value?.estimate, "marginal_value", F.fixed(mean.value?.estimate, 4)))</td>"
                let amount = effect.value
                html += "<td>\(value(amount?.estimate, "value_difference", F.fixed(amount?.estimate, 4)))</td>"
                html += "<td>\(value(amount?.ciLow, "value_ci_low", F.fixed(amount?.ciLow, 4))) … "
                    + "\(value(amount?.ciHigh, "value_ci_high", F.fixed(amount?.ciHigh, 4)))</td>"
                html += "<td>\(value(amount?.pValue, "value_p_value", F.pValue(amount?.pValue)))</td></tr>\n"
            }
        }
        return html + "</tbody></table></div>\n"
    }

    private static func interactionsTable(_ effects: FactorEffectsReadout) -> String {
        typealias F = NumberFormatting
        guard !effects.interactions.isEmpty else { return "" }
        var html = "<h4>Interactions</h4>\n<p class=\"caption\">Wald chi-square that the pair's effects simply add up (no interaction); "
            + "a small p says a factor's effect depends on the other's level.</p>\n"
        html += "<div class=\"scroll\"><table class=\"interactions\"><thead><tr><th>factors</th><th>df</th><th>chi-square</th><th>p</th>"
            + "<th>value chi-square</th><th>value p</th></tr></thead><tbody>\n"
        for interaction in effects.interactions {
            html += "<tr data-factors=\"\(escape(interaction.factors.joined(separator: ",")))\"><td>\(interaction.factors.map(escape).joined(separator: " × "))</td>"
            html += "<td>\(value(Double(interaction.degreesOfFreedom), "df", String(interaction.degreesOfFreedom)))</td>"
            html += "<td>\(value(interaction.conversion?.chiSquare, "chi_square", F.fixed(interaction.conversion?.chiSquare, 3)))</td>"
            html += "<td>\(value(interaction.conversion?.pValue, "p_value", F.pValue(interaction.conversion?.pValue)))</td>"
            html += "<td>\(value(interaction.value?.chiSquare, "value_chi_square", F.fixed(interaction.value?.chiSquare, 3)))</td>"
            html += "<td>\(value(interaction.value?.pValue, "value_p_value", F.pValue(interaction.value?.pValue)))</td></tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }
}
