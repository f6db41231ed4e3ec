import Foundation

/// One runtime benchmark as ordo-one/benchmark's markdown output reports it.
struct RuntimeFigure {
    /// The benchmark's name.
    var name: String
    /// Median nanoseconds per operation.
    var nanosecondsMedian: Double
    /// Median and largest mallocs per operation.
    var mallocsMedian: Double
    var mallocsMax: Double
}

/// Reads the figures out of `swift package benchmark --format markdown --scale`: a `### name`
/// heading per benchmark, then a table whose columns are p0, p25, p50, p75, p90, p99, p100,
/// samples, each per iteration (1,000 operations, or one for ``RuntimeNames/singleOperation``).
/// A metric's label may carry a scale, `Malloc (total) (M)` or `Time (wall clock) (ms)`, which
/// is applied, so every figure comes out per operation, in nanoseconds and mallocs.
enum RuntimeTable {
    /// The inner loop of a runtime benchmark: `scalingFactor: .kilo`, except the loads that take
    /// milliseconds each.
    static func operationsPerIteration(_ name: String) -> Double {
        RuntimeNames.singleOperation.contains(name) ? 1 : 1_000
    }

    /// The factor a metric's label asks for: `(K)`, `(M)`, `(G)` for counts, `(ns)`, `(us)`,
    /// `(μs)`, `(ms)`, `(s)` for times (to nanoseconds).
    static func scale(ofLabel label: String) -> Double {
        let factors: [(String, Double)] = [
            ("(K)", 1e3), ("(M)", 1e6), ("(G)", 1e9),
            ("(ns)", 1), ("(us)", 1e3), ("(μs)", 1e3), ("(ms)", 1e6), ("(s)", 1e9),
        ]
        return factors.last { label.hasSuffix($0.0) }?.1 ?? 1
    }

    static func parse(_ markdown: String) -> [RuntimeFigure] {
        var figures: [RuntimeFigure] = []
        var current: RuntimeFigure?
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("### ") {
                if let current { figures.append(current) }
                current = RuntimeFigure(
                    name: String(line.dropFirst(4)), nanosecondsMedian: .nan, mallocsMedian: .nan,
                    mallocsMax: .nan)
                continue
            }
            guard let name = current?.name else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let factor = cells.first.map { scale(ofLabel: $0) } ?? 1
            let operations = operationsPerIteration(name)
            guard cells.count >= 9, let p50 = Double(cells[3]).map({ $0 * factor / operations }),
                let p100 = Double(cells[7]).map({ $0 * factor / operations })
            else { continue }
            if cells[0].hasPrefix("Time (wall clock)") {
                current?.nanosecondsMedian = p50
            } else if cells[0].hasPrefix("Malloc (total)") {
                current?.mallocsMedian = p50
                current?.mallocsMax = p100
            }
        }
        if let current { figures.append(current) }
        return figures
    }
}
