import SplitTestFormats
import SplitTestStatistics

/// The effects of each comparison (``Comparison/effect`` and ``Comparison/valueEffect``) in the
/// three formats: a JSON object, lines under a goal's table in text, and a table with an
/// interval chart per row in HTML.
enum EffectReport {
    // MARK: JSON

    /// `{method, cuped: {theta, variance_reduction} | null, absolute: {estimate, ci_low, ci_high,
    /// p_value} | null, relative: …}`; `null` for no effect at all.
    static func json(_ effect: Effect?) -> JSONValue {
        guard let effect else { return .null }
        func estimate(_ estimate: EffectEstimate?) -> JSONValue {
            guard let estimate else { return .null }
            return .object(pairs: [
                ("estimate", .number(estimate.estimate)),
                ("ci_low", .number(estimate.ciLow)),
                ("ci_high", .number(estimate.ciHigh)),
                ("p_value", .number(estimate.pValue)),
            ])
        }
        return .object(pairs: [
            ("method", .string(effect.method.name)),
            ("cuped", effect.cuped.map { cuped in
                .object(pairs: [("theta", .number(cuped.theta)), ("variance_reduction", .number(cuped.varianceReduction))])
            } ?? .null),
            ("absolute", estimate(effect.absolute)),
            ("relative", estimate(effect.relative)),
        ])
    }

    // MARK: Text

    /// The lines under a goal's table: how the effects were computed, then per group its effect
    /// on the conversion and on the value per unit.
    static func textLines(_ goal: GoalReadout, of readout: ExperimentReadout) -> [String] {
        typealias F = NumberFormatting
        let compared = goal.groups.filter { $0.vsControl != nil }
        guard !compared.isEmpty else { return [] }
        let caption = F.effectsCaption(readout.effects, window: goal.preExposureWindow, periodWeighted: readout.periodWeighted)
        var lines = ["    effects against the control (\(caption)):"]
        let width = max(5, compared.map(\.group.count).max() ?? 0)
        let control = goal.groups.first { $0.group == readout.control }
        for group in compared {
            let measures: [(String, NoEstimate.Measure, Effect?, (Double?) -> String)] = [
                ("conversion", .conversion, group.vsControl?.effect, { F.signedPoints($0) }),
                ("value/unit", .value, group.vsControl?.valueEffect, { F.signedFixed($0, 4) }),
            ]
            for (index, (label, measure, effect, absolute)) in measures.enumerated() {
                let name = F.pad(index == 0 ? group.group : "", width)
                let missing = NoEstimate.effectReason(effect, of: group, control: control, measure: measure)
                lines.append("      \(name)  \(F.pad(label, 10))  " + (missing.map(NoEstimate.text) ?? textEffect(effect, absolute: absolute)))
            }
        }
        return lines
    }

    private static func textEffect(_ effect: Effect?, absolute format: (Double?) -> String) -> String {
        typealias F = NumberFormatting
        guard let effect, let absolute = effect.absolute else { return NoEstimate.text("not computable") }
        var text = "\(format(absolute.estimate)) [\(format(absolute.ciLow)), \(format(absolute.ciHigh))]"
        if let relative = effect.relative {
            text += "  relative \(F.signedPercent(relative.estimate, 1)) [\(F.signedPercent(relative.ciLow, 1)), \(F.signedPercent(relative.ciHigh, 1))]"
        }
        text += "  \(F.pClause(absolute.pValue))"
        if let cuped = effect.cuped {
            text += cuped.varianceReduction.map { "  CUPED removed \(F.percent($0, 1)) of the variance (θ \(F.fixed(cuped.theta, 4)))" }
                ?? "  CUPED: no variance to compare (θ \(F.fixed(cuped.theta, 4)))"
        }
        return text
    }

    // MARK: HTML

    /// CSS for the effects table and its interval charts.
    static let style = """
        .effects td.bar{padding:0 6px}.effects .measure{color:#555;text-align:left}.effects .none{color:#777;text-align:left}
        .effects tr.first td{border-top:1px solid #bdbdbd}
        """

