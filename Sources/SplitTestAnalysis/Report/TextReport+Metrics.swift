@_spi(Tools) import SplitTesting

/// The text of an experiment's metrics: a harmed guardrail first (with the sample-ratio
/// verdict), then per metric its table against the control, and with `--by` the same per value.
extension TextReport {
    /// The lines that flag each guardrail that moved significantly the wrong way, over all units
    /// and then in slices.
    static func harmLines(of readout: ExperimentReadout) -> [String] {
        let whole = MetricDescription.harms(readout).map { metric, comparison in
            let relative = comparison.effect.relative.map { " (\(NumberFormatting.signedPercent($0.estimate, 1)))" } ?? ""
            return "  !! HARM: guardrail \(metric.metric.name) moved the wrong way in '\(comparison.group)'\(relative), "
                + "\(NumberFormatting.pClause(comparison.pAdjusted))"
        }
        let sliced = MetricDescription.sliceHarms(readout).map { metric, group, slices in
            "  !! HARM: guardrail \(metric.metric.name) moved the wrong way in '\(group)' where "
                + "\(readout.metricDimension ?? "the dimension") is \(slices.joined(separator: ", "))"
        }
        return whole + sliced
    }

    /// The metrics' section of an experiment.
    static func metricLines(of readout: ExperimentReadout) -> [String] {
        guard let metrics = readout.metrics else { return [] }
        var lines = ["  metrics (\(MetricDescription.caption(readout))):"]
        for metric in metrics {
            lines.append("  \(metric.role.rawValue) \(metric.metric.name): \(MetricDescription.summary(metric))")
            // A metric with nothing to measure has no table: its zeros would read as results.
            if let note = metric.note {
                lines.append("    \(note)")
                continue
            }
            lines += table(groups: metric.groups, comparisons: metric.comparisons, of: metric, indent: "    ")
            for slice in metric.slices ?? [] {
                let units = slice.groups.reduce(0) { $0 + $1.units }
                lines.append("    \(readout.metricDimension ?? "dimension") = \(slice.value) (\(NumberFormatting.count(Double(units))) units):")
                lines += table(groups: slice.groups, comparisons: slice.comparisons, of: metric, indent: "      ")
            }
        }
        return lines
    }

    private static func table(
        groups: [MetricGroupReadout], comparisons: [MetricComparison], of metric: MetricReadout, indent: String
    ) -> [String] {
        typealias F = NumberFormatting
        let width = max(5, groups.map(\.group.count).max() ?? 0)
        let isQuantile = groups.contains { $0.events != nil }
        var lines = [
            indent + F.pad("group", width) + F.pad(isQuantile ? "events" : "units", 10, leading: true) + F.pad("value", 12, leading: true)
                + "  " + F.pad("difference [95% interval]", 36) + F.pad("relative [95% interval]", 28)
                + F.pad("p", 8, leading: true) + F.pad("p adj.", 9, leading: true) + "  verdict",
        ]
        for group in groups {
            var row = indent + F.pad(group.group, width)
            row += F.pad(String(group.events ?? group.units), 10, leading: true)
            row += F.pad(MetricDescription.value(group.value, of: metric.metric), 12, leading: true) + "  "
            guard let comparison = comparisons.first(where: { $0.group == group.group }) else {
                lines.append(row + "(control)")
                continue
            }
            guard let absolute = comparison.effect.absolute else {
                lines.append(row + "no estimate (a control value of 0, or a group with too few units or no variance)")
                continue
            }
            func difference(_ value: Double) -> String { MetricDescription.difference(value, of: metric.metric) }
            row += F.pad("\(difference(absolute.estimate)) [\(difference(absolute.ciLow)), \(difference(absolute.ciHigh))]", 36)
            let relative = comparison.effect.relative.map {
                "\(F.signedPercent($0.estimate, 1)) [\(F.signedPercent($0.ciLow, 1)), \(F.signedPercent($0.ciHigh, 1))]"
            } ?? "–"
            row += F.pad(relative, 28) + F.pad(F.pValue(absolute.pValue), 8, leading: true)
            row += F.pad(F.pValue(comparison.pAdjusted), 9, leading: true)
            row += "  " + (comparison.verdict.map { $0 == .harm ? "HARM" : $0.rawValue } ?? "–")
            lines.append(row)
        }
        return lines
    }
}
