/// The readout of a bandit experiment: its weights change from period to period, so the split is
/// checked against each period's weights, and every rate and comparison weighs the periods by
/// their units (``PeriodWeightedEstimate``).
extension ReadoutBuilder {
    /// Why a bandit's split is not checked without the documents that set its weights.
    static let banditSplitWithoutControls =
        "a bandit's weights change from period to period: give the control documents published so far with --controls"

    static func periodWeightedReadout(
        _ totals: ExperimentTotals, periods: [PeriodTotals], effects: EffectSettings, history: AllocationHistory?
    ) -> ExperimentReadout {
        let controlIndex = totals.groups.firstIndex(of: totals.control)
        let goals = totals.goals.map { goal in
            GoalReadout(goal: goal.goal, groups: totals.groups.indices.map { index in
                periodWeightedGroup(
                    index, of: totals, goal: goal, periods: periods, controlIndex: controlIndex, method: effects.method)
            })
        }
        var readout = ExperimentReadout(
            experiment: totals.experiment, kind: totals.kind, control: totals.control, controlChoice: totals.controlChoice,
            units: totals.units.reduce(0, +), conflicts: totals.conflicts,
            srm: periodAwareSampleRatio(totals, periods: periods, history: history),
            aaCheck: aaCheck(goals, groups: totals.groups, controlIndex: controlIndex), goals: goals,
            // The settings asked for: the captions say that CUPED does not apply to period-weighted figures.
            effects: effects)
        readout.periodWeighted = true
        readout.periods = periods.map { period in
            let weights = try? history?.weights(experiment: totals.experiment, period: period.period).get()
            return PeriodReadout(period: period.period, groups: totals.groups, units: period.units, weights: weights)
        }
        return readout
    }

    /// Chi-square of each group's units against `Σ_p n_p · w_{p,group}` (n_p the units first
    /// assigned in period p, w its weights), with groups − 1 degrees of freedom.
    static func periodAwareSampleRatio(
        _ totals: ExperimentTotals, periods: [PeriodTotals], history: AllocationHistory?
    ) -> SampleRatioReadout {
        func notComputed(_ reason: String) -> SampleRatioReadout {
            SampleRatioReadout(chiSquare: nil, pValue: 1, flagged: false, weightsKnown: false, notComputed: reason)
        }
        guard let history else { return notComputed(banditSplitWithoutControls) }
        var expected = [Double](repeating: 0, count: totals.groups.count)
        for period in periods where period.units.contains(where: { $0 > 0 }) {
            switch history.weights(experiment: totals.experiment, period: period.period) {
            case .success(let weights):
                let units = Double(period.units.reduce(0, +))
                for index in expected.indices { expected[index] += units * weights[index] / 100 }
            case .failure(let unknown):
                return notComputed(unknown.reason)
            }
        }
        let test = SampleRatioTest.test(units: totals.units, weights: expected)
        return SampleRatioReadout(
            chiSquare: test.chiSquare, pValue: test.pValue, flagged: test.pValue < SampleRatioTest.threshold, weightsKnown: true)
    }

    /// The figures of group `index` on `goal`, period by period (a period without the goal: none
    /// converted).
    static func periodFigures(_ index: Int, goal: String, periods: [PeriodTotals]) -> [PeriodWeightedEstimate.PeriodFigures] {
        periods.map { period in
            let figures = period.goals.first { $0.goal == goal }
            return PeriodWeightedEstimate.PeriodFigures(
                periodUnits: period.units.reduce(0, +), units: period.units[index], converted: figures?.converted[index] ?? 0,
                valueSum: figures?.valueSum[index] ?? 0, valueSumOfSquares: figures?.valueSumOfSquares[index] ?? 0)
        }
    }

    private static func periodWeightedGroup(
        _ index: Int, of totals: ExperimentTotals, goal: GoalTotals, periods: [PeriodTotals], controlIndex: Int?,
        method: EffectMethod
    ) -> GroupReadout {
        let figures = periodFigures(index, goal: goal.goal, periods: periods)
        var comparison: Comparison?
        if let controlIndex, controlIndex != index {
            let control = periodFigures(controlIndex, goal: goal.goal, periods: periods)
            let rate = PeriodWeightedEstimate.compare(.conversion, control: control, treatment: figures)
            let value = PeriodWeightedEstimate.compare(.value, control: control, treatment: figures)
            comparison = Comparison(
                difference: rate?.difference, relativeDifference: rate?.relativeDifference, ciLow: rate?.ciLow ?? nil,
                ciHigh: rate?.ciHigh ?? nil, pValue: rate?.pValue, valueDifference: value?.difference, valueCILow: value?.ciLow ?? nil,
                valueCIHigh: value?.ciHigh ?? nil, valuePValue: value?.pValue, probabilityToBeatControl: rate?.probabilityHigher)
            comparison?.effect = periodWeightedEffect(.conversion, control: control, treatment: figures, method: method)
            comparison?.valueEffect = periodWeightedEffect(.value, control: control, treatment: figures, method: method)
        }
        let rate = PeriodWeightedEstimate.estimate(.conversion, figures)
        return GroupReadout(
            group: totals.groups[index], units: totals.units[index], converted: goal.converted[index],
            conversionRate: rate?.estimate, valueSum: goal.valueSum[index], valueSumOfSquares: goal.valueSumOfSquares[index],
            valueMean: PeriodWeightedEstimate.estimate(.value, figures)?.estimate, vsControl: comparison,
            conversionRateVariance: rate?.variance)
    }

    /// A bandit's effect: the period-weighted estimates of both arms, paired as their comparison
    /// pairs them (``PeriodWeightedEstimate/paired(_:control:treatment:)``), in the test `method`
    /// names (an estimate's variance times its units is the variance per unit that the test
    /// reads). Without a period both arms share, no estimate.
    static func periodWeightedEffect(
        _ measure: PeriodWeightedEstimate.Measure, control: [PeriodWeightedEstimate.PeriodFigures],
        treatment: [PeriodWeightedEstimate.PeriodFigures], method: EffectMethod
    ) -> Effect {
        guard let pair = PeriodWeightedEstimate.paired(measure, control: control, treatment: treatment) else {
            return Effect(method: method, cuped: nil, absolute: nil, relative: nil)
        }
        func groupEstimate(_ arm: (estimate: PeriodWeightedEstimate, units: Int)) -> GroupEstimate {
            GroupEstimate(
                units: arm.units, mean: arm.estimate.estimate, unadjustedMean: arm.estimate.estimate,
                variance: arm.estimate.variance * Double(arm.units))
        }
        return Effect.compare(control: groupEstimate(pair.control), treatment: groupEstimate(pair.treatment), method: method)
    }
}
