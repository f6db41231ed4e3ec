/// A bandit's periods on the HTML page: a line per group of its weight over the periods, with the
/// units first assigned in each period beneath, and a note that the figures are period-weighted.
///
/// Every point carries its exact weight in `data-weight` (and its group and period in `data-arm`
/// and `data-period`), so that a test can read the chart's numbers.
extension HTMLReport {
    /// Colours of the groups' lines, in group order (cycled past eight groups).
    static let lineColors = ["#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037", "#ad1457"]

    static func periodSection(_ readout: ExperimentReadout) -> String {
        guard readout.periodWeighted, let periods = readout.periods else { return "" }
        var html = "<div class=\"periods\" data-periods=\"\(periods.count)\">\n<h3>Allocation periods</h3>\n"
        html += "<p class=\"caption\">A bandit: every rate and comparison below weighs each of the \(periods.count) allocation "
            + "period\(periods.count == 1 ? "" : "s") by its units (normal intervals). Lines: each group's weight in each period; "
            + "beneath: the units first assigned in it.</p>\n"
        html += weightChart(periods, experiment: readout.experiment)
        if periods.contains(where: { $0.weights == nil }) {
            html += "<p class=\"caption\" data-note=\"weights-unknown\">Some periods' weights are not known: give the control "
                + "documents published so far with <code>--controls</code>.</p>\n"
        }
        return html + "</div>\n"
    }

    private static func weightChart(_ periods: [PeriodReadout], experiment: String) -> String {
        typealias F = NumberFormatting
        let groups = periods.first?.groups ?? []
        let known = periods.compactMap(\.weights).flatMap { $0 }
        // The axis ends at the next 10 percent above the largest weight, so small weights stay visible.
        let top = min(100, max(10, ((known.max() ?? 100) / 10).rounded(.up) * 10))
        let left = 56.0
        let plotWidth = 640.0
        let plotHeight = 220.0
        let legendWidth = 170.0
        let width = left + plotWidth + legendWidth
        let height = plotHeight + 64
        func x(_ index: Int) -> Double {
            periods.count == 1 ? left + plotWidth / 2 : left + 16 + (plotWidth - 32) * Double(index) / Double(periods.count - 1)
        }
        func y(_ weight: Double) -> Double { 8 + plotHeight * (1 - weight / top) }
        var svg = "<svg class=\"weights-chart\" data-experiment-chart=\"\(escape(experiment))\" width=\"\(Int(width))\" height=\"\(Int(height))\" "
            + "viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"weight of each group of \(escape(experiment)) per allocation period\">\n"
        svg += "<rect x=\"\(Int(left))\" y=\"8\" width=\"\(Int(plotWidth))\" height=\"\(Int(plotHeight))\" fill=\"#fafafa\" stroke=\"#e0e0e0\"/>\n"
        for tick in 0...4 {
            let weight = top * Double(tick) / 4
            svg += "<line x1=\"\(Int(left))\" x2=\"\(Int(left + plotWidth))\" y1=\"\(F.fixed(y(weight), 1))\" y2=\"\(F.fixed(y(weight), 1))\" stroke=\"#eeeeee\"/>"
            svg += "<text x=\"\(Int(left - 6))\" y=\"\(F.fixed(y(weight) + 4, 1))\" text-anchor=\"end\">\(F.fixed(weight, 0))%</text>\n"
        }
        for (index, period) in periods.enumerated() {
            svg += "<text x=\"\(F.fixed(x(index), 1))\" y=\"\(Int(plotHeight + 26))\" text-anchor=\"middle\">\(period.period)</text>"
            svg += "<text x=\"\(F.fixed(x(index), 1))\" y=\"\(Int(plotHeight + 42))\" text-anchor=\"middle\" fill=\"#777\">\(period.units.reduce(0, +))</text>\n"
        }
        svg += "<text x=\"\(Int(left - 6))\" y=\"\(Int(plotHeight + 26))\" text-anchor=\"end\">period</text>"
        svg += "<text x=\"\(Int(left - 6))\" y=\"\(Int(plotHeight + 42))\" text-anchor=\"end\" fill=\"#777\">units</text>\n"
        for (arm, group) in groups.enumerated() {
            let color = lineColors[arm % lineColors.count]
            // A line through consecutive known weights; a period without them breaks it.
            var segments: [[String]] = [[]]
            for (index, period) in periods.enumerated() {
                guard let weight = period.weights?[arm] else {
                    segments.append([])
                    continue
                }
                segments[segments.count - 1].append("\(F.fixed(x(index), 1)),\(F.fixed(y(weight), 1))")
            }
            for segment in segments where segment.count > 1 {
                svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2.5\" points=\"\(segment.joined(separator: " "))\"/>\n"
            }
            for (index, period) in periods.enumerated() {
                guard let weight = period.weights?[arm] else { continue }
                svg += "<circle class=\"weight\" data-arm=\"\(escape(group))\" data-period=\"\(period.period)\" data-weight=\"\(weight)\" "
                    + "cx=\"\(F.fixed(x(index), 1))\" cy=\"\(F.fixed(y(weight), 1))\" r=\"4\" fill=\"\(color)\"><title>\(escape(group)), period \(period.period): \(F.fixed(weight, 2))%</title></circle>"
            }
            let legendY = 20 + Double(arm) * 20
            svg += "\n<line x1=\"\(Int(left + plotWidth + 14))\" x2=\"\(Int(left + plotWidth + 34))\" y1=\"\(F.fixed(legendY, 1))\" y2=\"\(F.fixed(legendY, 1))\" stroke=\"\(color)\" stroke-width=\"3\"/>"
            svg += "<text x=\"\(Int(left + plotWidth + 40))\" y=\"\(F.fixed(legendY + 4, 1))\">\(escape(group))</text>\n"
        }
        return svg + "</svg>\n"
    }
}
