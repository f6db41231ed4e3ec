import BenchmarkSupport
import Foundation
import SplitTestAnalysis

let usage = """
    usage: bandit-bench weights --arms 10 --repetitions N --output FILE.json
    Times the weight computation of `splitc bandit` for one experiment: top-two Thompson chances
    from the arms' Beta posteriors, the min_weight floor and the rounding to 0.01 percent.
    """

/// What `benchmark-report` reads: the fastest and the median computation, in seconds.
struct WeightsMeasurement: Encodable {
    var arms: Int
    var repetitions: Int
    var seconds: Double
    var medianSeconds: Double

    enum CodingKeys: String, CodingKey {
        case arms, repetitions, seconds
        case medianSeconds = "median_seconds"
    }
}

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), usage: usage)
    guard arguments.command == "weights" else { throw arguments.unknownCommand() }
    let arms = try arguments.integers("arms")[0]
    let repetitions = try arguments.integers("repetitions")[0]
    // Arms a 10,000,000-event run could have: 100,000 units each, rates from 3% up, close enough
    // that every posterior overlaps another (the grid is then as dense as it gets).
    let posteriors = (0..<arms).map { arm in
        ArmPosterior.conversion(converted: 3_000 + 40 * arm, units: 100_000)
    }
    var stopwatch = Stopwatch()
    var checksum = 0
    for _ in 0..<repetitions {
        checksum &+= stopwatch.time {
            BanditWeights.hundredths(shares: TopTwoThompson.chances(posteriors).weights, minimumBuckets: 100)
        }.reduce(0, +)
    }
    precondition(checksum == repetitions * 10_000, "the weights sum to 100 percent")
    print("weights of \(arms) arms: \(stopwatch.minimum) s (median \(stopwatch.median) s)")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let measurement = WeightsMeasurement(
        arms: arms, repetitions: repetitions, seconds: stopwatch.minimum, medianSeconds: stopwatch.median)
    try encoder.encode(measurement).write(to: URL(fileURLWithPath: try arguments.string("output")))
} catch {
    FileHandle.standardError.write(Data("bandit-bench: \(error)\n".utf8))
    exit(1)
}
