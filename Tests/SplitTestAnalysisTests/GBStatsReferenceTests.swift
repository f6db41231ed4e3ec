import Foundation
import SplitTestAnalysis
import SplitTestStatistics
import Testing
import TestTools

/// The effects (Welch's t, the sequential test, CUPED) against GrowthBook's engine, gbstats 0.8.0,
/// to 1e-9: this file computes fixed edge cases and a few hundred seeded random ones from
/// sufficient statistics, `Scripts/check_gbstats.py` recomputes each with gbstats' own classes,
/// in gbstats' virtual environment, and reports every mismatch and every null that stands where
/// gbstats has a value (or the reverse).
@Suite struct GBStatsReferenceTests {
    typealias AdjustedConversion = RegressionAdjustedStatistic<ProportionStatistic, ProportionStatistic>
    typealias AdjustedValue = RegressionAdjustedStatistic<SampleMeanStatistic, SampleMeanStatistic>
    typealias ValueAdjustedByConversion = RegressionAdjustedStatistic<SampleMeanStatistic, ProportionStatistic>

    /// The control's and a treatment's statistics, of one kind.
    enum Groups {
        case conversion(ProportionStatistic, ProportionStatistic)
        case value(SampleMeanStatistic, SampleMeanStatistic)
        case adjustedConversion(AdjustedConversion, AdjustedConversion)
        case adjustedValue(AdjustedValue, AdjustedValue)
        case valueAdjustedByConversion(ValueAdjustedByConversion, ValueAdjustedByConversion)

        func effect(_ method: EffectMethod) -> Effect {
            switch self {
            case .conversion(let control, let treatment):
                Effect.compare(control: control, treatment: treatment, method: method)
            case .value(let control, let treatment):
                Effect.compare(control: control, treatment: treatment, method: method)
            case .adjustedConversion(let control, let treatment):
                Effect.compare(control: control, treatment: treatment, method: method)
            case .adjustedValue(let control, let treatment):
                Effect.compare(control: control, treatment: treatment, method: method)
            case .valueAdjustedByConversion(let control, let treatment):
                Effect.compare(control: control, treatment: treatment, method: method)
            }
        }
    }

    // MARK: Fixed cases

