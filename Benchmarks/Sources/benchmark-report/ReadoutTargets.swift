/// The readout's target: `splitc analyze --cuped --sequential` against the plain readout of the
/// same events, from the full-size row of the analysis run.
extension Report {
    /// The full-size row with both readouts measured.
    private var readoutRow: AnalysisMeasurement? {
        analysis?.first { $0.cupedSequentialSeconds != nil && $0.plainBestSeconds != nil }
    }

    /// The verdict row, or "not measured".
    func readoutVerdict() -> (target: String, figure: String, passed: Bool) {
        let limit = Targets.cupedSequentialOverPlain
        guard let row = readoutRow, let adjusted = row.cupedSequentialSeconds, let plain = row.plainBestSeconds, plain > 0 else {
            return ("readout: --cuped --sequential within \(Formatting.factor(limit))× the plain analyze", "not measured", false)
        }
        return (
            "readout: --cuped --sequential over \(Formatting.count(row.events)) events within \(Formatting.factor(limit))× the plain analyze",
            "\(Formatting.ratio(adjusted / plain)) (\(Formatting.seconds(adjusted)) against \(Formatting.seconds(plain)))",
            Targets.holds(adjusted / plain, atMost: limit)
        )
    }

    /// What the row measured, in a sentence without a verdict (the table has it).
    func readoutNote() -> String {
        guard let row = readoutRow, let adjusted = row.cupedSequentialSeconds, let plain = row.plainBestSeconds else { return "" }
        var sentence = "At the full size the readout was also run with `--cuped --sequential` (the same goal in the 14 days"
            + " before each unit's first exposure as its covariate, and the always-valid sequential test), alternating with"
            + " the plain readout over the same file: \(Formatting.seconds(adjusted)) against \(Formatting.seconds(plain)),"
            + " the best of two runs each"
        if let peak = row.cupedSequentialPeakMebibytes {
            sentence += ", with a peak resident memory of \(Int(peak.rounded())) MiB against \(Int(row.peakMebibytes.rounded())) MiB"
        }
        return sentence + "."
    }
}
