import ArgumentParser
import SplitTestAnalysis

/// `splitc analyze`'s options for the metrics the experiments name: how the secondary metrics'
/// p-values are adjusted, and the dimension that slices every metric's table.
struct AnalyzeMetricOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How the secondary metrics' p-values are adjusted for their number: holm (the chance of any false positive), bh (Benjamini-Hochberg, the share of false positives) or none. The primary metric and the guardrails are not adjusted.",
            valueName: "holm|bh|none"))
    var correction: MultipleComparisonCorrection = .holm

    @Option(
        name: .customLong("by"),
        help: ArgumentHelp(
            "Slice every metric's table by this property of the exposures (a dimension, such as platform): its 20 most common values, then the rest as 'other'.",
            valueName: "dimension"))
    var dimension: String?

    /// Refuses `--by` where the units' exposures are not read.
    func validate(aggregates: String?, emitsSQL: Bool) throws {
        guard dimension != nil else { return }
        if aggregates != nil {
            throw ValidationError("--by reads the dimension from each unit's exposure: give the event files or --database, not --aggregates")
        }
        if emitsSQL { throw ValidationError("--by applies to the readout, not to --emit-sql") }
    }
}

extension MultipleComparisonCorrection: ExpressibleByArgument {}
