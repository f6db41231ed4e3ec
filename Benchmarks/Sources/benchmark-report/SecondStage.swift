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

    enum CodingKeys: String, CodingKey {
        case units, events
        case splitcSeconds = "splitc_s"
        case peakMebibytes = "peak_mib"
        case duckdbSeconds = "duckdb_s"
        case duckdbUnitsMatch = "duckdb_units_match"
    }
}

/// SPEC §11: the second stage's targets, read from the runtime benchmarks and the analysis run.
extension Report {
    /// The runtime benchmark of that name.
    private func figure(_ name: String) -> RuntimeFigure? {
        runtime.first { $0.name == name }
    }

    /// `numerator` against `denominator` as a verdict row, or "not measured".
    private func ratioVerdict(
        _ target: String, _ numerator: String, over denominator: String, atMost limit: Double
    ) -> (target: String, figure: String, passed: Bool) {
        guard let top = figure(numerator)?.nanosecondsMedian, let bottom = figure(denominator)?.nanosecondsMedian,
            top.isFinite, bottom.isFinite, bottom > 0
        else { return (target, "not measured", false) }
        return (target, Formatting.ratio(top / bottom), top / bottom <= limit)
    }

    func secondStageVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        var verdicts = pluginVerdicts()
        verdicts.append(ratioVerdict(
            "remote control: loading a kept 1,000-experiment document at start within 2× JSONSerialization of the payload plus one Ed25519 verification",
            RuntimeNames.remoteLoad, over: RuntimeNames.remoteLoadReference, atMost: 2))
        verdicts.append(ratioVerdict(
            "remote control: sticky fetchSplitTest with a 1,000-experiment document in force within 2× a dictionary lookup",
            RuntimeNames.stickyWithDocument, over: RuntimeNames.baseline, atMost: 2))
        verdicts.append(ratioVerdict(
            "targeting: first-time assignment with five conditions within 1.5× one without targeting",
            RuntimeNames.firstTimeTargeted, over: RuntimeNames.firstTime, atMost: 1.5))
        verdicts.append(ratioVerdict(
            "targeting: the sticky path unchanged (five conditions within 1.1× the same experiment without)",
            RuntimeNames.stickyTargeted, over: RuntimeNames.stickyUserLevel, atMost: 1.1))
        verdicts.append(contentsOf: analysisVerdicts())
        return verdicts
    }

    private func analysisVerdicts() -> [(target: String, figure: String, passed: Bool)] {
        guard let analysis, let full = analysis.first(where: { $0.duckdbSeconds != nil }),
            let duckdb = full.duckdbSeconds
        else { return [("analysis: splitc analyze against DuckDB", "not measured", false)] }
        var verdicts = [(
            target: "analysis: \(Formatting.count(full.events)) events of \(Formatting.count(full.units)) units in one pass at no less than half DuckDB's speed on the emitted SQL (time at most 2×)",
            figure: "\(Formatting.ratio(full.splitcSeconds / duckdb)) (\(Formatting.seconds(full.splitcSeconds)) against \(Formatting.seconds(duckdb)))",
            passed: full.splitcSeconds / duckdb <= 2
        )]
        verdicts.append((
            "analysis: DuckDB on the emitted SQL counts the same units per experiment and group",
            full.duckdbUnitsMatch == true ? "equal" : "different", full.duckdbUnitsMatch == true))
        // Memory follows the units, not the events: the same units with four times the events
        // per unit take about the same memory (within 1.2×).
        let byUnits = Dictionary(grouping: analysis, by: \.units)
        if let (units, runs) = byUnits.first(where: { $0.value.count >= 2 }),
            let fewer = runs.min(by: { $0.events < $1.events }), let more = runs.max(by: { $0.events < $1.events })
        {
            let growth = more.peakMebibytes / fewer.peakMebibytes
            verdicts.append((
                "analysis: peak memory bounded by the units, not the events (\(Formatting.count(units)) units, \(Int((Double(more.events) / Double(fewer.events)).rounded()))× the events, at most 1.2× the memory)",
                "\(Formatting.ratio(growth)) (\(Int(fewer.peakMebibytes.rounded())) → \(Int(more.peakMebibytes.rounded())) MiB)",
                growth <= 1.2))
        }
        return verdicts
    }

    func secondStageVerdictSection() -> String {
        Formatting.table(
            ["SPEC §11 target", "measured", "verdict"],
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

/// The names of the runtime benchmarks the SPEC §11 verdicts compare, as registered in
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
    /// The benchmarks that run one operation per iteration rather than 1,000.
    static let singleOperation: Set<String> = [remoteLoadReference, remoteLoad]
}
