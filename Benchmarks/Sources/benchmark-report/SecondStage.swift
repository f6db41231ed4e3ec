import Foundation

/// One run of `Benchmarks/Analysis/analysis_bench.py`: `splitc analyze` over generated events,
/// with DuckDB running the emitted SQL over the same file at the full size.
struct AnalysisMeasurement: Decodable {
    var units: Int
    var events: Int
    /// Wall time of `splitc analyze`, in seconds.
    var splitcSeconds: Double
    /// Peak resident memory of `splitc analyze`, in MiB.
    var peakMebibytes: Double
    /// Wall time of DuckDB on the emitted SQL, at the full size only.
    var duckdbSeconds: Double?
    /// Whether both counted the same units per experiment and group.
    var duckdbUnitsMatch: Bool?
    /// At the full size: the best of two plain readouts, and of two with `--cuped --sequential`,
    /// run alternately over the same file, in seconds; and the latter's peak memory, in MiB.
    var plainBestSeconds: Double?
    var cupedSequentialSeconds: Double?
    var cupedSequentialPeakMebibytes: Double?

    enum CodingKeys: String, CodingKey {
        case units, events
        case splitcSeconds = "splitc_s"
        case peakMebibytes = "peak_mib"
        case duckdbSeconds = "duckdb_s"
        case duckdbUnitsMatch = "duckdb_units_match"
        case plainBestSeconds = "plain_best_s"
        case cupedSequentialSeconds = "cuped_sequential_s"
        case cupedSequentialPeakMebibytes = "cuped_sequential_peak_mib"
    }
}

/// The targets of the plugin, remote control, targeting and the analysis, read from the runtime
/// benchmarks and the analysis run.
extension Report {
    /// The runtime benchmark of that name.
    private func figure(_ name: String) -> RuntimeFigure? {
        runtime.first { $0.name == name }
    }

    /// `numerator` against `denominator` as a verdict row, or "not measured".
    func ratioVerdict(
        _ target: String, _ numerator: String, over denominator: String, atMost limit: Double
    ) -> (target: String, figure: String, passed: Bool) {
        guard let top = figure(numerator)?.nanosecondsMedian, let bottom = figure(denominator)?.nanosecondsMedian,
            top.isFinite, bottom.isFinite, bottom > 0
        else { return (target, "not measured", false) }
        return (target, Formatting.ratio(top / bottom), Targets.holds(top / bottom, atMost: limit))
    }

