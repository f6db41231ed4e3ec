@_spi(Tools) import SplitTesting

/// Turns an experiment's ``MetricTotals`` into ``MetricReadout``s: each group's value, each
/// comparison's effect by the readout's method (CUPED where it applies), the secondary metrics'
/// p-values adjusted together, and the verdicts.
enum MetricReadoutBuilder {
    /// The readouts of `totals`' metrics (and slices), or `nil` when it names none.
    static func readouts(
        _ totals: ExperimentTotals, effects: EffectSettings, correction: MultipleComparisonCorrection
    ) -> [MetricReadout]? {
        guard !totals.metrics.isEmpty else { return nil }
        let controlIndex = totals.groups.firstIndex(of: totals.control)
        var readouts = table(totals.metrics, groups: totals.groups, control: controlIndex, effects: effects, correction: correction)
        if let slices = totals.metricSlices {
            let sliced = slices.slices.map { slice in
                table(slice.metrics, groups: totals.groups, control: controlIndex, effects: effects, correction: correction)
            }
            for index in readouts.indices {
                readouts[index].slices = zip(slices.slices, sliced).map { slice, metrics in
                    MetricSliceReadout(value: slice.value, groups: metrics[index].groups, comparisons: metrics[index].comparisons)
                }
            }
        }
        return readouts
    }

    /// One table of metrics (the experiment's, or one slice's), its secondary comparisons
    /// adjusted together.
    private static func table(
        _ metrics: [MetricTotals], groups: [String], control: Int?, effects: EffectSettings,
        correction: MultipleComparisonCorrection
    ) -> [MetricReadout] {
        var readouts = metrics.map { readout($0, groups: groups, control: control, effects: effects) }
        // The family: every secondary comparison with a p-value.
        var family: [(metric: Int, comparison: Int, pValue: Double)] = []
        for (metric, readout) in readouts.enumerated() where readout.role == .secondary {
            for (index, comparison) in readout.comparisons.enumerated() {
                if let pValue = comparison.effect.absolute?.pValue { family.append((metric, index, pValue)) }
            }
        }
        let adjusted = correction.adjust(family.map(\.pValue))
        for (member, pAdjusted) in zip(family, adjusted) {
            readouts[member.metric].comparisons[member.comparison].pAdjusted = pAdjusted
        }
        for metric in readouts.indices {
            let readout = readouts[metric]
            for index in readout.comparisons.indices {
                var comparison = readout.comparisons[index]
                if readout.role != .secondary { comparison.pAdjusted = comparison.effect.absolute?.pValue }
                if let pAdjusted = comparison.pAdjusted, let estimate = comparison.effect.absolute?.estimate {
                    comparison.verdict = MetricVerdict.of(
                        estimate: estimate, pAdjusted: pAdjusted, direction: readout.metric.direction, role: readout.role)
                }
                readouts[metric].comparisons[index] = comparison
            }
        }
        return readouts
    }

    private static func readout(_ totals: MetricTotals, groups: [String], control: Int?, effects: EffectSettings) -> MetricReadout {
        let adjusts = effects.cuped && totals.covariates != nil
        var comparisons: [MetricComparison] = []
        if let control {
            for index in groups.indices where index != control {
                comparisons.append(MetricComparison(
                    group: groups[index], effect: effect(totals, control: control, treatment: index, effects: effects),
                    pAdjusted: nil, verdict: nil))
            }
        }
        return MetricReadout(
            metric: totals.metric, role: totals.role,
            groups: groups.indices.map { index in
                MetricGroupReadout(
                    group: groups[index], units: totals.units[index], value: value(totals, index),
                    events: totals.quantiles.map { $0[index]?.events ?? 0 })
            },
            comparisons: comparisons, capValue: totals.capValue, preExposureWindow: adjusts ? totals.covariates?.window : nil,
            note: totals.eventsRead ? nil : note(totals.metric), slices: nil)
    }

