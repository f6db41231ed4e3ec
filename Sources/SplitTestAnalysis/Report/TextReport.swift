import SplitTestFormats

/// `--format text`: the readout for a terminal. A flagged sample-ratio mismatch comes first, then
/// the A/A check, then a table per goal.
public enum TextReport {
    /// The text of `readouts`.
    public static func render(_ readouts: [ExperimentReadout]) -> String {
        readouts.map(experiment).joined(separator: "\n")
    }

    private static func experiment(_ readout: ExperimentReadout) -> String {
        typealias F = NumberFormatting
        var lines: [String] = []
        let title = readout.kind == .holdout ? "holdout \(readout.experiment) (held out vs exposed)" : readout.experiment
        let srm = readout.srm
        // Why the check is not made belongs with the experiment's name, where the eye starts.
        lines.append("\(title): \(Counted.phrase(readout.units, "unit")), \(Counted.phrase(readout.conflicts, "conflict")), control '\(readout.control)'"
            + (readout.controlChoice.isAssumed ? " (\(readout.controlChoice.reason))" : "")
            + (srm.notComputed.map { "; sample ratio not computed: \($0)" } ?? ""))
        if srm.notComputed == nil {
            if srm.flagged {
                lines.append("  !! SAMPLE RATIO MISMATCH (\(F.pClause(srm.pValue)), below 0.001): the split is not what the weights promise; do not trust these results")
            } else if readout.kind == .holdout && !srm.weightsKnown {
                lines.append("  sample ratio: not checked for a holdout")
            } else {
                lines.append("  sample ratio: ok (chi-square \(F.fixed(srm.chiSquare, 3)), \(F.pClause(srm.pValue)))")
            }
        }
        if let check = readout.aaCheck {
            let worst = (check.pValues + check.valuePValues).compactMap(\.pValue).min()
            lines.append(check.flagged
                ? "  !! A/A CHECK FAILED: control_check differs from control (\(F.pClause(worst)), below 0.01); the setup is suspect"
                : "  A/A check: ok (smallest \(F.pClause(worst)))")
        }
        lines += harmLines(of: readout)
        lines += factorialLines(of: readout)
        lines.append(contentsOf: periodLines(readout))
        lines += metricLines(of: readout)
        for goal in readout.goals {
            lines.append("  goal \(goal.goal):")
            if readout.effects.replacesPlainComparison(periodWeighted: readout.periodWeighted) {
                lines += summaryTable(goal)
                lines.append(contentsOf: EffectReport.textLines(goal, of: readout))
                lines += factorEffectLines(of: goal)
                continue
            }
            let width = max(5, goal.groups.map(\.group.count).max() ?? 0)
            let control = goal.groups.first { $0.group == readout.control }
            lines.append("    " + F.pad("group", width) + "    units  converted     rate  difference [95% interval]          p  P(beat)   value/unit  difference [95% interval]          p")
            for group in goal.groups {
                var row = "    " + F.pad(group.group, width)
                row += F.pad(String(group.units), 9, leading: true) + F.pad(String(group.converted), 11, leading: true)
                row += F.pad(F.percent(group.conversionRate), 9, leading: true)
                if let reason = NoEstimate.plainReason(group, control: control, measure: .conversion) {
                    row += "  " + F.pad(NoEstimate.text(reason), 52)
                } else if let comparison = group.vsControl {
                    row += "  " + F.pad("\(F.signedPercent(comparison.difference)) [\(F.signedPercent(comparison.ciLow)), \(F.signedPercent(comparison.ciHigh))]", 35)
                    row += F.pad(F.pValue(comparison.pValue), 8, leading: true)
                    row += F.pad(F.percent(comparison.probabilityToBeatControl, 1), 9, leading: true)
                } else {
                    row += "  " + F.pad("(control)", 35) + F.pad("", 17)
                }
                row += F.pad(F.fixed(group.valueMean, 4), 13, leading: true)
                if let reason = NoEstimate.plainReason(group, control: control, measure: .value) {
                    row += "  " + NoEstimate.text(reason)
                } else if let comparison = group.vsControl {
                    let difference = F.fixed(comparison.valueDifference, 4)
                    row += "  " + F.pad("\(difference) [\(F.fixed(comparison.valueCILow, 4)), \(F.fixed(comparison.valueCIHigh, 4))]", 35)
                    row += F.pad(F.pValue(comparison.valuePValue), 8, leading: true)
                }
                lines.append(row)
            }
            lines.append(contentsOf: EffectReport.textLines(goal, of: readout))
            lines += factorEffectLines(of: goal)
        }
        return lines.joined(separator: "\n")
    }

    /// A goal's table without the plain comparison (for CUPED or the sequential test, whose
    /// figures the effects below give): each group's units, conversions, rate and value per unit.
    private static func summaryTable(_ goal: GoalReadout) -> [String] {
        typealias F = NumberFormatting
        let width = max(5, goal.groups.map(\.group.count).max() ?? 0)
        var lines = ["    " + F.pad("group", width) + "    units  converted     rate   value/unit"]
        for group in goal.groups {
            lines.append(
                "    " + F.pad(group.group, width) + F.pad(String(group.units), 9, leading: true)
                    + F.pad(String(group.converted), 11, leading: true)
                    + F.pad(F.percent(group.conversionRate), 9, leading: true)
                    + F.pad(F.fixed(group.valueMean, 4), 13, leading: true))
        }
        return lines
    }
}