    static let fixed: [(String, Groups)] = [
        ("conversion: typical", .conversion(converted(100, of: 1_000), converted(120, of: 1_000))),
        ("conversion: zero conversions in control", .conversion(converted(0, of: 1_000), converted(5, of: 1_000))),
        ("conversion: zero conversions in treatment", .conversion(converted(10, of: 1_000), converted(0, of: 1_000))),
        ("conversion: every control unit converted", .conversion(converted(50, of: 50), converted(45, of: 50))),
        ("conversion: one unit per group", .conversion(converted(1, of: 1), converted(0, of: 1))),
        ("conversion: two units per group", .conversion(converted(1, of: 2), converted(1, of: 2))),
        ("conversion: tiny groups", .conversion(converted(1, of: 3), converted(3, of: 4))),
        ("conversion: equal groups", .conversion(converted(250, of: 5_000), converted(250, of: 5_000))),
        ("conversion: empty treatment", .conversion(converted(10, of: 100), converted(0, of: 0))),
        ("conversion: rare and unbalanced", .conversion(converted(1, of: 20_000), converted(9, of: 200))),
        ("conversion: a million units per group",
         .conversion(converted(31_234, of: 1_000_000), converted(31_900, of: 1_000_000))),
        ("value: typical",
         .value(values(400, rate: 0.2, scale: 10, seed: 1), values(420, rate: 0.25, scale: 11, seed: 2))),
        ("value: small groups", .value(values(12, rate: 0.5, scale: 3, seed: 3), values(9, rate: 0.9, scale: 5, seed: 4))),
        ("value: no control value", .value(moments(Array(repeating: 0, count: 300)), values(300, rate: 0.1, scale: 8, seed: 5))),
        ("value: control refunds cancel to a mean of 0", .value(moments([5, -5, 2, -2]), moments([3, 1, 0, 4, 2]))),
        ("value: one unit in control", .value(moments([3]), moments([1, 2, 5, 8]))),
        ("value: two units per group", .value(moments([1, 2]), moments([3, 5]))),
        ("value: equal groups",
         .value(values(800, rate: 0.3, scale: 20, seed: 6), values(800, rate: 0.3, scale: 20, seed: 6))),
        ("value: constant whole values",
         .value(moments(Array(repeating: 2, count: 10)), moments(Array(repeating: 3, count: 12)))),
        // Rounding leaves a variance of about 1e-17 in both groups, which gbstats tests as real.
        ("value: constant fractional values (rounding residue)",
         .value(moments(Array(repeating: 0.1, count: 10)), moments(Array(repeating: 0.2, count: 8)))),
        ("value: constant fractional values (negative rounding residue)",
         .value(moments(Array(repeating: 0.1, count: 10)), moments(Array(repeating: 0.3, count: 7)))),
        ("value: a million units per group",
         .value(spread(1_000_000, mean: 1.9, deviation: 14), spread(1_000_000, mean: 1.95, deviation: 14.5))),
        ("cuped conversion: positive correlation",
         .adjustedConversion(
            conversion(2_000, post: 200, pre: 180, both: 120), conversion(2_000, post: 230, pre: 190, both: 125))),
        ("cuped conversion: negative correlation",
         .adjustedConversion(conversion(2_000, post: 200, pre: 500, both: 10), conversion(2_100, post: 260, pre: 510, both: 14))),
        ("cuped conversion: nobody converted before",
         .adjustedConversion(conversion(1_000, post: 90, pre: 0, both: 0), conversion(1_000, post: 110, pre: 0, both: 0))),
        ("cuped conversion: everybody converted before",
         .adjustedConversion(conversion(500, post: 90, pre: 500, both: 90), conversion(500, post: 110, pre: 500, both: 110))),
        ("cuped conversion: pre-period varies only across groups",
         .adjustedConversion(conversion(800, post: 80, pre: 0, both: 0), conversion(800, post: 95, pre: 800, both: 95))),
        ("cuped conversion: nobody converted after",
         .adjustedConversion(conversion(1_000, post: 0, pre: 40, both: 0), conversion(1_000, post: 0, pre: 45, both: 0))),
        ("cuped conversion: zero conversions in control after exposure",
         .adjustedConversion(conversion(1_000, post: 0, pre: 40, both: 0), conversion(1_000, post: 12, pre: 45, both: 6))),
        // p(1 − p) over n against a covariance over n − 1: the adjusted variance comes out negative.
        ("cuped conversion: two units per group",
         .adjustedConversion(conversion(2, post: 1, pre: 1, both: 1), conversion(2, post: 1, pre: 0, both: 0))),
        ("cuped conversion: a million units per group",
         .adjustedConversion(
            conversion(1_000_000, post: 50_000, pre: 48_000, both: 20_000),
            conversion(1_000_000, post: 51_000, pre: 48_100, both: 20_500))),
        ("cuped value: correlation 0.5",
         .adjustedValue(
            correlated(3_000, correlation: 0.5, lift: 0, seed: 7), correlated(3_000, correlation: 0.5, lift: 0.05, seed: 8))),
        ("cuped value: correlation -0.6",
         .adjustedValue(
            correlated(1_500, correlation: -0.6, lift: 0, seed: 9), correlated(1_400, correlation: -0.6, lift: 0.1, seed: 10))),
        ("cuped value: constant pre-period",
         .adjustedValue(adjusted([1, 4, 0, 2], pre: [3, 3, 3, 3]), adjusted([2, 5, 1, 0, 3], pre: [3, 3, 3, 3, 3]))),
        ("cuped value: no pre-period value",
         .adjustedValue(adjusted([1, 4, 0, 2], pre: [0, 0, 0, 0]), adjusted([2, 5, 1, 0, 3], pre: [0, 0, 0, 0, 0]))),
        ("cuped value: pre-period uncorrelated",
         .adjustedValue(adjusted([1, 2, 3, 4], pre: [1, -1, -1, 1]), adjusted([2, 4, 6, 8], pre: [1, -1, -1, 1]))),
        ("cuped value: no pre-period value in control only",
         .adjustedValue(adjusted([1, 4, 0, 2, 7], pre: [0, 0, 0, 0, 0]), adjusted([2, 5, 1, 0, 3], pre: [1, 6, 0, 0, 2]))),
        ("cuped value: two units per group",
         .adjustedValue(adjusted([1, 3], pre: [2, 5]), adjusted([2, 2.5], pre: [1, 4]))),
        ("cuped value: a million units per group",
         .adjustedValue(
            adjusted(1_000_000, post: (1.9, 14), pre: (1.7, 13), correlation: 0.45),
            adjusted(1_000_000, post: (1.95, 14.2), pre: (1.7, 13.1), correlation: 0.46))),
        ("cuped value by conversion",
         .valueAdjustedByConversion(valueByConversion(2_000, seed: 11), valueByConversion(2_050, seed: 12))),
    ]

