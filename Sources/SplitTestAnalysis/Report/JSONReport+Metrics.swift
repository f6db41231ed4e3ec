import SplitTestFormats
@_spi(Tools) import SplitTesting

/// The members that `--format json` adds for an experiment that names metrics: `metrics` (each
/// metric's groups and comparisons with the control), `correction` (how the secondary metrics'
/// p-values were adjusted) and, with `--by`, `metrics_by` (the dimension of each metric's
/// `slices`). An experiment without metrics has none of these members.
extension JSONReport {
    /// `correction`, `metrics_by` and `metrics`, or nothing.
    static func metricMembers(of readout: ExperimentReadout) -> [(String, JSONValue)] {
        guard let metrics = readout.metrics else { return [] }
        var members: [(String, JSONValue)] = [("correction", .string(readout.correction.rawValue))]
        if let dimension = readout.metricDimension { members.append(("metrics_by", .string(dimension))) }
        members.append(("metrics", .array(metrics.map(metric))))
        return members
    }

    private static func metric(_ readout: MetricReadout) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("metric", .string(readout.metric.name)),
            ("kind", .string(readout.metric.kindName)),
            ("role", .string(readout.role.rawValue)),
            ("direction", .string(readout.metric.direction.rawValue)),
            ("cap", .number(readout.capValue)),
            ("note", readout.note.map(JSONValue.string) ?? .null),
            ("groups", .array(readout.groups.map(group))),
            ("comparisons", .array(readout.comparisons.map(comparison))),
        ]
        if let slices = readout.slices {
            pairs.append(("slices", .array(slices.map { slice in
                .object(pairs: [
                    ("value", .string(slice.value)),
                    ("groups", .array(slice.groups.map(group))),
                    ("comparisons", .array(slice.comparisons.map(comparison))),
                ])
            })))
        }
        return .object(pairs: pairs)
    }

    private static func group(_ group: MetricGroupReadout) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("group", .string(group.group)), ("units", .integer(group.units)), ("value", .number(group.value)),
        ]
        if let events = group.events { pairs.append(("events", .integer(events))) }
        return .object(pairs: pairs)
    }

    private static func comparison(_ comparison: MetricComparison) -> JSONValue {
        let absolute = comparison.effect.absolute
        let relative = comparison.effect.relative
        return .object(pairs: [
            ("group", .string(comparison.group)),
            ("estimate", .number(absolute?.estimate)),
            ("ci_low", .number(absolute?.ciLow)),
            ("ci_high", .number(absolute?.ciHigh)),
            ("relative", .number(relative?.estimate)),
            ("relative_ci_low", .number(relative?.ciLow)),
            ("relative_ci_high", .number(relative?.ciHigh)),
            ("p_value", .number(absolute?.pValue)),
            ("p_adjusted", .number(comparison.pAdjusted)),
            ("verdict", comparison.verdict.map { .string($0.rawValue) } ?? .null),
            ("method", .string(comparison.effect.method.name)),
            ("cuped", comparison.effect.cuped.map { cuped in
                .object(pairs: [("theta", .number(cuped.theta)), ("variance_reduction", .number(cuped.varianceReduction))])
            } ?? .null),
        ])
    }
}
