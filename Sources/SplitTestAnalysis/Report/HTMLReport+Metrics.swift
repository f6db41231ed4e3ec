@_spi(Tools) import SplitTesting

/// The HTML of an experiment's metrics: a verdict at the top for each guardrail that moved the
/// wrong way, and per metric a table of every group against the control with the relative
/// effect's interval drawn against 0; with `--by`, the same table per value of the dimension.
extension HTMLReport {
    /// CSS of the metrics' tables.
    static let metricStyle = """
        .metric td.bar{padding:0 6px}.metric td.verdict-harm{color:#b71c1c;font-weight:700}.metric td.verdict-better{color:#1b5e20}
        .metric td.verdict-worse{color:#b71c1c}.metric td.none{color:#777;text-align:left}.metric .role{color:#555;font-weight:400}
        details.slices>summary{cursor:default;color:#333;margin:6px 0}.metric tbody.slice tr:first-child>*{border-top:1px solid #bdbdbd}
        .metric th.slice-name{background:none;text-align:left}
        """

    /// A verdict per guardrail comparison that moved significantly the wrong way, then one per
    /// guardrail and group for the slices in which it did.
    static func harmVerdicts(_ readout: ExperimentReadout) -> String {
        let name = escape(readout.experiment)
        func verdict(_ metric: MetricReadout, _ text: String) -> String {
            "<div class=\"verdict bad\" data-verdict=\"harm\" data-experiment=\"\(name)\" data-metric=\"\(escape(metric.metric.name))\">"
                + "\(name): harm: \(text)</div>\n"
        }
        let whole = MetricDescription.harms(readout).map { metric, comparison in
            let relative = comparison.effect.relative.map { " (\(NumberFormatting.signedPercent($0.estimate, 1)))" } ?? ""
            return verdict(metric, "guardrail \(escape(metric.metric.name)) moved the wrong way in '\(escape(comparison.group))'\(relative), "
                + NumberFormatting.pClause(comparison.pAdjusted))
        }
        let sliced = MetricDescription.sliceHarms(readout).map { metric, group, slices in
            verdict(metric, "guardrail \(escape(metric.metric.name)) moved the wrong way in '\(escape(group))' where "
                + "\(escape(readout.metricDimension ?? "the dimension")) is \(escape(slices.joined(separator: ", ")))")
        }
        return (whole + sliced).joined()
    }

    /// The metrics' section of an experiment.
    static func metricsSection(_ readout: ExperimentReadout) -> String {
        guard let metrics = readout.metrics else { return "" }
        var html = "<p class=\"caption metrics-method\" data-method=\"\(readout.effects.method.name)\" data-correction=\"\(readout.correction.rawValue)\">"
            + "<b>Metrics</b>: \(escape(MetricDescription.caption(readout))). Bar: the relative effect's interval against 0, green where it is better by the metric's direction, red where worse.</p>\n"
        for metric in metrics {
            let name = escape(metric.metric.name)
            html += "<div class=\"metric\" data-metric=\"\(name)\">\n"
            html += "<h3>\(name) <span class=\"role\">(\(metric.role.rawValue))</span></h3>\n"
            html += "<p class=\"caption\">\(escape(MetricDescription.summary(metric)))</p>\n"
            // A metric with nothing to measure has no table: its zeros would read as results.
            if let note = metric.note {
                html += "<div class=\"verdict note\" data-note=\"\(name)\">\(escape(note))</div>\n</div>\n"
                continue
            }
            html += table(groups: metric.groups, comparisons: metric.comparisons, of: metric)
            if let slices = metric.slices {
                let dimension = escape(readout.metricDimension ?? "dimension")
                html += "<details class=\"slices\" open><summary>By \(dimension): the \(slices.count) slices</summary>\n"
                html += table(groups: [], comparisons: [], of: metric, slices: slices, dimension: dimension)
                html += "</details>\n"
            }
            html += "</div>\n"
        }
        return html
    }

