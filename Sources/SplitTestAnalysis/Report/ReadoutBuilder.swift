/// Turns sufficient statistics into readouts: the same function for events read from files and
/// for aggregates computed in a warehouse.
public enum ReadoutBuilder {
    /// The name of the group that makes an A/A check.
    public static let controlCheckGroup = "control_check"
    /// The p-value below which the A/A check is flagged.
    public static let aaThreshold = 0.01

    /// One readout per experiment, in the order given: every comparison's effects computed as
    /// `effects` says (Welch's t without CUPED unless told otherwise); `history` gives bandits'
    /// weights per period.
    public static func readouts(
        _ totals: [ExperimentTotals], effects: EffectSettings = EffectSettings(), history: AllocationHistory? = nil,
        correction: MultipleComparisonCorrection = .holm
    ) -> [ExperimentReadout] {
        totals.map { readout($0, effects: effects, history: history, correction: correction) }
    }

    /// The readout of one experiment; a bandit's (with ``ExperimentTotals/periods``) is
    /// period-weighted. Its metrics' secondary comparisons are adjusted by `correction`.
    public static func readout(
        _ totals: ExperimentTotals, effects: EffectSettings = EffectSettings(), history: AllocationHistory? = nil,
        correction: MultipleComparisonCorrection = .holm
    ) -> ExperimentReadout {
        var readout = goalReadout(totals, effects: effects, history: history)
        readout.metrics = MetricReadoutBuilder.readouts(totals, effects: effects, correction: correction)
        readout.correction = correction
        readout.metricDimension = totals.metricSlices?.dimension
        return readout
    }

    /// The readout of an experiment's goals (and checks).
    private static func goalReadout(
        _ totals: ExperimentTotals, effects: EffectSettings, history: AllocationHistory?
    ) -> ExperimentReadout {
        if let periods = totals.periods {
            return periodWeightedReadout(totals, periods: periods, effects: effects, history: history)
        }
        let weights = totals.weights ?? [Double](repeating: 1, count: totals.groups.count)
        let srm = totals.kind == .holdout && totals.weights == nil
            ? (chiSquare: Double?(0), pValue: 1.0)
            : SampleRatioTest.test(units: totals.units, weights: weights)
        let srmNotComputed = sampleRatioNotComputed(totals)
        let controlIndex = totals.groups.firstIndex(of: totals.control)
        let goals = totals.goals.map { goal in
            GoalReadout(
                goal: goal.goal,
                groups: totals.groups.indices.map { index in
                    group(index, of: totals, goal: goal, controlIndex: controlIndex, effects: effects)
                },
                // A multivariate experiment's groups are its cells; a full factorial's factors too.
                factorEffects: totals.factorial.flatMap { FactorEffectsReadout.compute(design: $0, units: totals.units, goal: goal) },
                preExposureWindow: effects.cuped ? goal.covariates?.window : nil)
        }
        let aaCheck = aaCheck(goals, groups: totals.groups, controlIndex: controlIndex)
        return ExperimentReadout(
            experiment: totals.experiment, kind: totals.kind, control: totals.control, controlChoice: totals.controlChoice,
            units: totals.units.reduce(0, +), conflicts: totals.conflicts,
            srm: srmNotComputed.map { reason in
                SampleRatioReadout(chiSquare: nil, pValue: 1, flagged: false, weightsKnown: false, notComputed: reason)
            } ?? SampleRatioReadout(
                chiSquare: srm.chiSquare, pValue: srm.pValue, flagged: srm.pValue < SampleRatioTest.threshold,
                weightsKnown: totals.weights != nil),
            aaCheck: aaCheck, goals: goals, effects: effects, factorial: totals.factorial)
    }

    /// Why an experiment's sample-ratio check cannot be made: it has no units, or its weights are
    /// unknown (no definitions). Equal weights are not assumed: on an experiment split 50/25/25
    /// that would raise a false alarm. A holdout without definitions is its own case.
    static func sampleRatioNotComputed(_ totals: ExperimentTotals) -> String? {
        if totals.units.reduce(0, +) == 0 { return noUnits }
        guard totals.kind == .experiment, totals.weights == nil else { return nil }
        return weightsUnknown
    }

    /// What a readout says of an experiment without units.
    public static let noUnits = "no units"
    /// Why an experiment's sample-ratio check is not made without definitions.
    public static let weightsUnknown =
        "no definitions, so the weights are unknown; pass --definitions, or run where the experiments folder is"

    /// The A/A check: `control_check` against the control on every goal, when both exist.
    static func aaCheck(_ goals: [GoalReadout], groups: [String], controlIndex: Int?) -> AACheckReadout? {
        guard let checkIndex = groups.firstIndex(of: controlCheckGroup), controlIndex != nil else { return nil }
        let comparisons = goals.map { ($0.goal, $0.groups[checkIndex].vsControl) }
        let pValues = comparisons.map { (goal: $0.0, pValue: $0.1?.pValue) }
        let valuePValues = comparisons.map { (goal: $0.0, pValue: $0.1?.valuePValue) }
        let flagged = (pValues + valuePValues).contains { ($0.pValue ?? 1) < aaThreshold }
        return AACheckReadout(pValues: pValues, valuePValues: valuePValues, flagged: flagged)
    }

    private static func group(
        _ index: Int, of totals: ExperimentTotals, goal: GoalTotals, controlIndex: Int?, effects: EffectSettings
    ) -> GroupReadout {
        let units = totals.units[index]
        let converted = goal.converted[index]
        var comparison: Comparison?
        if let controlIndex, controlIndex != index {
            comparison = compare(
                control: controlIndex, treatment: index, units: totals.units, goal: goal)
            comparison?.effect = EffectReadout.conversion(
                control: controlIndex, treatment: index, units: totals.units, goal: goal, settings: effects)
            comparison?.valueEffect = EffectReadout.value(
                control: controlIndex, treatment: index, units: totals.units, goal: goal, settings: effects)
        }
        return GroupReadout(
            group: totals.groups[index], units: units, converted: converted,
            conversionRate: units > 0 ? Double(converted) / Double(units) : nil,
            valueSum: goal.valueSum[index], valueSumOfSquares: goal.valueSumOfSquares[index],
            valueMean: units > 0 ? goal.valueSum[index] / Double(units) : nil, vsControl: comparison)
    }

    private static func compare(control: Int, treatment: Int, units: [Int], goal: GoalTotals) -> Comparison {
        let proportions = ProportionComparison.compare(
            control: goal.converted[control], controlUnits: units[control],
            treatment: goal.converted[treatment], treatmentUnits: units[treatment])
        let means = MeanComparison.compare(
            control: SampleMeanStatistic(units: units[control], sum: goal.valueSum[control], sumOfSquares: goal.valueSumOfSquares[control]),
            treatment: SampleMeanStatistic(
                units: units[treatment], sum: goal.valueSum[treatment], sumOfSquares: goal.valueSumOfSquares[treatment]))
        return Comparison(
            difference: proportions?.difference, relativeDifference: proportions?.relativeDifference,
            ciLow: proportions?.ciLow, ciHigh: proportions?.ciHigh, pValue: proportions?.pValue,
            valueDifference: means?.difference, valueCILow: means?.ciLow, valueCIHigh: means?.ciHigh,
            valuePValue: means?.pValue,
            probabilityToBeatControl: BetaProbability.treatmentBeatsControl(
                control: goal.converted[control], controlUnits: units[control],
                treatment: goal.converted[treatment], treatmentUnits: units[treatment]))
    }
}
