/// A bandit's periods in the text readout: that its figures are period-weighted, and each
/// period's units and weights.
extension TextReport {
    static func periodLines(_ readout: ExperimentReadout) -> [String] {
        typealias F = NumberFormatting
        guard readout.periodWeighted, let periods = readout.periods else { return [] }
        var lines = [
            "  period-weighted: each rate weighs the \(periods.count) allocation period\(periods.count == 1 ? "" : "s") by its units "
                + "(normal intervals; a period where a group has fewer than 2 units is left out of its figures and its comparison)"
        ]
        let groups = periods.first?.groups ?? []
        let width = max(14, (groups.map(\.count).max() ?? 0) + 2)
        lines.append("    period     units  " + groups.map { F.pad($0, width, leading: true) }.joined(separator: " ") + "  (units, weight)")
        for period in periods {
            var row = "    " + F.pad(String(period.period), 6, leading: true) + F.pad(String(period.units.reduce(0, +)), 10, leading: true) + "  "
            row += period.units.indices.map { index in
                let weight = period.weights.map { F.fixed($0[index], 2) + "%" } ?? "?"
                return F.pad("\(period.units[index]), \(weight)", width, leading: true)
            }.joined(separator: " ")
            lines.append(row)
        }
        if periods.contains(where: { $0.weights == nil }) {
            lines.append("    (? : the period's weights are not known: give the control documents published so far with --controls)")
        }
        return lines
    }
}
