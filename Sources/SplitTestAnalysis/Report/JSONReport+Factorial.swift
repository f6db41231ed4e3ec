import SplitTestFormats
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The members that `--format json` adds for a multivariate experiment, whose groups are its
/// cells: at the experiment, its `factorial` design; beside each goal's `groups`, `factors` (each
/// level's main effect against the factor's first level, which is not listed) and
/// `interactions` (each pair of factors' test of no interaction). Both are empty for a fractional
/// design. Experiments with plain groups have none of these members.
extension JSONReport {
    /// `factorial: {factors: [{factor, levels}], full_factorial}`, or nothing.
    static func factorialMembers(of readout: ExperimentReadout) -> [(String, JSONValue)] {
        guard let design = readout.factorial else { return [] }
        return [
            ("factorial", .object(pairs: [
                ("factors", .array(design.factors.map { factor in
                    .object(pairs: [("factor", .string(factor.name)), ("levels", .array(factor.levels.map(JSONValue.string)))])
                })),
                ("full_factorial", .bool(design.isFullFactorial)),
            ])),
        ]
    }

    /// `factors` and `interactions` of one goal, or nothing.
    static func factorEffectMembers(of goal: GoalReadout, in readout: ExperimentReadout) -> [(String, JSONValue)] {
        guard readout.factorial != nil else { return [] }
        let effects = goal.factorEffects
        return [
            ("factors", .array((effects?.factors ?? []).map { factor in
                .object(pairs: [
                    ("factor", .string(factor.factor)),
                    ("levels", .array(factor.levels.map { level in
                        .object(pairs: [
                            ("level", .string(level.level)),
                            ("difference", .number(level.conversion?.estimate)),
                            ("ci_low", .number(level.conversion?.ciLow)),
                            ("ci_high", .number(level.conversion?.ciHigh)),
                            ("p_value", .number(level.conversion?.pValue)),
                            ("value_difference", .number(level.value?.estimate)),
                            ("value_ci_low", .number(level.value?.ciLow)),
                            ("value_ci_high", .number(level.value?.ciHigh)),
                            ("value_p_value", .number(level.value?.pValue)),
                        ])
                    })),
                ])
            })),
            ("interactions", .array((effects?.interactions ?? []).map { interaction in
                .object(pairs: [
                    ("factors", .array(interaction.factors.map(JSONValue.string))),
                    ("df", .integer(interaction.degreesOfFreedom)),
                    ("chi_square", .number(interaction.conversion?.chiSquare)),
                    ("p_value", .number(interaction.conversion?.pValue)),
                    ("value_chi_square", .number(interaction.value?.chiSquare)),
                    ("value_p_value", .number(interaction.value?.pValue)),
                ])
            })),
        ]
    }
}
