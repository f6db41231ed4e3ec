import Foundation

/// One target of `Benchmarks/Specs/specs_bench.py`: a command against its reference in the same
/// run, the medians of alternating rounds.
struct SpecsMeasurement: Decodable {
    /// Which target: `test`, `catalog` or `catalog_linear`.
    var key: String
    /// The target in words, as the script prints it.
    var target: String
    /// The command's median over the reference's.
    var ratio: Double
    /// The command's median, in seconds.
    var seconds: Double
    /// The reference's median, in seconds.
    var referenceSeconds: Double

    enum CodingKeys: String, CodingKey {
        case key, target, ratio, seconds
        case referenceSeconds = "reference_seconds"
    }
}

/// The test specs' and the catalog's targets, read from the specs run.
extension Report {
    func specsVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        let targets: [(key: String, target: String, limit: Double)] = [
            ("test", "specs: splitc test of 1,000 cases and a 100,000-unit distribution within \(Formatting.factor(Targets.specsOverSimulate))× splitc simulate of the same units", Targets.specsOverSimulate),
            ("catalog", "catalog: splitc catalog of 1,000 experiments under \(Formatting.factor(Targets.catalogOverLint))× splitc lint of them", Targets.catalogOverLint),
            ("catalog_linear", "catalog: 4,000 experiments within \(Formatting.factor(Targets.catalogLinear))× the time of 1,000 (linear)", Targets.catalogLinear),
        ]
        return targets.map { key, target, limit in
            guard let measured = specs?.first(where: { $0.key == key }) else { return (target, "not measured", false) }
            return (
                target,
                "\(Formatting.ratio(measured.ratio)) (\(Formatting.seconds(measured.seconds)) against \(Formatting.seconds(measured.referenceSeconds)))",
                Targets.holds(measured.ratio, atMost: limit)
            )
        }
    }

    func specsVerdictSection() -> String {
        Formatting.table(
            ["specs and catalog target", "measured", "verdict"],
            specsVerdicts().map { [$0.target, $0.figure, Formatting.verdict($0.passed)] })
    }
}

extension Targets {
    /// `splitc test` against `splitc simulate` of the same units.
    static let specsOverSimulate = 2.0
    /// `splitc catalog` against `splitc lint` of the same definitions (under it).
    static let catalogOverLint = 5.0
    /// `splitc catalog` of 4,000 experiments against 1,000: linear, with room for noise (16× is quadratic).
    static let catalogLinear = 4.4
}
