import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestAnalysis
import SplitTestStatistics
import Testing

/// A bandit's readout by hand: rates and comparisons weighed by period, a period where an arm has
/// fewer than 2 units left out, and the split checked against each period's weights.
@Suite struct PeriodWeightedReadoutTests {
    static let definition = SplitTestDefinition(
        identifier: "onboarding_copy", unitType: .device, salt: "onboarding_copy", groups: ["short", "story"],
        bucketTable: BucketTable(weights: [1, 1]), controlIndex: 0, allocation: .bandit(SplitTestBandit(goal: "signup")))

    /// Per period: units, converted, value sum and sum of squares of short, then of story.
    static let periods: [(units: [Int], converted: [Int], sums: [Double], squares: [Double])] = [
        ([400, 400], [20, 28], [50, 80], [300, 500]),
        ([150, 650], [12, 70], [30, 200], [150, 1_100]),
        ([1, 799], [1, 96], [4, 300], [16, 1_600]),  // one short unit: this period is left out of short's figures
    ]

    static func totals() -> ExperimentTotals {
        func goal(_ pick: (Int) -> (Int, Double, Double)) -> GoalTotals {
            let figures = (0..<2).map(pick)
            return GoalTotals(
                goal: "signup", converted: figures.map(\.0), valueSum: figures.map(\.1), valueSumOfSquares: figures.map(\.2))
        }
        let pooled = goal { arm in
            (periods.reduce(0) { $0 + $1.converted[arm] }, periods.reduce(0) { $0 + $1.sums[arm] },
             periods.reduce(0) { $0 + $1.squares[arm] })
        }
        return ExperimentTotals(
            experiment: "onboarding_copy", kind: .experiment, groups: ["short", "story"], weights: [0.5, 0.5], control: "short",
            units: (0..<2).map { arm in periods.reduce(0) { $0 + $1.units[arm] } }, conflicts: 0, goals: [pooled],
            periods: periods.enumerated().map { period, figures in
                PeriodTotals(
                    period: period, units: figures.units,
                    goals: [GoalTotals(goal: "signup", converted: figures.converted, valueSum: figures.sums, valueSumOfSquares: figures.squares)])
            })
    }

    /// Σ_p (n_p/n)·mean and Σ_p (n_p/n)²·v over `periods` (indices), written out again here.
    static func expected(arm: Int, over taken: [Int], value: Bool) -> (estimate: Double, variance: Double) {
        let total = Double(taken.reduce(0) { $0 + periods[$1].units.reduce(0, +) })
        var estimate = 0.0
        var variance = 0.0
        for index in taken {
            let p = periods[index]
            let weight = Double(p.units.reduce(0, +)) / total
            let n = Double(p.units[arm])
            let mean = value ? p.sums[arm] / n : Double(p.converted[arm]) / n
            let spread = value ? (p.squares[arm] - p.sums[arm] * p.sums[arm] / n) / (n - 1) : mean * (1 - mean)
            estimate += weight * mean
            variance += weight * weight * spread / n
        }
        return (estimate, variance)
    }