    /// The table of a metric's groups, or with `slices` of every slice's groups, a slice's
    /// value in the first column of its first row.
    private static func table(
        groups: [MetricGroupReadout], comparisons: [MetricComparison], of metric: MetricReadout,
        slices: [MetricSliceReadout]? = nil, dimension: String = ""
    ) -> String {
        let blocks = slices.map { $0.map { (Optional($0.value), $0.groups, $0.comparisons) } } ?? [(nil, groups, comparisons)]
        let relatives = blocks.flatMap { $0.2 }.compactMap(\.effect.relative)
        let reach = relatives.flatMap { [abs($0.ciLow), abs($0.ciHigh)] }.filter(\.isFinite).max() ?? 0
        let scale = reach > 0 ? reach * 1.1 : 0.01
        let isQuantile = blocks.contains { $0.1.contains { $0.events != nil } }
        var html = "<div class=\"scroll\"><table class=\"metric-table\"><thead><tr>" + (slices == nil ? "" : "<th>\(dimension)</th>")
            + "<th>group</th><th>units</th>" + (isQuantile ? "<th>events</th>" : "")
            + "<th>value</th><th>difference</th><th>95% interval</th><th>relative</th>"
            + "<th>relative interval</th><th></th><th>p</th><th>p adjusted</th><th>verdict</th></tr></thead><tbody>\n"
        for (slice, groups, comparisons) in blocks {
            if let slice { html += "</tbody><tbody class=\"slice\" data-slice=\"\(escape(slice))\">\n" }
            for (index, group) in groups.enumerated() {
                html += "<tr data-group=\"\(escape(group.group))\">"
                if let slice { html += index == 0 ? "<th class=\"slice-name\">\(escape(slice))</th>" : "<td></td>" }
                html += row(group, comparison: comparisons.first { $0.group == group.group }, of: metric, scale: scale)
            }
        }
        return html + "</tbody></table></div>\n"
    }

    /// One group's cells: its units and value, and against the control its effect.
    private static func row(_ group: MetricGroupReadout, comparison: MetricComparison?, of metric: MetricReadout, scale: Double) -> String {
        typealias F = NumberFormatting
        func difference(_ value: Double) -> String { MetricDescription.difference(value, of: metric.metric) }
        var html = "<td>\(escape(group.group))</td><td>\(value(Double(group.units), "units", String(group.units)))</td>"
        if let events = group.events { html += "<td>\(value(Double(events), "events", String(events)))</td>" }
        html += "<td>\(value(group.value, "value", MetricDescription.value(group.value, of: metric.metric)))</td>"
        guard let comparison else { return html + "<td colspan=\"8\" class=\"reference\">control</td></tr>\n" }
        guard let absolute = comparison.effect.absolute else {
            return html + "<td colspan=\"8\" class=\"none\">no estimate (a control value of 0, or too few units or no variance)</td></tr>\n"
        }
        html += "<td>\(value(absolute.estimate, "estimate", difference(absolute.estimate)))</td>"
        html += "<td>\(value(absolute.ciLow, "ci_low", difference(absolute.ciLow))) … \(value(absolute.ciHigh, "ci_high", difference(absolute.ciHigh)))</td>"
        if let relative = comparison.effect.relative {
            html += "<td>\(value(relative.estimate, "relative", F.signedPercent(relative.estimate, 1)))</td>"
            html += "<td>\(value(relative.ciLow, "relative_ci_low", F.signedPercent(relative.ciLow, 1))) … "
                + "\(value(relative.ciHigh, "relative_ci_high", F.signedPercent(relative.ciHigh, 1)))</td>"
            html += "<td class=\"bar\">\(EffectReport.bar(relative, scale: scale, lowerIsBetter: metric.metric.direction == .decrease))</td>"
        } else {
            html += "<td class=\"none\" colspan=\"3\">no relative estimate</td>"
        }
        html += "<td>\(value(absolute.pValue, "p_value", F.pValue(absolute.pValue)))</td>"
        html += "<td>\(value(comparison.pAdjusted, "p_adjusted", F.pValue(comparison.pAdjusted)))</td>"
        let verdict = comparison.verdict?.rawValue ?? "–"
        return html + "<td class=\"verdict-\(verdict)\" data-verdict-value=\"\(verdict)\">\(verdict == "harm" ? "HARM" : verdict)</td></tr>\n"
    }
}
