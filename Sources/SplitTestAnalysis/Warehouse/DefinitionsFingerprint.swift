@_spi(Tools) import SplitTesting

/// A short digest of what the readout takes from the definitions: per experiment its groups in
/// order, its control and its bucket table (the weights the sample-ratio check tests), and per
/// holdout the experiments it covers. The emitted SQL writes it into every row of its result,
/// and `--aggregates` compares it with the definitions it is given, so that aggregates counted
/// under one set of definitions are never read under another.
///
/// 16 hexadecimal digits of FNV-1a (64 bits) over a canonical text of those figures: a check
/// against mistakes, not a signature.
public enum DefinitionsFingerprint {
    /// The fingerprint of `definitions`; `nil` (no definitions) has a fingerprint of its own.
    public static func of(_ definitions: [SplitTestDefinition]?) -> String {
        hex(fnv1a(canonicalText(definitions)))
    }

    /// The fingerprint of `definitions` and of the metrics their experiments name; the same as
    /// ``of(_:)`` when they name none.
    @_spi(Tools) public static func of(_ definitions: [SplitTestDefinition]?, metrics: MetricDefinitions) -> String {
        hex(fnv1a(canonicalText(definitions) + metricText(definitions, metrics)))
    }

    /// One line per experiment and metric it names: the metric as the query computes it.
    static func metricText(_ definitions: [SplitTestDefinition]?, _ metrics: MetricDefinitions) -> String {
        func name(_ text: String) -> String { "\(text.utf8.count):\(text)" }
        var text = ""
        for identifier in (definitions ?? []).map(\.identifier).sorted() {
            for (metric, role) in metrics.judged(identifier) {
                text += "metric \(name(identifier)) \(name(metric.name)) \(role.rawValue) \(name(String(describing: metric.kind)))"
                text += " window \(metric.window.map { "\($0)" } ?? "-") cap \(metric.cap.map { String(describing: $0) } ?? "-")\n"
            }
        }
        return text
    }

    /// The text hashed: one line per fact, each name preceded by its length in bytes, so that no
    /// two different sets of definitions write the same text.
    static func canonicalText(_ definitions: [SplitTestDefinition]?) -> String {
        guard let definitions else { return "no definitions\n" }
        func name(_ text: String) -> String { "\(text.utf8.count):\(text)" }
        let analysis = AnalysisDefinitions(definitions)
        var text = "definitions\n"
        for identifier in analysis.byExperiment.keys.sorted() {
            guard let definition = analysis.byExperiment[identifier] else { continue }
            text += "experiment \(name(identifier)) control \(name(definition.control))"
            text += " groups " + definition.groups.map(name).joined(separator: " ")
            text += " buckets " + definition.bucketTable.upperBounds.map(String.init).joined(separator: " ") + "\n"
        }
        for holdout in analysis.holdoutNames {
            text += "holdout \(name(holdout)) covers " + (analysis.coverage[holdout] ?? []).map(name).joined(separator: " ") + "\n"
        }
        return text
    }

    private static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