    // MARK: Random cases

    /// Seeded random sufficient statistics of every kind, from 2 to a million units per group:
    /// below 300 units drawn unit by unit, above from drawn means, deviations and correlations.
    static func random(count: Int, seed: UInt64) -> [(String, Groups)] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let units = Int(exp(log(2.0) + generator.uniform() * (log(1_000_000.0) - log(2.0))))
            let treatmentUnits = max(2, Int(Double(units) * (0.5 + 1.5 * generator.uniform())))
            let lift = generator.uniform() < 0.1 ? 0 : 0.2 * (generator.uniform() - 0.5)
            let name = "random \(index) (\(units) and \(treatmentUnits) units)"
            switch index % 5 {
            case 0:
                let rate = 0.001 + 0.5 * generator.uniform()
                return (name, .conversion(
                    randomConversion(units, rate: rate, generator: &generator).post,
                    randomConversion(treatmentUnits, rate: rate * (1 + lift), generator: &generator).post))
            case 1:
                let (mean, deviation) = (10 * generator.uniform(), 0.1 + 30 * generator.uniform())
                let control = randomValue(units, mean: mean, deviation: deviation, correlation: 0, generator: &generator)
                let treatment = randomValue(
                    treatmentUnits, mean: mean * (1 + lift), deviation: deviation, correlation: 0, generator: &generator)
                return (name, .value(control.post, treatment.post))
            case 2:
                let rate = 0.01 + 0.5 * generator.uniform()
                let correlation = 1.6 * generator.uniform() - 0.6
                return (name, .adjustedConversion(
                    randomConversion(units, rate: rate, correlation: correlation, generator: &generator),
                    randomConversion(treatmentUnits, rate: rate * (1 + lift), correlation: correlation, generator: &generator)))
            case 3:
                let (mean, deviation) = (10 * generator.uniform(), 0.1 + 30 * generator.uniform())
                let correlation = 1.6 * generator.uniform() - 0.6
                let control = randomValue(units, mean: mean, deviation: deviation, correlation: correlation, generator: &generator)
                let treatment = randomValue(
                    treatmentUnits, mean: mean * (1 + lift), deviation: deviation, correlation: correlation, generator: &generator)
                return (name, .adjustedValue(control, treatment))
            default:
                let seed = generator.next()
                return (name, .valueAdjustedByConversion(
                    valueByConversion(units, seed: seed), valueByConversion(treatmentUnits, seed: seed &+ 1)))
            }
        }
    }

    static let randomCases = random(count: 400, seed: 2_026)

    /// Each pair of groups under Welch's t and under the sequential test, the latter mostly with
    /// the default tuning and sometimes with another.
    static var comparisons: [(name: String, groups: Groups, method: EffectMethod)] {
        let usual = SequentialTwoSidedTTest.defaultTuning
        let tunings: [Double] = [usual, usual, usual, 100, 1_000, 20_000, 1_000_000]
        return (fixed + randomCases).enumerated().flatMap { index, pair in
            let sequential = EffectMethod.sequential(tuning: tunings[index % tunings.count])
            return [(pair.0, pair.1, EffectMethod.tTest), (pair.0, pair.1, sequential)]
        }
    }

    @Test(.requires(.gbstats)) func matchesGBStats() throws {
        try Oracle.gbstats.require()
        let cases = Self.comparisons.map { ReferenceCase($0.name, $0.groups, $0.method) }
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("cases.json")
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        try encoder.encode(cases).write(to: input)
        let outcome = try ExternalProcess.run(
            Oracle.gbstatsPython, [ExternalProcess.scripts.appendingPathComponent("check_gbstats.py").path, input.path])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains("\(cases.count) cases, 0 mismatches"), "\(outcome.stdout)\(outcome.stderr)")
    }

    // MARK: What holds without the reference

    @Test func neverNaN() {
        for (name, groups, method) in Self.comparisons {
            let effect = groups.effect(method)
            for estimate in [effect.absolute, effect.relative].compactMap({ $0 }) {
                #expect(
                    [estimate.estimate, estimate.ciLow, estimate.ciHigh, estimate.pValue].allSatisfy(\.isFinite)
                        && estimate.ciLow <= estimate.estimate && estimate.estimate <= estimate.ciHigh
                        && (0...1).contains(estimate.pValue), "\(name)")
            }
            #expect((effect.absolute == nil) == (effect.relative == nil), "\(name)")
        }
    }

    @Test func nothingToMeasureIsNil() {
        let nothing: [(ProportionStatistic, ProportionStatistic)] = [
            (.init(units: 1_000, converted: 0), .init(units: 1_000, converted: 5)),
            (.init(units: 1_000, converted: 10), .init(units: 1_000, converted: 0)),
            (.init(units: 1, converted: 1), .init(units: 1, converted: 0)),
            (.init(units: 0, converted: 0), .init(units: 10, converted: 5)),
        ]
        for (control, treatment) in nothing {
            for method in [EffectMethod.tTest, .sequential()] {
                let effect = Effect.compare(control: control, treatment: treatment, method: method)
                #expect(effect.absolute == nil && effect.relative == nil && effect.cuped == nil)
            }
        }
    }

    @Test func cupedWithoutPrePeriodVarianceFallsBack() {
        let control = Self.conversion(1_000, post: 90, pre: 0, both: 0)
        let treatment = Self.conversion(1_000, post: 110, pre: 0, both: 0)
        let adjusted = Effect.compare(control: control, treatment: treatment, method: .tTest)
        let plain = Effect.compare(control: control.post, treatment: treatment.post, method: .tTest)
        #expect(adjusted.cuped == CUPEDAdjustment(theta: 0, varianceReduction: 0))
        #expect(adjusted.absolute == plain.absolute && adjusted.relative == plain.relative)
    }

    @Test func cupedNarrowsTheIntervalByTheCorrelation() throws {
        // With a pre-period correlated ρ with the outcome, the adjusted variance is about
        // (1 − ρ²) of the unadjusted one.
        let control = Self.adjusted(1_000_000, post: (2, 10), pre: (2, 10), correlation: 0.5)
        let treatment = Self.adjusted(1_000_000, post: (2.02, 10), pre: (2, 10), correlation: 0.5)
        let adjusted = Effect.compare(control: control, treatment: treatment, method: .tTest)
        let plain = Effect.compare(control: control.post, treatment: treatment.post, method: .tTest)
        let reduction = try #require(adjusted.cuped?.varianceReduction)
        #expect(abs(reduction - 0.25) < 1e-3)
        let narrowing = try #require(adjusted.absolute).halfWidth / #require(plain.absolute).halfWidth
        #expect(abs(narrowing - 0.75.squareRoot()) < 1e-3)
    }

    // MARK: Building statistics

    static func converted(_ converted: Int, of units: Int) -> ProportionStatistic {
        ProportionStatistic(units: units, converted: converted)
    }

    static func moments(_ values: [Double]) -> SampleMeanStatistic {
        SampleMeanStatistic(units: values.count, sum: values.reduce(0, +), sumOfSquares: values.reduce(0) { $0 + $1 * $1 })
    }

    /// Per-unit values: most units 0 (no goal), the others a skewed amount, as purchases are.
    static func values(_ units: Int, rate: Double, scale: Double, seed: UInt64) -> SampleMeanStatistic {
        var generator = SplitMix64(seed: seed)
        return moments((0..<units).map { _ in
            guard generator.uniform() < rate else { return 0 }
            return (-log(1 - generator.uniform()) * scale * 100).rounded() / 100
        })
    }

    /// The statistic of `units` values with the given mean and sample standard deviation.
    static func spread(_ units: Int, mean: Double, deviation: Double) -> SampleMeanStatistic {
        let sum = Double(units) * mean
        let sumOfSquares = Double(units - 1) * deviation * deviation + sum * sum / Double(units)
        return SampleMeanStatistic(units: units, sum: sum, sumOfSquares: sumOfSquares)
    }

    static func conversion(_ units: Int, post: Int, pre: Int, both: Int) -> AdjustedConversion {
        AdjustedConversion(
            post: .init(units: units, converted: post), pre: .init(units: units, converted: pre), sumOfProducts: Double(both))
    }

    static func adjusted(_ post: [Double], pre: [Double]) -> AdjustedValue {
        AdjustedValue(post: moments(post), pre: moments(pre), sumOfProducts: zip(post, pre).reduce(0) { $0 + $1.0 * $1.1 })
    }

    /// `units` values whose post and pre statistics have the given means, deviations and correlation.
    static func adjusted(
        _ units: Int, post: (mean: Double, deviation: Double), pre: (mean: Double, deviation: Double), correlation: Double
    ) -> AdjustedValue {
        let postStatistic = spread(units, mean: post.mean, deviation: post.deviation)
        let preStatistic = spread(units, mean: pre.mean, deviation: pre.deviation)
        let covariance = correlation * post.deviation * pre.deviation
        let products = Double(units - 1) * covariance + postStatistic.sum * preStatistic.sum / Double(units)
        return AdjustedValue(post: postStatistic, pre: preStatistic, sumOfProducts: products)
    }

    /// A standard normal draw (Box–Muller).
    static func normal(_ generator: inout SplitMix64) -> Double {
        (-2 * log(1 - generator.uniform())).squareRoot() * cos(2 * Double.pi * generator.uniform())
    }

    /// Values per unit, post and pre correlated through a shared normal draw; drawn unit by unit
    /// below 300 units (cents, clipped at 0 as purchases are), from moments above.
    static func randomValue(
        _ units: Int, mean: Double, deviation: Double, correlation: Double, generator: inout SplitMix64
    ) -> AdjustedValue {
        guard units < 300 else {
            return adjusted(units, post: (mean, deviation), pre: (mean * 0.9, deviation * 0.95), correlation: correlation)
        }
        var post: [Double] = []
        var pre: [Double] = []
        for _ in 0..<units {
            let shared = normal(&generator)
            let own = normal(&generator)
            pre.append(max(0, ((mean + deviation * shared) * 100).rounded() / 100))
            let outcome = mean + deviation * (correlation * shared + (1 - correlation * correlation).squareRoot() * own)
            post.append(max(0, (outcome * 100).rounded() / 100))
        }
        return adjusted(post, pre: pre)
    }

    /// `units` values drawn unit by unit (cents, clipped at 0), post correlated with pre about
    /// `correlation`, the post mean raised by `lift`.
    static func correlated(_ units: Int, correlation: Double, lift: Double, seed: UInt64) -> AdjustedValue {
        var generator = SplitMix64(seed: seed)
        var post: [Double] = []
        var pre: [Double] = []
        for _ in 0..<units {
            let shared = normal(&generator)
            let own = normal(&generator)
            pre.append(max(0, ((5 + 4 * shared) * 100).rounded() / 100))
            let outcome = 5 * (1 + lift) + 4 * (correlation * shared + (1 - correlation * correlation).squareRoot() * own)
            post.append(max(0, (outcome * 100).rounded() / 100))
        }
        return adjusted(post, pre: pre)
    }

    /// Conversions per unit, post and pre correlated through a shared normal draw; drawn unit by
    /// unit below 300 units, from rates and the correlation above.
    static func randomConversion(
        _ units: Int, rate: Double, correlation: Double = 0, generator: inout SplitMix64
    ) -> AdjustedConversion {
        let preRate = rate * (0.5 + generator.uniform())
        guard units < 300 else {
            let post = Int((Double(units) * rate).rounded())
            let pre = Int((Double(units) * preRate).rounded())
            let covariance = correlation * (rate * (1 - rate) * preRate * (1 - preRate)).squareRoot()
            let both = Int((Double(units) * (rate * preRate + covariance)).rounded())
            return conversion(units, post: post, pre: pre, both: min(min(post, pre), max(both, max(0, post + pre - units))))
        }
        var post = 0
        var pre = 0
        var both = 0
        for _ in 0..<units {
            let shared = generator.uniform()
            let converted = (correlation >= 0 ? shared : 1 - shared) < rate || generator.uniform() < rate * (1 - abs(correlation))
            let convertedBefore = shared < preRate
            post += converted ? 1 : 0
            pre += convertedBefore ? 1 : 0
            both += converted && convertedBefore ? 1 : 0
        }
        return conversion(units, post: post, pre: pre, both: both)
    }

    /// A value per unit adjusted by whether the unit converted before: converters spend more.
    static func valueByConversion(_ units: Int, seed: UInt64) -> ValueAdjustedByConversion {
        var generator = SplitMix64(seed: seed)
        var values: [Double] = []
        var converted = 0
        var products = 0.0
        for _ in 0..<units {
            let before = generator.uniform() < 0.2
            let value = generator.uniform() < (before ? 0.5 : 0.1) ? (-log(1 - generator.uniform()) * 1_000).rounded() / 100 : 0
            values.append(value)
            if before {
                converted += 1
                products += value
            }
        }
        return ValueAdjustedByConversion(
            post: moments(values), pre: ProportionStatistic(units: units, converted: converted), sumOfProducts: products)
    }
}

