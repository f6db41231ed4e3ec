import Foundation
@_spi(Tools) import SplitTestAnalysis
import SplitTestStatistics
import Testing
import TestTools

/// The metrics' statistics against their references, each on seeded random data:
/// - ratio effects (absolute and relative, Welch's t and the sequential test) against gbstats
///   0.8.0's `RatioStatistic`, and quantile effects against its `QuantileStatistic` and
///   `QuantileClusteredStatistic` on the same quantile and bounds, which the script also
///   recomputes from the events' values with NumPy (`Scripts/check_metric_statistics.py`, in
///   gbstats' environment);
/// - adjusted p-values against statsmodels' `multipletests` (holm, fdr_bh), the plan's units
///   against statsmodels' power solvers, and the distributions under them against SciPy
///   (`Scripts/check_corrections_and_power.py`).
@Suite struct MetricReferenceTests {
    // MARK: Ratio and quantile against gbstats

    struct RatioGroup: Encodable {
        var units: Int
        var mSum, mSumSquares, dSum, dSumSquares, products: Double
        var mean, variance: Double

        init(_ statistic: RatioStatistic) {
            units = statistic.units
            mSum = statistic.numerator.sum
            mSumSquares = statistic.numerator.sumOfSquares
            dSum = statistic.denominator.sum
            dSumSquares = statistic.denominator.sumOfSquares
            products = statistic.sumOfProducts
            mean = statistic.mean
            variance = statistic.variance
        }
    }

    struct QuantileGroup: Encodable {
        var n, nStar: Int
        var nu, quantile, lower, upper: Double
        var clusters: Clusters?
        var variance: Double
        var zeroVariance: Bool
        /// Each unit's event values, from which the script recomputes the figures above.
        var valuesByUnit: [[Double]]

        struct Clusters: Encodable {
            var nClusters: Int
            var mainSum, mainSumSquares, denominatorSum, denominatorSumSquares, mainDenominatorSumProduct: Double
        }

        init(_ statistic: QuantileStatistic, valuesByUnit: [[Double]]) {
            n = statistic.events
            nStar = statistic.boundsSampleSize
            nu = statistic.quantile
            quantile = statistic.estimate
            lower = statistic.lower
            upper = statistic.upper
            clusters = statistic.clusters.map {
                Clusters(
                    nClusters: $0.units, mainSum: $0.belowSum, mainSumSquares: $0.belowSumOfSquares, denominatorSum: $0.eventSum,
                    denominatorSumSquares: $0.eventSumOfSquares, mainDenominatorSumProduct: $0.sumOfProducts)
            }
            variance = statistic.variance
            zeroVariance = statistic.hasZeroVariance
            self.valuesByUnit = valuesByUnit
        }
    }

    typealias Estimate = ReferenceEstimate

    struct Case: Encodable {
        var name: String
        var kind: String
        var method: String
        var tuning: Double
        var ratio: [RatioGroup]?
        var quantile: [QuantileGroup]?
        var absolute: Estimate?
        var relative: Estimate?
    }

    /// Per-unit numerators and denominators: units with 0 to 4 orders of a lognormal value.
    static func ratioGroup(_ units: Int, meanOrders: Double, price: Double, generator: inout SplitMix64) -> RatioStatistic {
        var m = (sum: 0.0, squares: 0.0)
        var d = (sum: 0.0, squares: 0.0)
        var products = 0.0
        for _ in 0..<units {
            let orders = Double(Int(generator.uniform() * 2 * meanOrders))
            var revenue = 0.0
            for _ in 0..<Int(orders) { revenue += (price * exp(0.6 * (generator.uniform() - 0.5))).rounded() }
            m.sum += revenue
            m.squares += revenue * revenue
            d.sum += orders
            d.squares += orders * orders
            products += revenue * orders
        }
        return RatioStatistic(
            units: units, numerator: SampleMeanStatistic(units: units, sum: m.sum, sumOfSquares: m.squares),
            denominator: SampleMeanStatistic(units: units, sum: d.sum, sumOfSquares: d.squares), sumOfProducts: products)
    }

    /// Per-unit event values (0 to `maximumEvents` each, some units without any) around `center`.
    static func quantileValues(_ units: Int, maximumEvents: Int, center: Double, generator: inout SplitMix64) -> [[Double]] {
        (0..<units).map { _ in
            let unitShift = 0.3 * (generator.uniform() - 0.5)
            return (0..<Int(generator.next() % UInt64(maximumEvents + 1))).map { _ in
                (center * (1 + unitShift) * (0.5 + generator.uniform() * generator.uniform() * 2)).rounded()
            }
        }
    }

    static func quantileStatistic(_ values: [[Double]], level: Double, clustered: Bool) -> QuantileStatistic? {
        let all = values.flatMap { $0 }
        guard let plain = QuantileStatistic.of(values: all, quantile: level) else { return nil }
        guard clustered else { return plain }
        var clusters = QuantileClusters(units: values.count, belowSum: 0, belowSumOfSquares: 0, eventSum: 0, eventSumOfSquares: 0, sumOfProducts: 0)
        for unit in values where !unit.isEmpty {
            let below = Double(unit.filter { $0 <= plain.estimate }.count)
            let events = Double(unit.count)
            clusters.belowSum += below
            clusters.belowSumOfSquares += below * below
            clusters.eventSum += events
            clusters.eventSumOfSquares += events * events
            clusters.sumOfProducts += below * events
        }
        var statistic = plain
        statistic.clusters = clusters
        return statistic
    }

