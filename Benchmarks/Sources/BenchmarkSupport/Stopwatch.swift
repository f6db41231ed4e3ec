/// Times a closure repeatedly and keeps every duration; the harnesses report the minimum, the run
/// least disturbed by other work on a shared, noisy machine and so the most repeatable figure.
public struct Stopwatch: Sendable {
    /// Seconds of each repetition.
    public private(set) var samples: [Double] = []

    /// Creates a stopwatch with no samples.
    public init() {}

    /// Runs `body` once, adds its duration, and returns its result.
    public mutating func time<Result>(_ body: () throws -> Result) rethrows -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        return result
    }

    /// The fastest repetition, in seconds.
    public var minimum: Double { samples.min() ?? .nan }

    /// The median repetition, in seconds.
    public var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