    /// What the readout says of a metric none of whose events were read.
    static func note(_ metric: SplitTestMetric) -> String {
        let events = metric.events.map { "'\($0)'" }.joined(separator: " or ")
        return "no \(events) event in the input: nothing to measure"
    }

    /// The group's value: rate, mean per unit, ratio or quantile; `nil` without units (or
    /// without a denominator, or events for a quantile).
    static func value(_ totals: MetricTotals, _ index: Int) -> Double? {
        let units = totals.units[index]
        if let quantiles = totals.quantiles { return quantiles[index]?.estimate }
        guard units > 0 else { return nil }
        if let ratio = totals.ratio {
            return ratio.denominatorSum[index] == 0 ? nil : totals.sum[index] / ratio.denominatorSum[index]
        }
        return totals.sum[index] / Double(units)
    }

    typealias AdjustedConversion = RegressionAdjustedStatistic<ProportionStatistic, ProportionStatistic>
    typealias AdjustedValue = RegressionAdjustedStatistic<SampleMeanStatistic, SampleMeanStatistic>

    /// The effect of group `treatment` against `control` by the kind's statistic.
    static func effect(_ totals: MetricTotals, control: Int, treatment: Int, effects: EffectSettings) -> Effect {
        let method = effects.method
        let covariates = effects.cuped ? totals.covariates : nil
        switch totals.metric.kind {
        case .conversion:
            func outcome(_ group: Int) -> ProportionStatistic {
                ProportionStatistic(units: totals.units[group], converted: Int(totals.sum[group]))
            }
            guard let covariates else { return Effect.compare(control: outcome(control), treatment: outcome(treatment), method: method) }
            func adjusted(_ group: Int) -> AdjustedConversion {
                AdjustedConversion(
                    post: outcome(group), pre: ProportionStatistic(units: totals.units[group], converted: Int(covariates.sum[group])),
                    sumOfProducts: covariates.sumOfProducts[group])
            }
            return Effect.compare(control: adjusted(control), treatment: adjusted(treatment), method: method)
        case .count, .sum:
            func outcome(_ group: Int) -> SampleMeanStatistic {
                SampleMeanStatistic(units: totals.units[group], sum: totals.sum[group], sumOfSquares: totals.sumOfSquares[group])
            }
            guard let covariates else { return Effect.compare(control: outcome(control), treatment: outcome(treatment), method: method) }
            func adjusted(_ group: Int) -> AdjustedValue {
                AdjustedValue(
                    post: outcome(group),
                    pre: SampleMeanStatistic(units: totals.units[group], sum: covariates.sum[group], sumOfSquares: covariates.sumOfSquares[group]),
                    sumOfProducts: covariates.sumOfProducts[group])
            }
            return Effect.compare(control: adjusted(control), treatment: adjusted(treatment), method: method)
        case .ratio:
            guard let ratio = totals.ratio else { return Effect(method: method, cuped: nil, absolute: nil, relative: nil) }
            func statistic(_ group: Int) -> RatioStatistic {
                let units = totals.units[group]
                return RatioStatistic(
                    units: units, numerator: SampleMeanStatistic(units: units, sum: totals.sum[group], sumOfSquares: totals.sumOfSquares[group]),
                    denominator: SampleMeanStatistic(
                        units: units, sum: ratio.denominatorSum[group], sumOfSquares: ratio.denominatorSumOfSquares[group]),
                    sumOfProducts: ratio.sumOfProducts[group])
            }
            return Effect.compare(control: statistic(control).groupEstimate, treatment: statistic(treatment).groupEstimate, method: method)
        case .quantile:
            guard let control = totals.quantiles?[control], let treatment = totals.quantiles?[treatment] else {
                return Effect(method: method, cuped: nil, absolute: nil, relative: nil)
            }
            return Effect.compare(control: control.groupEstimate, treatment: treatment.groupEstimate, method: method)
        }
    }
}