    static func cases() -> [Case] {
        var generator = SplitMix64(seed: 4_242)
        var cases: [Case] = []
        let methods: [(String, EffectMethod, Double)] = [
            ("t", .tTest, 0), ("sequential", .sequential(), SequentialTwoSidedTTest.defaultTuning),
            ("sequential", .sequential(tuning: 800), 800),
        ]
        for index in 0..<120 {
            let units = [2, 3, 10, 50, 400, 3_000][index % 6]
            let meanOrders = [0.02, 0.3, 1.5][index % 3]
            let control = ratioGroup(units, meanOrders: meanOrders, price: 20, generator: &generator)
            let treatment = ratioGroup(
                max(2, units + Int(generator.next() % 7) - 3), meanOrders: meanOrders * (0.9 + 0.3 * generator.uniform()),
                price: 20 * (0.95 + 0.15 * generator.uniform()), generator: &generator)
            let (label, method, tuning) = methods[index % methods.count]
            let effect = Effect.compare(control: control.groupEstimate, treatment: treatment.groupEstimate, method: method)
            cases.append(Case(
                name: "ratio \(index) (\(units) units)", kind: "ratio", method: label, tuning: tuning,
                ratio: [RatioGroup(control), RatioGroup(treatment)], absolute: Estimate(effect.absolute), relative: Estimate(effect.relative)))
        }
        for index in 0..<120 {
            let units = [3, 20, 60, 150, 700, 2_500][index % 6]
            let maximumEvents = [1, 3, 8][index % 3]
            let level = [0.5, 0.9, 0.99, 0.1, 0.75][index % 5]
            let clustered = index % 4 != 0
            let controlValues = quantileValues(units, maximumEvents: maximumEvents, center: 400, generator: &generator)
            let treatmentValues = quantileValues(
                units + Int(generator.next() % 11), maximumEvents: maximumEvents, center: 400 * (0.9 + 0.25 * generator.uniform()),
                generator: &generator)
            guard let control = quantileStatistic(controlValues, level: level, clustered: clustered),
                let treatment = quantileStatistic(treatmentValues, level: level, clustered: clustered)
            else { continue }
            let (label, method, tuning) = methods[index % methods.count]
            let effect = Effect.compare(control: control.groupEstimate, treatment: treatment.groupEstimate, method: method)
            cases.append(Case(
                name: "quantile \(index) (p\(level * 100), \(units) units, \(clustered ? "clustered" : "independent"))",
                kind: "quantile", method: label, tuning: tuning,
                quantile: [QuantileGroup(control, valuesByUnit: controlValues), QuantileGroup(treatment, valuesByUnit: treatmentValues)],
                absolute: Estimate(effect.absolute), relative: Estimate(effect.relative)))
        }
        return cases
    }