    @Test func ratesAndComparisonsWeighEachPeriodByItsUnits() throws {
        let readout = ReadoutBuilder.readout(Self.totals())
        #expect(readout.periodWeighted)
        let groups = try #require(readout.goals.first?.groups)
        let short = Self.expected(arm: 0, over: [0, 1], value: false)
        let story = Self.expected(arm: 1, over: [0, 1, 2], value: false)
        #expect(abs((groups[0].conversionRate ?? 0) - short.estimate) < 1e-15)
        #expect(abs((groups[1].conversionRate ?? 0) - story.estimate) < 1e-15)
        #expect(abs((groups[1].valueMean ?? 0) - Self.expected(arm: 1, over: [0, 1, 2], value: true).estimate) < 1e-15)
        // Against the control, period 2 is left out of both arms: short has one unit there.
        let treatment = Self.expected(arm: 1, over: [0, 1], value: false)
        let difference = treatment.estimate - short.estimate
        let error = (treatment.variance + short.variance).squareRoot()
        let comparison = try #require(groups[1].vsControl)
        #expect(abs((comparison.difference ?? 0) - difference) < 1e-15)
        #expect(abs((comparison.ciLow ?? 0) - (difference - 1.959963984540054 * error)) < 1e-15)
        #expect(abs((comparison.ciHigh ?? 0) - (difference + 1.959963984540054 * error)) < 1e-15)
        #expect(abs((comparison.pValue ?? 0) - erfc(abs(difference / error) / 2.0.squareRoot())) < 1e-14)
        #expect(abs((comparison.relativeDifference ?? 0) - difference / short.estimate) < 1e-14)
        let valueTreatment = Self.expected(arm: 1, over: [0, 1], value: true)
        let valueControl = Self.expected(arm: 0, over: [0, 1], value: true)
        #expect(abs((comparison.valueDifference ?? 0) - (valueTreatment.estimate - valueControl.estimate)) < 1e-14)
        let valueError = (valueTreatment.variance + valueControl.variance).squareRoot()
        #expect(abs((comparison.valueCIHigh ?? 0) - (valueTreatment.estimate - valueControl.estimate + 1.959963984540054 * valueError)) < 1e-14)
        // The pooled rate of story differs: the weighing is not a no-op on these figures.
        #expect(abs((groups[1].conversionRate ?? 0) - 194.0 / 1_849) > 1e-3)
    }

    /// Every comparison's `effect` and `value_effect` read the same period-weighted estimates, by
    /// the method asked for; CUPED, asked or not, does not adjust them.
    @Test(arguments: [EffectMethod.tTest, .sequential()])
    func effectsReadThePeriodWeightedEstimates(method: EffectMethod) throws {
        let readout = ReadoutBuilder.readout(Self.totals(), effects: EffectSettings(method: method, cuped: true))
        let comparison = try #require(readout.goals.first?.groups[1].vsControl)
        let control = Self.expected(arm: 0, over: [0, 1], value: false)
        let treatment = Self.expected(arm: 1, over: [0, 1], value: false)
        let effect = try #require(comparison.effect)
        #expect(effect.method == method && effect.cuped == nil)
        let absolute = try #require(effect.absolute)
        let difference = treatment.estimate - control.estimate
        #expect(abs(absolute.estimate - difference) < 1e-15)
        #expect(abs((effect.relative?.estimate ?? 0) - difference / control.estimate) < 1e-14)
        // The interval's half-width against the normal one of the comparison: Welch's t with
        // hundreds of units is within a percent of it; the sequential interval is wider.
        let error = (treatment.variance + control.variance).squareRoot()
        let ratio = (absolute.ciHigh - absolute.estimate) / (1.959963984540054 * error)
        switch method {
        case .tTest: #expect(abs(ratio - 1) < 0.01, "\(ratio)")
        case .sequential: #expect(ratio > 1.2, "\(ratio)")
        }
        let valueEffect = try #require(comparison.valueEffect?.absolute)
        let valueDifference = Self.expected(arm: 1, over: [0, 1], value: true).estimate - Self.expected(arm: 0, over: [0, 1], value: true).estimate
        #expect(abs(valueEffect.estimate - valueDifference) < 1e-14)
    }

