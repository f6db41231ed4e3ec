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
/// samples, each per iteration of 1,000 operations (unscaled, so no count is rounded away).
enum RuntimeTable {
    /// The inner loop of every runtime benchmark (`scalingFactor: .kilo`).
    static let operationsPerIteration = 1_000.0

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
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 9, let p50 = Double(cells[3]).map({ $0 / operationsPerIteration }),
                let p100 = Double(cells[7]).map({ $0 / operationsPerIteration })
            else { continue }
            if cells[0].hasPrefix("Time (wall clock) (ns)") {
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
