import SplitTestFormats

/// `--format json`: the stable contract of the readout, an array with one object per experiment.
/// Fields may be added, never renamed; a figure that cannot be computed is `null`, never NaN.
public enum JSONReport {
    /// The JSON text of `readouts`, pretty-printed with sorted keys.
    public static func render(_ readouts: [ExperimentReadout]) -> String {
        JSONValue.array(readouts.map(experiment)).text(style: .report) + "\n"
    }

    private static func experiment(_ readout: ExperimentReadout) -> JSONValue {
        guard case .object(let members) = plainExperiment(readout) else { return plainExperiment(readout) }
        let added = (readout.periodWeighted ? periodMembers(readout) : []) + metricMembers(of: readout)
        return .object(members + added.map { JSONValue.Member(key: $0.0, value: $0.1) })
    }

    private static func plainExperiment(_ readout: ExperimentReadout) -> JSONValue {
        .object(pairs: [
            ("experiment", .string(readout.experiment)),
            ("kind", .string(readout.kind.rawValue)),
            ("control", .string(readout.control)),
            ("control_assumed", .bool(readout.controlChoice.isAssumed)),
            ("control_reason", .string(readout.controlChoice.reason)),
            ("units", .integer(readout.units)),
            ("conflicts", .integer(readout.conflicts)),
            ("srm", sampleRatio(readout.srm)),
            ("aa_check", readout.aaCheck.map { check in
                .object(pairs: [
                    ("p_values", .object(pairs: check.pValues.map { ($0.goal, .number($0.pValue)) })),
                    ("value_p_values", .object(pairs: check.valuePValues.map { ($0.goal, .number($0.pValue)) })),
                    ("flagged", .bool(check.flagged)),
                ])
            } ?? .null),
            ("goals", .array(readout.goals.map { goal in
                .object(pairs: [
                    ("goal", .string(goal.goal)),
                    ("groups", .array(goal.groups.map(group))),
                ] + factorEffectMembers(of: goal, in: readout))
            })),
        ] + factorialMembers(of: readout))
    }

    /// The sample-ratio check, or, when it is not made (no units, unknown weights, a bandit's
    /// periods without their weights), why.
    private static func sampleRatio(_ srm: SampleRatioReadout) -> JSONValue {
        guard let reason = srm.notComputed else {
            return .object(pairs: [
                ("chi_square", .number(srm.chiSquare)), ("p_value", .number(srm.pValue)), ("flagged", .bool(srm.flagged)),
                ("weights_from_definitions", .bool(srm.weightsKnown)),
            ])
        }
        return .object(pairs: [
            ("chi_square", .null), ("p_value", .null), ("flagged", .bool(false)), ("weights_from_definitions", .bool(false)),
            ("not_computed", .string(reason)),
        ])
    }

    /// What a bandit's entry adds: that its figures are period-weighted, and its periods' units and weights.
    private static func periodMembers(_ readout: ExperimentReadout) -> [(String, JSONValue)] {
        [
            ("period_weighted", .bool(true)),
            ("periods", .array((readout.periods ?? []).map { period in
                .object(pairs: [
                    ("period", .integer(period.period)),
                    ("units", .integer(period.units.reduce(0, +))),
                    ("group_units", .object(pairs: zip(period.groups, period.units).map { ($0, .integer($1)) })),
                    ("weights", period.weights.map { weights in .object(pairs: zip(period.groups, weights).map { ($0, .number($1)) }) } ?? .null),
                ])
            })),
        ]
    }

    private static func group(_ group: GroupReadout) -> JSONValue {
        .object(pairs: [
            ("group", .string(group.group)),
            ("units", .integer(group.units)),
            ("converted", .integer(group.converted)),
            ("conversion_rate", .number(group.conversionRate)),
            ("value_sum", .number(group.valueSum)),
            ("value_sum_squares", .number(group.valueSumOfSquares)),
            ("value_mean", .number(group.valueMean)),
            ("vs_control", group.vsControl.map { comparison in
                .object(pairs: [
                    ("difference", .number(comparison.difference)),
                    ("relative_difference", .number(comparison.relativeDifference)),
                    ("ci_low", .number(comparison.ciLow)),
                    ("ci_high", .number(comparison.ciHigh)),
                    ("p_value", .number(comparison.pValue)),
                    ("value_difference", .number(comparison.valueDifference)),
                    ("value_ci_low", .number(comparison.valueCILow)),
                    ("value_ci_high", .number(comparison.valueCIHigh)),
                    ("value_p_value", .number(comparison.valuePValue)),
                    ("probability_to_beat_control", .number(comparison.probabilityToBeatControl)),
                    ("effect", EffectReport.json(comparison.effect)),
                    ("value_effect", EffectReport.json(comparison.valueEffect)),
                ])
            } ?? .null),
        ])
    }
}
