import Foundation
@_spi(Tools) import SplitTestAnalysis
import SplitTesting
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// Reads the input of `splitc analyze`: event files (with issues and progress on standard error)
/// or a warehouse's aggregates.
enum AnalyzeInput {
    /// Totals from event files; every bad line is reported on standard error and left out. A
    /// file without a single valid line (empty, another format, the wrong file) is a ``Refusal``:
    /// a readout of nothing would look like a readout.
    static func fromEvents(
        _ paths: [String], definitions: [SplitTestDefinition]?, preExposureWindow: PreExposureWindow? = nil,
        metrics: MetricDefinitions = MetricDefinitions(), dimension: String? = nil, command: String = "analyze"
    ) throws -> [ExperimentTotals] {
        // An empty file is the refusal below, not a warning as well.
        let (totals, valid) = try fromSources(
            paths.map(EventLogReader.init(path:)), definitions: definitions, preExposureWindow: preExposureWindow,
            metrics: metrics, dimension: dimension, command: command, describe: \.description, reported: { $0 != .emptyFile })
        let unread = zip(paths, valid).filter { $0.1 == 0 }.map(\.0)
        guard unread.isEmpty else {
            let files = unread.map { "'\($0)'" }.joined(separator: ", ")
            throw Refusal(
                "\(files) \(unread.count == 1 ? "holds" : "hold") no valid event line: nothing was read from "
                    + "\(unread.count == 1 ? "it" : "them") (the readout reads exposures, goals, holdout events and the declared "
                    + "events, one JSON object per line, as the runtime's JSONLinesTrackingProvider writes them)")
        }
        return totals
    }

    /// Totals from the `events` table of a decision service's database (`sqlite:PATH`,
    /// `postgres://…`); every bad row is reported by its `id` and left out, as a bad line is.
    static func fromDatabase(
        _ location: String, definitions: [SplitTestDefinition]?, preExposureWindow: PreExposureWindow? = nil,
        metrics: MetricDefinitions = MetricDefinitions(), dimension: String? = nil, command: String = "analyze"
    ) throws(InputError) -> [ExperimentTotals] {
        let source: any EventLineSource
        do {
            source = try EventDatabase.source(at: location)
        } catch {
            throw InputError(error.description)
        }
        return try fromSources(
            [source], definitions: definitions, preExposureWindow: preExposureWindow, metrics: metrics, dimension: dimension,
            command: command, describe: \.rowDescription
        ).totals
    }

    /// Totals from `sources`, and how many valid lines each source had; `describe` words each
    /// issue (a file's line, a table's row).
    private static func fromSources(
        _ sources: [any EventLineSource], definitions: [SplitTestDefinition]?, preExposureWindow: PreExposureWindow?,
        metrics: MetricDefinitions, dimension: String?, command: String = "analyze", describe: (InputIssue) -> String,
        reported: (InputIssue.Kind) -> Bool = { _ in true }
    ) throws(InputError) -> (totals: [ExperimentTotals], valid: [Int]) {
        var accumulator = EventAccumulator(
            definitions: definitions, metrics: metrics, dimension: dimension, preExposureWindow: preExposureWindow)
        let progress = ProgressLine(command: command)
        let valid: [Int]
        do {
            valid = try EventFiles.read(sources: sources, into: &accumulator) { done, total in progress.update(done: done, total: total) }
        } catch let failure as EventLogReader.Failure {
            progress.finish()
            throw InputError("cannot read '\(failure.path)': \(failure.reason)")
        } catch let failure as EventDatabase.Failure {
            progress.finish()
            throw InputError(failure.description)
        } catch {
            progress.finish()
            throw InputError("cannot read the events: \(error)")
        }
        progress.finish()
        // Goals from before a unit's first exposure are history, not mistakes: one line says how many.
        let history = InputIssue.Kind.preExposureGoal
        for issue in accumulator.issues.sorted() where issue.kind != history && reported(issue.kind) { Console.error(describe(issue)) }
        if let count = accumulator.issueCounts[history] {
            Console.error("splitc: " + InputIssue.preExposureSummary(count: count, window: preExposureWindow))
        }
        let counts = InputIssue.Kind.allCases.filter { $0 != history && reported($0) }.compactMap { kind in
            accumulator.issueCounts[kind].map { kind.counted($0) }
        }
        if !counts.isEmpty {
            let shown = accumulator.issues.filter { $0.kind != history && reported($0.kind) }.count
            let total = accumulator.issueCounts.filter { $0.key != history && reported($0.key) }.values.reduce(0, +)
            let more = total > shown ? " (the first \(accumulator.keptIssuesPerKind) of each kind shown)" : ""
            Console.error("splitc: left out: " + counts.joined(separator: ", ") + more)
        }
        return (accumulator.totals(), valid)
    }

    /// Totals from the CSV of the emitted query's result, which must have been emitted with the
    /// same definitions, and (for `--cuped`) with the same pre-exposure window.
    static func fromAggregates(
        _ path: String, definitions: [SplitTestDefinition]?, preExposureWindow: PreExposureWindow? = nil,
        metrics: MetricDefinitions = MetricDefinitions()
    ) throws(InputError) -> [ExperimentTotals] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("cannot read '\(path)'")
        }
        var aggregates: Aggregates
        let text = String(decoding: data, as: UTF8.self)
        do {
            aggregates = try AggregatesCSV.read(text, definitions: definitions, metrics: metrics)
            if !aggregates.metricsComputed, !metrics.isEmpty {
                Console.error(
                    "splitc: warning: '\(path)' has no metric rows (a query emitted without these metrics, or for a service's table): "
                        + "the readout shows goals only")
                aggregates = try AggregatesCSV.read(text, definitions: definitions)
            }
        } catch {
            throw InputError("\(path):\(error.line): \(error.message)")
        }
        try AggregatesCheck.check(
            aggregates, path: path, definitions: definitions, preExposureWindow: preExposureWindow, metrics: metrics)
        return aggregates.totals
    }
}

/// A progress line on standard error, shown when standard error is a terminal or once reading
/// has taken a few seconds, and cleared at the end.
final class ProgressLine {
    /// The subcommand the line names: `splitc analyze: 40% read`.
    private let command: String
    private let start = Date()
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var shown = false
    private var lastPercent = -1

    init(command: String = "analyze") {
        self.command = command
    }

    func update(done: Int, total: Int) {
        guard total > 0, isTerminal || Date().timeIntervalSince(start) > 3 else { return }
        // A terminal line is rewritten in place at every percent; a log gets a line per 10%.
        let percent = min(100, done * 100 / total) / (isTerminal ? 1 : 10) * (isTerminal ? 1 : 10)
        guard percent != lastPercent else { return }
        lastPercent = percent
        shown = true
        let elapsed = String(format: "%.1f", Date().timeIntervalSince(start))
        FileHandle.standardError.write(Data("\rsplitc \(command): \(percent)% read (\(elapsed) s)".utf8) + (isTerminal ? Data() : Data("\n".utf8)))
    }

    func finish() {
        if shown, isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
