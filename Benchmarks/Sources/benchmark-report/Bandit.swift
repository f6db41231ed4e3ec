import Foundation

/// One run of `Benchmarks/Analysis/bandit_bench.py`: `splitc bandit` and `splitc analyze` over the
/// same generated events with the same definitions, and `bandit-bench`'s weight computation.
struct BanditMeasurement: Decodable {
    var events: Int
    var units: Int
    /// Wall time of `splitc analyze`, in seconds.
    var analyzeSeconds: Double
    /// Wall time of `splitc bandit`, in seconds.
    var banditSeconds: Double
    /// The arms of the weight computation.
    var arms: Int
    /// The fastest weight computation, in seconds.
    var weightsSeconds: Double

    enum CodingKeys: String, CodingKey {
        case events, units, arms
        case analyzeSeconds = "analyze_s"
        case banditSeconds = "bandit_s"
        case weightsSeconds = "weights_s"
    }
}

/// The bandit's targets, read from the bandit run.
extension Report {
    func banditVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        let update = "bandit: splitc bandit over the events within \(Formatting.factor(Targets.banditOverAnalyze))× splitc analyze of the same file"
        let weights = "bandit: the weight computation for 10 arms under \(Formatting.factor(Targets.weightsShareOfBandit * 100))% of splitc bandit's time"
        guard let bandit else { return [(update, "not measured", false), (weights, "not measured", false)] }
        let ratio = bandit.banditSeconds / bandit.analyzeSeconds
        let share = bandit.weightsSeconds / bandit.banditSeconds
        return [
            (
                update.replacingOccurrences(of: "the events", with: "\(Formatting.count(bandit.events)) events"),
                "\(Formatting.ratio(ratio)) (\(Formatting.seconds(bandit.banditSeconds)) against \(Formatting.seconds(bandit.analyzeSeconds)))",
                Targets.holds(ratio, atMost: Targets.banditOverAnalyze)
            ),
            (
                weights.replacingOccurrences(of: "10 arms", with: "\(bandit.arms) arms"),
                String(format: "%.3f%% (%.2f ms)", share * 100, bandit.weightsSeconds * 1000),
                share.isFinite && share < Targets.weightsShareOfBandit
            ),
        ]
    }

    func banditVerdictSection() -> String {
        Formatting.table(
            ["bandit target", "measured", "verdict"],
            banditVerdicts().map { [$0.target, $0.figure, Formatting.verdict($0.passed)] })
    }
}

extension Targets {
    /// `splitc bandit` against `splitc analyze` of the same file.
    static let banditOverAnalyze = 1.2
    /// The weight computation for 10 arms, as a share of `splitc bandit`'s time (under it).
    static let weightsShareOfBandit = 0.01
}
