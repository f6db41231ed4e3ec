import Foundation

/// One run of `Benchmarks/Analysis/metrics_bench.py`: the readout of five metrics against the
/// plain readout of as many events, through `metrics-bench` (what `splitc analyze` runs), and
/// the metrics' peak memory against the units.
struct MetricsMeasurement: Decodable {
    /// The full size.
    var full: Full
    /// The metrics' readout at each size, smallest first, the smallest again with four times the
    /// events per unit last.
    var memory: [Row]

    struct Full: Decodable {
        var units: Int
        var events: Int
        /// The best of two plain readouts, and of two with the metrics, in seconds.
        var plainSeconds: Double
        var metricsSeconds: Double
        /// The peak resident memory of each, in MiB.
        var plainPeakMebibytes: Double
        var metricsPeakMebibytes: Double
        /// `splitc analyze` of the plain file, once, in seconds.
        var splitcPlainSeconds: Double

        enum CodingKeys: String, CodingKey {
            case units, events
            case plainSeconds = "plain_s"
            case metricsSeconds = "metrics_s"
            case plainPeakMebibytes = "plain_peak_mib"
            case metricsPeakMebibytes = "metrics_peak_mib"
            case splitcPlainSeconds = "splitc_plain_s"
        }
    }

    struct Row: Decodable {
        var units: Int
        var events: Int
        var metricsSeconds: Double
        var peakMebibytes: Double

        enum CodingKeys: String, CodingKey {
            case units, events
            case metricsSeconds = "metrics_s"
            case peakMebibytes = "peak_mib"
        }
    }
}

/// The metrics' targets, read from the metrics run.
extension Report {
    func metricsVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        let limit = Targets.metricsOverPlain
        let speed = "metrics: five metrics (a ratio and a quantile among them) with --correction holm within \(Formatting.factor(limit))× the plain readout"
        let scale = "metrics: peak memory per unit no greater at the full size than at a tenth of the units"
        guard let metrics else { return [(speed, "not measured", false), (scale, "not measured", false)] }
        let full = metrics.full
        let ratio = full.metricsSeconds / full.plainSeconds
        var verdicts = [(
            speed.replacingOccurrences(of: "within", with: "over \(Formatting.count(full.events)) events within"),
            "\(Formatting.ratio(ratio)) (\(Formatting.seconds(full.metricsSeconds)) against \(Formatting.seconds(full.plainSeconds)))",
            Targets.holds(ratio, atMost: limit)
        )]
        let rows = metrics.memory.filter { row in
            metrics.memory.first.map { Double(row.events) / Double(row.units) <= Double($0.events) / Double($0.units) * 1.01 } ?? false
        }
        if let smallest = rows.first, let largest = rows.max(by: { $0.units < $1.units }), largest.units > smallest.units {
            let perUnit = { (row: MetricsMeasurement.Row) in row.peakMebibytes / Double(row.units) }
            verdicts.append((
                scale, "\(String(format: "%.2f", perUnit(largest) * 1_000)) against \(String(format: "%.2f", perUnit(smallest) * 1_000)) MiB per 1,000 units",
                perUnit(largest) <= perUnit(smallest)
            ))
        } else {
            verdicts.append((scale, "not measured", false))
        }
        return verdicts
    }

    func metricsVerdictSection() -> String {
        Formatting.table(
            ["metrics target", "measured", "verdict"],
            metricsVerdicts().map { [$0.target, $0.figure, Formatting.verdict($0.passed)] })
    }

    /// The memory of the metrics' readout against the units, and what more events per unit cost.
    func metricsSection() -> String {
        guard let metrics else { return "Not measured in this run." }
        let table = Formatting.table(
            ["units", "events", "readout with five metrics", "peak RSS", "MiB per 1,000 units"],
            metrics.memory.map { row in
                [
                    Formatting.count(row.units), Formatting.count(row.events), Formatting.seconds(row.metricsSeconds),
                    "\(Int(row.peakMebibytes.rounded())) MiB", String(format: "%.2f", row.peakMebibytes / Double(row.units) * 1_000),
                ]
            })
        let full = metrics.full
        var sentences = [
            "At the full size the plain readout took \(Formatting.seconds(full.plainSeconds)) (`splitc analyze` of the same file"
                + " \(Formatting.seconds(full.splitcPlainSeconds))) with a peak resident memory of \(Int(full.plainPeakMebibytes.rounded())) MiB,"
                + " the readout with the metrics \(Formatting.seconds(full.metricsSeconds)) and \(Int(full.metricsPeakMebibytes.rounded())) MiB."
        ]
        if let first = metrics.memory.first, let last = metrics.memory.last, last.units == first.units, last.events > first.events {
            sentences.append(
                "With \(Formatting.count(last.events / last.units)) events per unit instead of \(Formatting.count(first.events / first.units)),"
                    + " the same \(Formatting.count(first.units)) units took \(String(format: "%.2f", last.peakMebibytes / first.peakMebibytes))×"
                    + " the memory: a quantile metric keeps each counted event's value, everything else a value per unit and metric.")
        }
        return table + "\n\n" + sentences.joined(separator: " ")
    }
}

extension Targets {
    /// The readout with five metrics against the plain readout of as many events.
    static let metricsOverPlain = 1.5
}