extension EffectEstimate {
    fileprivate var halfWidth: Double { (ciHigh - ciLow) / 2 }
}

/// One comparison as the script reads it: the groups' sufficient statistics, the method and the
/// Swift results.
private struct ReferenceCase: Encodable {
    struct Figures: Encodable {
        var units: Int
        var converted: Int?
        var sum: Double?
        var sumOfSquares: Double?

        init(_ statistic: ProportionStatistic) {
            units = statistic.units
            converted = statistic.converted
        }

        init(_ statistic: SampleMeanStatistic) {
            units = statistic.units
            sum = statistic.sum
            sumOfSquares = statistic.sumOfSquares
        }
    }

    struct Group: Encodable {
        var post: Figures
        var pre: Figures?
        var sumOfProducts: Double?
    }

    typealias Estimate = ReferenceEstimate

    struct Cuped: Encodable {
        var theta: Double
        var varianceReduction: Double?
    }

    struct Result: Encodable {
        var cuped: Cuped?
        var absolute: Estimate?
        var relative: Estimate?
    }

    var name: String
    var outcome: String
    var covariate: String?
    var method: String
    var tuning: Double?
    var control: Group
    var treatment: Group
    var result: Result

    init(_ name: String, _ groups: GBStatsReferenceTests.Groups, _ method: EffectMethod) {
        self.name = name
        self.method = method.name
        if case .sequential(let tuning) = method { self.tuning = tuning }
        func plain<S>(_ statistic: S, _ figures: (S) -> Figures) -> Group { Group(post: figures(statistic)) }
        func adjusted<O, C>(
            _ statistic: RegressionAdjustedStatistic<O, C>, _ post: (O) -> Figures, _ pre: (C) -> Figures
        ) -> Group {
            Group(post: post(statistic.post), pre: pre(statistic.pre), sumOfProducts: statistic.sumOfProducts)
        }
        switch groups {
        case .conversion(let control, let treatment):
            (outcome, covariate) = ("proportion", nil)
            (self.control, self.treatment) = (plain(control, Figures.init), plain(treatment, Figures.init))
        case .value(let control, let treatment):
            (outcome, covariate) = ("sample_mean", nil)
            (self.control, self.treatment) = (plain(control, Figures.init), plain(treatment, Figures.init))
        case .adjustedConversion(let control, let treatment):
            (outcome, covariate) = ("proportion", "proportion")
            (self.control, self.treatment) = (
                adjusted(control, Figures.init, Figures.init), adjusted(treatment, Figures.init, Figures.init)
            )
        case .adjustedValue(let control, let treatment):
            (outcome, covariate) = ("sample_mean", "sample_mean")
            (self.control, self.treatment) = (
                adjusted(control, Figures.init, Figures.init), adjusted(treatment, Figures.init, Figures.init)
            )
        case .valueAdjustedByConversion(let control, let treatment):
            (outcome, covariate) = ("sample_mean", "proportion")
            (self.control, self.treatment) = (
                adjusted(control, Figures.init, Figures.init), adjusted(treatment, Figures.init, Figures.init)
            )
        }
        let effect = groups.effect(method)
        result = Result(
            cuped: effect.cuped.map { Cuped(theta: $0.theta, varianceReduction: $0.varianceReduction) },
            absolute: Estimate(effect.absolute), relative: Estimate(effect.relative))
    }
}