    @Test func theSplitIsCheckedAgainstEachPeriodsWeights() throws {
        let controls = [
            SplitTestControl(sequence: 5, experiments: ["onboarding_copy": .init(weights: ["short": 20, "story": 80], period: 1)]),
            SplitTestControl(sequence: 6, experiments: ["onboarding_copy": .init(weights: ["short": 0.5, "story": 99.5], period: 2)]),
        ]
        let history = AllocationHistory(controls: controls, definitions: [Self.definition])
        let srm = ReadoutBuilder.readout(Self.totals(), history: history).srm
        // Expected: Σ_p n_p · w_{p,arm}, by hand.
        let expected = [800 * 0.5 + 800 * 0.2 + 800 * 0.005, 800 * 0.5 + 800 * 0.8 + 800 * 0.995]
        let observed = [551.0, 1_849.0]
        let chiSquare = zip(observed, expected).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) / $1.1 }
        #expect(srm.notComputed == nil && srm.weightsKnown)
        #expect(abs((srm.chiSquare ?? 0) - chiSquare) < 1e-9)
        #expect(abs(srm.pValue - ChiSquareDistribution.survival(chiSquare, degreesOfFreedom: 1)) < 1e-12)
        #expect(srm.flagged == (srm.pValue < 0.001))
        let readout = ReadoutBuilder.readout(Self.totals(), history: history)
        #expect(readout.periods?.map(\.weights) == [[50, 50], [20, 80], [0.5, 99.5]])
        #expect(readout.periods?.map(\.units) == Self.periods.map(\.units))
    }

    @Test func theSplitIsNotCheckedWithoutEveryPeriodsWeights() {
        let noControls = ReadoutBuilder.readout(Self.totals()).srm
        #expect(noControls.notComputed?.contains("--controls") == true && !noControls.flagged && noControls.chiSquare == nil)

        let missing = AllocationHistory(
            controls: [SplitTestControl(sequence: 5, experiments: ["onboarding_copy": .init(weights: ["short": 20, "story": 80], period: 1)])],
            definitions: [Self.definition])
        #expect(ReadoutBuilder.readout(Self.totals(), history: missing).srm.notComputed
            == "the weights of period 2 are in none of the --controls documents")

        let conflicting = AllocationHistory(
            controls: [
                SplitTestControl(sequence: 5, experiments: ["onboarding_copy": .init(weights: ["short": 20, "story": 80], period: 1)]),
                SplitTestControl(sequence: 7, experiments: ["onboarding_copy": .init(weights: ["short": 30, "story": 70], period: 1)]),
                SplitTestControl(sequence: 8, experiments: ["onboarding_copy": .init(weights: ["short": 1, "story": 99], period: 2)]),
            ],
            definitions: [Self.definition])
        #expect(ReadoutBuilder.readout(Self.totals(), history: conflicting).srm.notComputed
            == "period 1 has other weights in the document of sequence 5 than in the document of sequence 7")
    }

    @Test func everyFormatSaysThatTheFiguresArePeriodWeighted() throws {
        let history = AllocationHistory(
            controls: [
                SplitTestControl(sequence: 5, experiments: ["onboarding_copy": .init(weights: ["short": 20, "story": 80], period: 1)]),
                SplitTestControl(sequence: 6, experiments: ["onboarding_copy": .init(weights: ["short": 0.5, "story": 99.5], period: 2)]),
            ],
            definitions: [Self.definition])
        let readouts = ReadoutBuilder.readouts([Self.totals()], history: history)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport.render(readouts).utf8)) as? [[String: Any]])
        #expect(json[0]["period_weighted"] as? Bool == true)
        let periods = try #require(json[0]["periods"] as? [[String: Any]])
        #expect(periods.map { $0["units"] as? Int } == [800, 800, 800])
        #expect((periods[2]["weights"] as? [String: Double]) == ["short": 0.5, "story": 99.5])
        #expect((periods[1]["group_units"] as? [String: Int]) == ["short": 150, "story": 650])
        #expect(TextReport.render(readouts).contains("period-weighted: each rate weighs the 3 allocation periods by its units"))
        let html = HTMLReport.render(readouts)
        #expect(html.contains("<svg class=\"weights-chart\""))
        #expect(html.contains("data-arm=\"story\" data-period=\"2\" data-weight=\"99.5\""))

        let unweighted = try #require(
            try JSONSerialization.jsonObject(with: Data(JSONReport.render(ReadoutBuilder.readouts([Self.totals()])).utf8)) as? [[String: Any]])
        let srm = try #require(unweighted[0]["srm"] as? [String: Any])
        #expect(srm["p_value"] is NSNull && (srm["not_computed"] as? String)?.contains("--controls") == true)
        #expect(HTMLReport.render(ReadoutBuilder.readouts([Self.totals()])).contains("sample ratio not computed"))
    }
}
