/// Turns sufficient statistics into readouts: the same function for events read from files and
/// for aggregates computed in a warehouse.
public enum ReadoutBuilder {
    /// The name of the group that makes an A/A check.
    public static let controlCheckGroup = "control_check"
    /// The p-value below which the A/A check is flagged.
    public static let aaThreshold = 0.01

    /// One readout per experiment, in the order given; every comparison's effects computed as
    /// `effects` says (Welch's t without CUPED unless told otherwise).
    public static func readouts(_ totals: [ExperimentTotals], effects: EffectSettings = EffectSettings()) -> [ExperimentReadout] {
        totals.map { readout($0, effects: effects) }
    }

    /// The readout of one experiment.
    public static func readout(_ totals: ExperimentTotals, effects: EffectSettings = EffectSettings()) -> ExperimentReadout {
        let weights = totals.weights ?? [Double](repeating: 1, count: totals.groups.count)
        let srm = totals.kind == .holdout && totals.weights == nil
            ? (chiSquare: Double?(0), pValue: 1.0)
            : SampleRatioTest.test(units: totals.units, weights: weights)
        let controlIndex = totals.groups.firstIndex(of: totals.control)
        let goals = totals.goals.map { goal in
            GoalReadout(goal: goal.goal, groups: totals.groups.indices.map { index in
                group(index, of: totals, goal: goal, controlIndex: controlIndex, effects: effects)
            }, preExposureWindow: effects.cuped ? goal.covariates?.window : nil)
        }
        var aaCheck: AACheckReadout?
        if let checkIndex = totals.groups.firstIndex(of: controlCheckGroup), controlIndex != nil {
            let comparisons = goals.map { ($0.goal, $0.groups[checkIndex].vsControl) }
            let pValues = comparisons.map { (goal: $0.0, pValue: $0.1?.pValue) }
            let valuePValues = comparisons.map { (goal: $0.0, pValue: $0.1?.valuePValue) }
            let flagged = (pValues + valuePValues).contains { ($0.pValue ?? 1) < aaThreshold }
            aaCheck = AACheckReadout(pValues: pValues, valuePValues: valuePValues, flagged: flagged)
        }
        return ExperimentReadout(
            experiment: totals.experiment, kind: totals.kind, control: totals.control,
            units: totals.units.reduce(0, +), conflicts: totals.conflicts,
            srm: SampleRatioReadout(
                chiSquare: srm.chiSquare, pValue: srm.pValue, flagged: srm.pValue < SampleRatioTest.threshold,
                weightsKnown: totals.weights != nil),
            aaCheck: aaCheck, goals: goals, effects: effects)
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