    func secondStageVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        var verdicts = pluginVerdicts()
        verdicts.append(ratioVerdict(
            "remote control: loading a kept 1,000-experiment document at start within \(Formatting.factor(Targets.remoteLoadOverReference))× JSONSerialization of the payload plus one Ed25519 verification",
            RuntimeNames.remoteLoad, over: RuntimeNames.remoteLoadReference, atMost: Targets.remoteLoadOverReference))
        verdicts.append(ratioVerdict(
            "remote control: sticky fetchSplitTest with a 1,000-experiment document in force within \(Formatting.factor(Targets.stickyWithDocumentOverLookup))× a dictionary lookup",
            RuntimeNames.stickyWithDocument, over: RuntimeNames.baseline, atMost: Targets.stickyWithDocumentOverLookup))
        verdicts.append(ratioVerdict(
            "targeting: first-time assignment with five conditions within \(Formatting.factor(Targets.targetedOverUntargeted))× one without targeting",
            RuntimeNames.firstTimeTargeted, over: RuntimeNames.firstTime, atMost: Targets.targetedOverUntargeted))
        verdicts.append(ratioVerdict(
            "targeting: the sticky path unchanged (five conditions within \(Formatting.factor(Targets.stickyTargetedOverUntargeted))× the same experiment without)",
            RuntimeNames.stickyTargeted, over: RuntimeNames.stickyUserLevel, atMost: Targets.stickyTargetedOverUntargeted))
        verdicts.append(ratioVerdict(
            "segments and prerequisites: first-time assignment with two segments and a prerequisite within \(Formatting.factor(Targets.segmentedOverInline))× the same conditions inline",
            RuntimeNames.firstTimeSegmented, over: RuntimeNames.firstTimeTargeted, atMost: Targets.segmentedOverInline))
        verdicts.append(ratioVerdict(
            "segments and prerequisites: the sticky path unchanged (within \(Formatting.factor(Targets.stickySegmentedOverInline))× the same conditions inline)",
            RuntimeNames.stickySegmented, over: RuntimeNames.stickyTargeted, atMost: Targets.stickySegmentedOverInline))
        verdicts.append(contentsOf: multivariateVerdicts())
        verdicts.append(contentsOf: analysisVerdicts())
        verdicts.append(readoutVerdict())
        return verdicts
    }

    private func analysisVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        guard let analysis, let full = analysis.first(where: { $0.duckdbSeconds != nil }),
            let duckdb = full.duckdbSeconds
        else { return [("analysis: splitc analyze against DuckDB", "not measured", false)] }
        var verdicts = [(
            target: "analysis: \(Formatting.count(full.events)) events of \(Formatting.count(full.units)) units in one pass at no less than half DuckDB's speed on the emitted SQL (time at most \(Formatting.factor(Targets.analysisOverDuckDB))×)",
            figure: "\(Formatting.ratio(full.splitcSeconds / duckdb)) (\(Formatting.seconds(full.splitcSeconds)) against \(Formatting.seconds(duckdb)))",
            passed: Targets.holds(full.splitcSeconds / duckdb, atMost: Targets.analysisOverDuckDB)
        )]
        verdicts.append((
            "analysis: DuckDB on the emitted SQL counts the same units per experiment and group",
            full.duckdbUnitsMatch == true ? "equal" : "different", full.duckdbUnitsMatch == true))
        // Memory follows the units, not the events: the same units with more events per unit
        // take about the same memory.
        if let (units, fewer, more) = memoryPair() {
            let growth = more.peakMebibytes / fewer.peakMebibytes
            verdicts.append((
                "analysis: peak memory bounded by the units, not the events (\(Formatting.count(units)) units, \(Formatting.factor(Double(more.events) / Double(fewer.events)))× the events, at most \(Formatting.factor(Targets.memoryGrowth))× the memory)",
                "\(Formatting.ratio(growth)) (\(Int(fewer.peakMebibytes.rounded())) → \(Int(more.peakMebibytes.rounded())) MiB)",
                Targets.holds(growth, atMost: Targets.memoryGrowth)))
        } else {
            verdicts.append(("analysis: peak memory bounded by the units, not the events", "not measured", false))
        }
        return verdicts
    }

    /// Two runs over the same units with different numbers of events, the fewer events first:
    /// what shows whether memory follows the units or the events.
    private func memoryPair() -> (units: Int, fewer: AnalysisMeasurement, more: AnalysisMeasurement)? {
        guard let analysis else { return nil }
        for units in Set(analysis.map(\.units)).sorted() {
            let runs = analysis.filter { $0.units == units }
            if let fewer = runs.min(by: { $0.events < $1.events }), let more = runs.max(by: { $0.events < $1.events }),
                fewer.events < more.events
            {
                return (units, fewer, more)
            }
        }
        return nil
    }

    /// How the analysis' rows were chosen, from the rows themselves: which keep the events per
    /// unit of the full size, and which repeats a unit count with more events per unit.
    func analysisNote() -> String {
        guard let analysis, let full = analysis.max(by: { $0.units < $1.units }) else { return "" }
        let perUnit = Double(full.events) / Double(full.units)
        var sentences = [
            "The full size is \(Formatting.count(full.events)) events of \(Formatting.count(full.units)) units"
                + " (\(Formatting.factor(perUnit)) events per unit)."
        ]
        let pair = memoryPair()
        let smaller = analysis.filter { $0.units < full.units && $0.events != pair?.more.events }
        if !smaller.isEmpty {
            let rates = smaller.map { Formatting.factor(Double($0.events) / Double($0.units)) }
            sentences.append(
                Set(rates) == [Formatting.factor(perUnit)]
                    ? "The smaller sizes keep that number of events per unit."
                    : "The smaller sizes have \(rates.joined(separator: ", ")) events per unit.")
        }
        if let (units, fewer, more) = pair {
            sentences.append(
                "The \(Formatting.count(units)) units are measured twice, with \(Formatting.count(fewer.events)) and"
                    + " \(Formatting.count(more.events)) events (\(Formatting.factor(Double(more.events) / Double(fewer.events)))× the events per unit),"
                    + " so that the memory of more events for the same units shows.")
        }
        return sentences.joined(separator: " ")
    }

    func secondStageVerdictSection() -> String {
        Formatting.table(
            ["target", "measured", "verdict"],
            secondStageVerdicts().map { [$0.target, $0.figure, Formatting.verdict($0.passed)] })
    }

    /// `splitc analyze` at each size, with DuckDB at the full one.
    func analysisSection() -> String {
        guard let analysis else { return "Not measured in this run." }
        let rows = analysis.map { row in
            [
                Formatting.count(row.units), Formatting.count(row.events),
                "\(Formatting.seconds(row.splitcSeconds)) (\(String(format: "%.2f", Double(row.events) / row.splitcSeconds / 1e6)) M events/s)",
                "\(Int(row.peakMebibytes.rounded())) MiB",
                String(format: "%.2f", row.peakMebibytes / Double(row.units) * 1000),
                row.duckdbSeconds.map(Formatting.seconds) ?? "",
                row.duckdbSeconds.map { Formatting.ratio(row.splitcSeconds / $0) } ?? "",
            ]
        }
        return Formatting.table(
            ["units", "events", "splitc analyze", "peak RSS", "MiB per 1,000 units", "DuckDB, emitted SQL", "× DuckDB"],
            rows)
    }
}

/// The names of the runtime benchmarks the second-stage verdicts compare, as registered in
/// `Benchmarks/RuntimeBenchmarks`.
enum RuntimeNames {
    static let baseline = "Baseline: dictionary lookup, 36-character key"
    static let remoteLoadReference =
        "Remote control: reference, JSONSerialization of a 1,000-experiment payload + one Ed25519 verification"
    static let remoteLoad = "Remote control: load a kept 1,000-experiment document at start (read, verify, decode, apply)"
    static let stickyWithDocument = "fetchSplitTest, sticky, with a 1,000-experiment control document in force"
    static let firstTime = "fetchSplitTest, first-time assignment (with associate(user:))"
    static let firstTimeTargeted = "fetchSplitTest, first-time assignment, five targeting conditions (with associate(user:))"
    static let stickyUserLevel = "fetchSplitTest, sticky, user-level without targeting"
    static let stickyTargeted = "fetchSplitTest, sticky, five targeting conditions"
    static let firstTimeSegmented =
        "fetchSplitTest, first-time assignment, two segments and a prerequisite (with associate(user:))"
    static let stickySegmented = "fetchSplitTest, sticky, two segments and a prerequisite"
    /// The benchmarks that run one operation per iteration rather than 1,000.
    static let singleOperation: Set<String> = [remoteLoadReference, remoteLoad]
}
