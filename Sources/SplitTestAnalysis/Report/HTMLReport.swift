import SplitTestFormats
import SplitTestStatistics

/// `--format html`: one self-contained page (inline CSS and SVG, no scripts, no network). The
/// sample-ratio and A/A verdicts come first; each goal has a chart of every group's conversion
/// rate with its 95% interval, against a line at the control's rate, and a table of the figures.
///
/// Every figure also sits, unrounded, in a `data-value` attribute beside its `data-field` name,
/// so that a test (or a script) can read the page's numbers exactly.
public enum HTMLReport {
    /// The page for `readouts`.
    public static func render(_ readouts: [ExperimentReadout]) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Split test readout</title>
            <style>\(style)\(EffectReport.style)\(metricStyle)</style>
            </head>
            <body>
            <h1>Split test readout</h1>
            <section class="verdicts">

            """
        for readout in readouts { html += verdicts(readout) }
        html += "</section>\n"
        for readout in readouts { html += experiment(readout) }
        html += "</body>\n</html>\n"
        return html
    }

    private static let style = """
        body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px auto;max-width:1100px;color:#1d1d1f;padding:0 16px}
        h1{font-size:22px;margin:0 0 12px}h2{font-size:18px;margin:28px 0 6px}h3{font-size:15px;margin:16px 0 4px}
        h4{font-size:14px;margin:14px 0 4px}h5{font-size:13px;margin:10px 0 2px;color:#333}
        table.main-effects td:nth-child(2),table.main-effects th:nth-child(2){text-align:left}td.reference{text-align:center;color:#555}
        .verdict{padding:6px 10px;border-radius:6px;margin:4px 0}.ok{background:#e8f5e9;color:#1b5e20}
        .bad{background:#ffebee;color:#b71c1c;font-weight:600}.note{background:#f1f3f4;color:#444}
        table{border-collapse:collapse;margin:6px 0 4px;font-variant-numeric:tabular-nums}
        th,td{padding:3px 7px;font-size:13px;text-align:right;border-bottom:1px solid #e0e0e0}th{background:#fafafa;font-weight:600}
        td{white-space:nowrap}td:first-child,th:first-child{text-align:left}.meta{color:#555}td.none{color:#777;text-align:left}
        .caption{color:#555;font-size:12px;margin:0 0 4px}.scroll{overflow-x:auto}
        svg{display:block;margin:4px 0}svg text{font:12px -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;fill:#333}
        """

    private static func verdicts(_ readout: ExperimentReadout) -> String {
        typealias F = NumberFormatting
        let name = escape(readout.experiment)
        var html = ""
        if readout.controlChoice.isAssumed {
            html += "<div class=\"verdict note\" data-verdict=\"control\" data-experiment=\"\(name)\">\(name): control "
                + "<b>\(escape(readout.control))</b> (\(escape(readout.controlChoice.reason)))</div>\n"
        }
        let srm = readout.srm
        if let reason = srm.notComputed {
            html += "<div class=\"verdict note\" data-verdict=\"srm\" data-experiment=\"\(name)\">\(name): sample ratio not computed: \(escape(reason))</div>\n"
        } else if srm.flagged {
            html += "<div class=\"verdict bad\" data-verdict=\"srm\" data-experiment=\"\(name)\">\(name): sample ratio mismatch (\(value(srm.pValue, "srm.p_value", F.pClause(srm.pValue)))): do not trust these results</div>\n"
        } else if readout.kind == .holdout && !srm.weightsKnown {
            html += "<div class=\"verdict note\" data-verdict=\"srm\" data-experiment=\"\(name)\">\(name): holdout, sample ratio not checked</div>\n"
        } else {
            html += "<div class=\"verdict ok\" data-verdict=\"srm\" data-experiment=\"\(name)\">\(name): sample ratio ok (\(value(srm.pValue, "srm.p_value", F.pClause(srm.pValue))))</div>\n"
        }
        if let check = readout.aaCheck {
            let worst = (check.pValues + check.valuePValues).compactMap(\.pValue).min()
            html += check.flagged
                ? "<div class=\"verdict bad\" data-verdict=\"aa\" data-experiment=\"\(name)\">\(name): A/A check failed (smallest \(F.pClause(worst))): control_check differs from control</div>\n"
                : "<div class=\"verdict ok\" data-verdict=\"aa\" data-experiment=\"\(name)\">\(name): A/A check ok (smallest \(F.pClause(worst)))</div>\n"
        }
        return html + harmVerdicts(readout)
    }

    private static func experiment(_ readout: ExperimentReadout) -> String {
        let name = escape(readout.experiment)
        var html = "<section class=\"experiment\" data-experiment=\"\(name)\">\n"
        html += "<h2>\(readout.kind == .holdout ? "Holdout " : "")\(name)</h2>\n"
        html += "<p class=\"meta\">\(value(Double(readout.units), "units", String(readout.units))) units, "
            + "\(value(Double(readout.conflicts), "conflicts", String(readout.conflicts))) conflicts, control <b>\(escape(readout.control))</b>"
            + (readout.srm.notComputed.map { "; sample ratio not computed: \(escape($0))" } ?? "") + "</p>\n"
        html += factorialNote(readout)
        html += periodSection(readout)
        html += metricsSection(readout)
        for goal in readout.goals {
            html += "<div class=\"goal\" data-goal=\"\(escape(goal.goal))\">\n<h3>Goal: \(escape(goal.goal))</h3>\n"
            html += "<p class=\"caption\">Dot: conversion rate; bar: its 95% interval; dashed line: the control's rate. "
                + "Green or red: different from the control at p &lt; 0.05.</p>\n"
            let replaced = readout.effects.replacesPlainComparison(periodWeighted: readout.periodWeighted)
            html += chart(goal, control: readout.control, adjusted: replaced)
            html += table(goal, control: goal.groups.first { $0.group == readout.control }, plainComparison: !replaced)
            html += EffectReport.htmlTable(goal, of: readout)
            html += factorEffects(goal)
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    /// The goal's figures per group: conversion, then value per unit, in two tables so that the
    /// page fits a laptop's width; with the plain comparison against the control unless the
    /// effects below replace it (CUPED, the sequential test).
    private static func table(_ goal: GoalReadout, control: GroupReadout?, plainComparison: Bool) -> String {
        typealias F = NumberFormatting
        var html = "<div class=\"scroll\"><table class=\"conversion\"><thead><tr><th>group</th><th>units</th><th>converted</th><th>rate</th>"
            + (plainComparison
                ? "<th>difference (pp)</th><th>relative</th><th>95% interval (pp)</th><th>p</th><th>P(beat control)</th>" : "")
            + "</tr></thead><tbody>\n"
        for group in goal.groups {
            html += "<tr data-group=\"\(escape(group.group))\"><td>\(escape(group.group))</td>"
            html += "<td>\(value(Double(group.units), "units", String(group.units)))</td>"
            html += "<td>\(value(Double(group.converted), "converted", String(group.converted)))</td>"
            html += "<td>\(value(group.conversionRate, "conversion_rate", F.percent(group.conversionRate)))</td>"
            if plainComparison, let reason = NoEstimate.plainReason(group, control: control, measure: .conversion) {
                html += "<td colspan=\"5\" class=\"none\">\(escape(NoEstimate.text(reason)))</td>"
            } else if plainComparison, let comparison = group.vsControl {
                html += "<td>\(value(comparison.difference, "difference", F.signedPoints(comparison.difference, unit: false)))</td>"
                html += "<td>\(value(comparison.relativeDifference, "relative_difference", F.signedPercent(comparison.relativeDifference, 1)))</td>"
                html += "<td>\(value(comparison.ciLow, "ci_low", F.signedPoints(comparison.ciLow, unit: false))) … \(value(comparison.ciHigh, "ci_high", F.signedPoints(comparison.ciHigh, unit: false)))</td>"
                html += "<td>\(value(comparison.pValue, "p_value", F.pValue(comparison.pValue)))</td>"
                html += "<td>\(value(comparison.probabilityToBeatControl, "probability_to_beat_control", F.percent(comparison.probabilityToBeatControl, 1)))</td>"
            } else if plainComparison {
                html += "<td colspan=\"5\" class=\"reference\">control</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody></table></div>\n"
        html += "<div class=\"scroll\"><table class=\"value\"><thead><tr><th>group</th><th>value / unit</th>"
            + (plainComparison ? "<th>value difference</th><th>95% interval</th><th>p</th>" : "")
            + "</tr></thead><tbody>\n"
        for group in goal.groups {
            html += "<tr data-group=\"\(escape(group.group))\"><td>\(escape(group.group))</td>"
            html += "<td>\(value(group.valueMean, "value_mean", F.fixed(group.valueMean, 4)))</td>"
            if plainComparison, let reason = NoEstimate.plainReason(group, control: control, measure: .value) {
                html += "<td colspan=\"3\" class=\"none\">\(escape(NoEstimate.text(reason)))</td>"
            } else if plainComparison, let comparison = group.vsControl {
                html += "<td>\(value(comparison.valueDifference, "value_difference", F.fixed(comparison.valueDifference, 4)))</td>"
                html += "<td>\(value(comparison.valueCILow, "value_ci_low", F.fixed(comparison.valueCILow, 4))) … \(value(comparison.valueCIHigh, "value_ci_high", F.fixed(comparison.valueCIHigh, 4)))</td>"
                html += "<td>\(value(comparison.valuePValue, "value_p_value", F.pValue(comparison.valuePValue)))</td>"
            } else if plainComparison {
                html += "<td colspan=\"3\" class=\"reference\">control</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    /// Each group's rate as a dot with its 95% interval as a bar, and a dashed line at the
    /// control's rate: a group whose bar clears the line differs from the control.
    /// With `adjusted`, a group's colour follows its effect's p-value (CUPED, sequential), the
    /// one the page reports.
    private static func chart(_ goal: GoalReadout, control: String, adjusted: Bool) -> String {
        typealias F = NumberFormatting
        let rows = goal.groups.map { group -> (String, Double?, Double?, Double?) in
            guard let rate = group.conversionRate, group.units > 0 else { return (group.group, nil, nil, nil) }
            let variance = group.conversionRateVariance ?? rate * (1 - rate) / Double(group.units)
            let half = NormalDistribution.quantile975 * variance.squareRoot()
            return (group.group, rate, max(0, rate - half), min(1, rate + half))
        }
        let verdicts = Dictionary(goal.groups.map { group -> (String, String) in
            let p = adjusted ? group.vsControl?.effect?.absolute?.pValue : group.vsControl?.pValue
            let difference = adjusted ? group.vsControl?.effect?.absolute?.estimate : group.vsControl?.difference
            guard let p, p < 0.05, let difference
            else { return (group.group, group.group == control ? "#555555" : "#1565c0") }
            return (group.group, difference > 0 ? "#2e7d32" : "#c62828")
        }, uniquingKeysWith: { first, _ in first })
        let ends = rows.flatMap { [$0.2, $0.3] }.compactMap { $0 }
        var low = ends.min() ?? 0
        var high = ends.max() ?? 1
        if high - low < 1e-9 {
            low = max(0, low - 0.01)
            high = min(1, high + 0.01)
        }
        let margin = (high - low) * 0.08
        low = max(0, low - margin)
        high = min(1, high + margin)
        if high <= low { high = low + 0.01 }
        // Wide enough for the longest label (about 7 px a character at 12 px), so none is cut off.
        let longest = goal.groups.map { $0.group.count + ($0.group == control && $0.group != "control" ? 10 : 0) }.max() ?? 0
        let labelWidth = max(150.0, Double(longest) * 7 + 16)
        let plotWidth = 560.0
        let rowHeight = 30.0
        let width = labelWidth + plotWidth + 170
        let height = Double(rows.count) * rowHeight + 40
        func x(_ rate: Double) -> String { F.fixed(labelWidth + (rate - low) / (high - low) * plotWidth, 1) }
        var svg = "<svg class=\"chart\" data-goal=\"\(escape(goal.goal))\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"conversion rate of \(escape(goal.goal)) per group with 95% intervals\">\n"
        svg += "<rect x=\"\(Int(labelWidth))\" y=\"4\" width=\"\(Int(plotWidth))\" height=\"\(Int(height - 34))\" fill=\"#fafafa\" stroke=\"#e0e0e0\"/>\n"
        for tick in 0...4 {
            let rate = low + (high - low) * Double(tick) / 4
            svg += "<line x1=\"\(x(rate))\" x2=\"\(x(rate))\" y1=\"4\" y2=\"\(Int(height - 30))\" stroke=\"#eeeeee\"/>"
            svg += "<text x=\"\(x(rate))\" y=\"\(Int(height - 14))\" text-anchor=\"middle\">\(F.percent(rate, high - low < 0.02 ? 2 : 1))</text>\n"
        }
        if let controlRow = rows.first(where: { $0.0 == control }), let rate = controlRow.1 {
            svg += "<line class=\"control-line\" x1=\"\(x(rate))\" x2=\"\(x(rate))\" y1=\"4\" y2=\"\(Int(height - 30))\" stroke=\"#555\" stroke-dasharray=\"4 3\"/>\n"
        }
        for (index, row) in rows.enumerated() {
            let y = 4 + rowHeight * (Double(index) + 0.5)
            let isControl = row.0 == control
            let color = verdicts[row.0] ?? "#1565c0"
            let label = isControl && row.0 != "control" ? "\(row.0) (control)" : row.0
            svg += "<text x=\"\(Int(labelWidth - 8))\" y=\"\(F.fixed(y + 4, 1))\" text-anchor=\"end\"\(isControl ? " font-weight=\"600\"" : "")>\(escape(label))</text>\n"
            guard let rate = row.1, let lower = row.2, let upper = row.3 else {
                svg += "<text x=\"\(Int(labelWidth + 8))\" y=\"\(F.fixed(y + 4, 1))\">no units</text>\n"
                continue
            }
            svg += "<line x1=\"\(x(lower))\" x2=\"\(x(upper))\" y1=\"\(F.fixed(y, 1))\" y2=\"\(F.fixed(y, 1))\" stroke=\"\(color)\" stroke-width=\"3\"/>"
            svg += "<circle class=\"rate\" data-group=\"\(escape(row.0))\" data-value=\"\(rate)\" cx=\"\(x(rate))\" cy=\"\(F.fixed(y, 1))\" r=\"5\" fill=\"\(color)\"/>"
            svg += "<text x=\"\(Int(labelWidth + plotWidth + 10))\" y=\"\(F.fixed(y + 4, 1))\">\(F.percent(rate)) [\(F.percent(lower)), \(F.percent(upper))]</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// A figure shown rounded, with its exact value alongside for machines.
    static func value(_ number: Double?, _ field: String, _ shown: String) -> String {
        let exact = number.map { $0.isFinite ? "\($0)" : "null" } ?? "null"
        return "<span data-field=\"\(field)\" data-value=\"\(exact)\">\(escape(shown))</span>"
    }

    static func escape(_ text: String) -> String {
        HTMLText.escaped(text)
    }
}