    @Test(.requires(.gbstats)) func ratioAndQuantileEffectsMatchGBStats() throws {
        try Oracle.gbstats.require()
        let cases = Self.cases()
        #expect(cases.filter { $0.kind == "quantile" }.count > 100)
        // Both kinds have estimates and defaults among them, so that either side of the rule is checked.
        #expect(cases.contains { $0.kind == "quantile" && $0.absolute == nil } && cases.contains { $0.kind == "quantile" && $0.absolute != nil })
        #expect(cases.contains { $0.kind == "ratio" && $0.absolute == nil } && cases.contains { $0.kind == "ratio" && $0.absolute != nil })
        let outcome = try Self.runScript(
            "check_metric_statistics.py", python: Oracle.gbstatsPython, cases)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("\(cases.count) cases, 0 mismatches"), "\(outcome.stdout)\(outcome.stderr)")
    }

    static func runScript<Input: Encodable>(_ script: String, python: String, _ input: Input) throws -> ExternalProcess.Outcome {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cases.json")
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        try encoder.encode(input).write(to: file)
        return try ExternalProcess.run(python, [ExternalProcess.scripts.appendingPathComponent(script).path, file.path])
    }

    // MARK: Corrections, plans and distributions against statsmodels and SciPy

    struct Corrections: Encodable {
        var pValues: [Double]
        var holm: [Double]
        var bh: [Double]
    }

    struct PlanCase: Encodable {
        var test: String
        var effectSize: Double
        var alpha: Double
        var power: Double
        var ratio: Double
        var controlUnits: Double
        /// For a conversion, the rates Cohen's h was formed from.
        var baseline: Double?
        var treated: Double?
    }

    struct Distributions: Encodable {
        var normalQuantiles: [[Double]]
        var noncentralT: [[Double]]
    }

    struct StatsmodelsInput: Encodable {
        var corrections: [Corrections]
        var plans: [PlanCase]
        var distributions: Distributions
    }

    static func statsmodelsInput() -> StatsmodelsInput {
        var generator = SplitMix64(seed: 99)
        var corrections: [Corrections] = []
        for index in 0..<60 {
            let count = 1 + index % 12
            // Small p-values, ties and ones among them.
            let pValues = (0..<count).map { _ -> Double in
                let draw = generator.uniform()
                if draw < 0.1 { return 1 }
                if draw < 0.2 { return 0.03 }
                return pow(generator.uniform(), 3)
            }
            corrections.append(Corrections(
                pValues: pValues, holm: MultipleComparisonCorrection.holm.adjust(pValues), bh: MultipleComparisonCorrection.bh.adjust(pValues)))
        }
        var plans: [PlanCase] = []
        for (baseline, lift) in [(0.1, 0.1), (0.02, 0.05), (0.5, 0.02), (0.3, 0.5), (0.001, 0.3)] {
            for ratio in [1.0, 0.5, 3.0] {
                for (alpha, power) in [(0.05, 0.8), (0.01, 0.9), (0.1, 0.5)] {
                    let treated = baseline * (1 + lift)
                    let h = 2 * asin(treated.squareRoot()) - 2 * asin(baseline.squareRoot())
                    plans.append(PlanCase(
                        test: "normal", effectSize: h, alpha: alpha, power: power, ratio: ratio,
                        controlUnits: SampleSizePlan.controlUnits(effectSize: h, alpha: alpha, power: power, ratio: ratio, test: .normal),
                        baseline: baseline, treated: treated))
                }
            }
        }
        for effectSize in [1.2, 0.5, 0.2, 0.05, 0.01] {
            for ratio in [1.0, 0.25, 2.0] {
                for (alpha, power) in [(0.05, 0.8), (0.01, 0.95), (0.2, 0.6)] {
                    plans.append(PlanCase(
                        test: "t", effectSize: effectSize, alpha: alpha, power: power, ratio: ratio,
                        controlUnits: SampleSizePlan.controlUnits(effectSize: effectSize, alpha: alpha, power: power, ratio: ratio, test: .t)))
                }
            }
        }
        let probabilities = [1e-12, 1e-6, 0.001, 0.025, 0.2, 0.5, 0.7, 0.8, 0.9, 0.975, 0.999, 1 - 1e-9]
        let noncentral = [(2.0, 3.0, 1.5), (1.96, 100, 2.8), (-1.96, 100, 2.8), (0.5, 10, -1), (3.2, 1_000, 3), (-2.5, 7, -2), (1.0, 50_000, 0.2)]
        return StatsmodelsInput(
            corrections: corrections, plans: plans,
            distributions: Distributions(
                normalQuantiles: probabilities.map { [$0, NormalDistribution.quantile($0)] },
                noncentralT: noncentral.map { [$0.0, $0.1, $0.2, NoncentralTDistribution.cdf($0.0, degreesOfFreedom: $0.1, noncentrality: $0.2)] }))
    }

    @Test(.requires(.scipy)) func correctionsAndPlansMatchStatsmodels() throws {
        try Oracle.scipy.require()
        let input = Self.statsmodelsInput()
        let outcome = try Self.runScript("check_corrections_and_power.py", python: "python3", input)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("0 mismatches"), "\(outcome.stdout)\(outcome.stderr)")
    }

    // MARK: What holds without a reference

    @Test func adjustedPValuesAreOrderedAndNeverSmaller() {
        for corrections in Self.statsmodelsInput().corrections {
            for adjusted in [corrections.holm, corrections.bh] {
                #expect(zip(corrections.pValues, adjusted).allSatisfy { $1 >= $0 && $1 <= 1 })
                // The same order as the p-values (ties may share a value).
                let order = corrections.pValues.indices.sorted { corrections.pValues[$0] < corrections.pValues[$1] }
                #expect(zip(order, order.dropFirst()).allSatisfy { adjusted[$0] <= adjusted[$1] })
            }
            // Holm is never less strict than Benjamini-Hochberg.
            // (to the last bits: statsmodels divides by i/n where Holm multiplies by n − i + 1)
            #expect(zip(corrections.holm, corrections.bh).allSatisfy { $0 + 1e-12 >= $1 })
        }
    }

    @Test func morePowerOrASmallerEffectNeedsMoreUnits() {
        let base = SampleSizePlan.controlUnits(effectSize: 0.1, alpha: 0.05, power: 0.8, ratio: 1, test: .t)
        #expect(SampleSizePlan.controlUnits(effectSize: 0.1, alpha: 0.05, power: 0.9, ratio: 1, test: .t) > base)
        #expect(SampleSizePlan.controlUnits(effectSize: 0.05, alpha: 0.05, power: 0.8, ratio: 1, test: .t) > 3.9 * base)
        #expect(SampleSizePlan.controlUnits(effectSize: 0.1, alpha: 0.01, power: 0.8, ratio: 1, test: .t) > base)
        // The power at the planned size is the power asked for.
        #expect(abs(SampleSizePlan.power(effectSize: 0.1, controlUnits: base, ratio: 1, alpha: 0.05, test: .t) - 0.8) < 1e-9)
    }
}