    /// The effects of a goal as a table: per group and measure the effect with its interval, the
    /// relative effect with its interval drawn against 0, the p-value and what CUPED removed.
    static func htmlTable(_ goal: GoalReadout, of readout: ExperimentReadout) -> String {
        typealias F = NumberFormatting
        let settings = readout.effects
        // A bandit's period-weighted figures are not adjusted: no CUPED columns for them.
        let showsCUPED = settings.cuped && !readout.periodWeighted
        let compared = goal.groups.filter { $0.vsControl != nil }
        guard !compared.isEmpty else { return "" }
        let rows = compared.flatMap { group in
            [(group, "effect", "conversion", group.vsControl?.effect), (group, "value_effect", "value per unit", group.vsControl?.valueEffect)]
        }
        let control = goal.groups.first { $0.group == readout.control }
        // One scale for every bar of the table, so that the intervals compare at a glance.
        let reach = rows.compactMap { $0.3?.relative }.flatMap { [abs($0.ciLow), abs($0.ciHigh)] }.filter(\.isFinite).max() ?? 0
        let scale = reach > 0 ? reach * 1.1 : 0.01
        // The method is the same for every row: said once, above the table, not in a column.
        var html = "<p class=\"caption effects-method\" data-method=\"\(settings.method.name)\"><b>Effects against the control</b>: "
            + "\(escape(F.effectsCaption(readout.effects, window: goal.preExposureWindow, periodWeighted: readout.periodWeighted))). "
            + "Bar: the relative effect's interval against 0 (green or red when it excludes 0).</p>\n"
        html += "<div class=\"scroll\"><table class=\"effects\"><thead><tr><th>group</th><th>measure</th><th>effect</th><th>95% interval</th>"
            + "<th>relative</th><th>relative interval</th><th></th><th>p</th>"
            + (showsCUPED ? "<th>variance removed by CUPED</th><th>θ</th>" : "") + "</tr></thead><tbody>\n"
        for (index, (group, field, measure, effect)) in rows.enumerated() {
            let first = index % 2 == 0
            html += "<tr\(first ? " class=\"first\"" : "") data-group=\"\(escape(group.group))\"><td>\(first ? escape(group.group) : "")</td>"
            html += "<td class=\"measure\">\(measure)</td>"
            let format: (Double?) -> String = field == "effect" ? { F.signedPoints($0) } : { F.signedFixed($0, 4) }
            guard let absolute = effect?.absolute else {
                // One cell across the figures, as the plain comparison's tables say it.
                let reason = NoEstimate.effectReason(
                    effect, of: group, control: control, measure: field == "effect" ? .conversion : .value)
                html += "<td class=\"none\" colspan=\"6\">\(escape(NoEstimate.text(reason ?? "not computable")))</td>"
                html += (showsCUPED ? "<td colspan=\"2\">–</td>" : "") + "</tr>\n"
                continue
            }
            html += "<td>\(value(absolute.estimate, "\(field).absolute.estimate", format(absolute.estimate)))</td>"
            html += "<td>\(value(absolute.ciLow, "\(field).absolute.ci_low", format(absolute.ciLow))) … "
                + "\(value(absolute.ciHigh, "\(field).absolute.ci_high", format(absolute.ciHigh)))</td>"
            if let relative = effect?.relative {
                html += "<td>\(value(relative.estimate, "\(field).relative.estimate", F.signedPercent(relative.estimate, 1)))</td>"
                html += "<td>\(value(relative.ciLow, "\(field).relative.ci_low", F.signedPercent(relative.ciLow, 1))) … "
                    + "\(value(relative.ciHigh, "\(field).relative.ci_high", F.signedPercent(relative.ciHigh, 1)))</td>"
                html += "<td class=\"bar\">\(bar(relative, scale: scale))</td>"
            } else {
                html += "<td class=\"none\" colspan=\"3\">no relative estimate</td>"
            }
            html += "<td>\(value(absolute.pValue, "\(field).absolute.p_value", F.pValue(absolute.pValue)))</td>"
            if let cuped = effect?.cuped {
                html += "<td>\(value(cuped.varianceReduction, "\(field).cuped.variance_reduction", F.percent(cuped.varianceReduction, 1)))</td>"
                html += "<td>\(value(cuped.theta, "\(field).cuped.theta", F.fixed(cuped.theta, 4)))</td>"
            } else if showsCUPED {
                html += "<td colspan=\"2\">–</td>"
            }
            html += "</tr>\n"
        }
        return html + "</tbody></table></div>\n"
    }

    /// The relative effect's interval as a bar around its estimate, against a line at 0: green
    /// when it excludes 0 on the better side, red on the worse (for a metric where lower is
    /// better, `lowerIsBetter`, a decrease is the better side).
    static func bar(_ relative: EffectEstimate, scale: Double, lowerIsBetter: Bool = false) -> String {
        let width = 120.0
        func x(_ value: Double) -> String {
            NumberFormatting.fixed(width / 2 + max(-1, min(1, value / scale)) * (width / 2 - 4), 1)
        }
        let (above, below) = lowerIsBetter ? ("#c62828", "#2e7d32") : ("#2e7d32", "#c62828")
        let color = relative.ciLow > 0 ? above : relative.ciHigh < 0 ? below : "#1565c0"
        return "<svg class=\"effect-bar\" width=\"\(Int(width))\" height=\"16\" viewBox=\"0 0 \(Int(width)) 16\" role=\"img\" "
            + "aria-label=\"relative effect \(NumberFormatting.signedPercent(relative.estimate, 1))\">"
            + "<line x1=\"\(x(0))\" x2=\"\(x(0))\" y1=\"1\" y2=\"15\" stroke=\"#555\" stroke-dasharray=\"3 2\"/>"
            + "<line x1=\"\(x(relative.ciLow))\" x2=\"\(x(relative.ciHigh))\" y1=\"8\" y2=\"8\" stroke=\"\(color)\" stroke-width=\"3\"/>"
            + "<circle cx=\"\(x(relative.estimate))\" cy=\"8\" r=\"4\" fill=\"\(color)\"/></svg>"
    }

    // The page's own helpers: a figure shown rounded with its exact value alongside, and escaping.
    private static func value(_ number: Double?, _ field: String, _ shown: String) -> String {
        HTMLReport.value(number, field, shown)
    }

    private static func escape(_ text: String) -> String { HTMLReport.escape(text) }
}
