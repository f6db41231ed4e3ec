/// `--format json`: the stable contract of the readout, an array with one object per experiment.
/// Fields may be added, never renamed; a figure that cannot be computed is `null`, never NaN.
public enum JSONReport {
    /// The JSON text of `readouts`, pretty-printed with sorted keys.
    public static func render(_ readouts: [ExperimentReadout]) -> String {
        JSONValue.array(readouts.map(experiment)).rendered(indent: "") + "\n"
    }

    private static func experiment(_ readout: ExperimentReadout) -> JSONValue {
        guard case .object(let members) = plainExperiment(readout), readout.periodWeighted else {
            return plainExperiment(readout)
        }
        return .object(members + periodMembers(readout))
    }

    private static func plainExperiment(_ readout: ExperimentReadout) -> JSONValue {
        .object([
            ("experiment", .string(readout.experiment)),
            ("kind", .string(readout.kind.rawValue)),
            ("control", .string(readout.control)),
            ("units", .int(readout.units)),
            ("conflicts", .int(readout.conflicts)),
            ("srm", sampleRatio(readout.srm)),
            ("aa_check", readout.aaCheck.map { check in
                .object([
                    ("p_values", .object(check.pValues.map { ($0.goal, .number($0.pValue)) })),
                    ("value_p_values", .object(check.valuePValues.map { ($0.goal, .number($0.pValue)) })),
                    ("flagged", .bool(check.flagged)),
                ])
            } ?? .null),
            ("goals", .array(readout.goals.map { goal in
                .object([
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
            return .object([
                ("chi_square", .number(srm.chiSquare)), ("p_value", .number(srm.pValue)), ("flagged", .bool(srm.flagged)),
                ("weights_from_definitions", .bool(srm.weightsKnown)),
            ])
        }
        return .object([
            ("chi_square", .null), ("p_value", .null), ("flagged", .bool(false)), ("weights_from_definitions", .bool(false)),
            ("not_computed", .string(reason)),
        ])
    }

    /// What a bandit's entry adds: that its figures are period-weighted, and its periods' units and weights.
    private static func periodMembers(_ readout: ExperimentReadout) -> [(String, JSONValue)] {
        [
            ("period_weighted", .bool(true)),
            ("periods", .array((readout.periods ?? []).map { period in
                .object([
                    ("period", .int(period.period)),
                    ("units", .int(period.units.reduce(0, +))),
                    ("group_units", .object(zip(period.groups, period.units).map { ($0, .int($1)) })),
                    ("weights", period.weights.map { weights in .object(zip(period.groups, weights).map { ($0, .number($1)) }) } ?? .null),
                ])
            })),
        ]
    }

    private static func group(_ group: GroupReadout) -> JSONValue {
        .object([
            ("group", .string(group.group)),
            ("units", .int(group.units)),
            ("converted", .int(group.converted)),
            ("conversion_rate", .number(group.conversionRate)),
            ("value_sum", .number(group.valueSum)),
            ("value_sum_squares", .number(group.valueSumOfSquares)),
            ("value_mean", .number(group.valueMean)),
            ("vs_control", group.vsControl.map { comparison in
                .object([
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

/// A JSON value with its members in a fixed order, written without Foundation.
indirect enum JSONValue {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A number, or `null` when absent or not finite.
    static func number(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .double(value)
    }

    func rendered(indent: String) -> String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        case .string(let value): return Self.quoted(value)
        case .array(let values):
            guard !values.isEmpty else { return "[]" }
            let inner = indent + "  "
            return "[\n" + values.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let inner = indent + "  "
            return "{\n"
                + members.map { inner + Self.quoted($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(separator: ",\n")
                + "\n\(indent)}"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
