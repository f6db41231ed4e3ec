import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestAnalysis
import SplitTestCompiler
import SplitTestFormats
@_spi(Tools) import SplitTesting
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `splitc analyze`: the readout of the events the runtime emitted.
struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reads exposure, goal and holdout events (JSON lines) and reports each experiment's results.",
        discussion: """
            Per experiment: units per group, the sample-ratio check (flagged at p < 0.001, shown \
            first), the A/A check when a group is named control_check (flagged at p < 0.01), and per \
            goal and group the conversion and value against the control, with each effect as \
            GrowthBook's engine computes it (Welch's t-test; --sequential for intervals valid however \
            often one looks; --cuped to adjust by the same goal before each unit's first exposure). \
            An experiment whose definition names metrics is read by them: per metric and group its \
            units and value, and against the control the absolute and relative difference with its \
            interval, the p-value, the p-value adjusted over the secondary metrics (--correction) and \
            a verdict, harm for a guardrail that moved the wrong way; --by slices them by a property \
            of the exposures. Bad lines are reported on standard error with their line numbers and left out; a file \
            with no valid line is an error (exit 1). Without definitions, the control is assumed \
            (the group named control, else the first by name) and the report says so on the \
            experiment's first line; --control GROUP chooses it. With \
            --database, the events are the rows of the decision service's events table \
            (split-test-server --database), read in the order stored: the same report as the same \
            events in a file, a bad row reported by its id. Exit status 0; 1 when an event file holds \
            no valid line; 2 when an input cannot be read, or --experiment, --goal or --control names \
            what the data does not have.
            """
    )

    @Argument(help: "Event files, one JSON object per line.")
    var events: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read the events of a decision service's database instead of files: sqlite:PATH or postgres://user@host:port/db.",
            valueName: "location"))
    var database: String?

    @Option(
        name: .customLong("definitions"),
        help: "Definition files or folders: weights, controls, known experiments; repeatable (default: experiments, when that folder exists).")
    var definitionPaths: [String] = []

    @Option(help: "Only this experiment.")
    var experiment: String?

    @Option(help: "Only this goal.")
    var goal: String?

    @Option(
        name: .customLong("control"),
        help: ArgumentHelp(
            "The group every other group is compared with (default: the definition's control; without definitions, the group named control, else the first by name, which the report says it assumed).",
            valueName: "group"))
    var controlGroup: String?

    @Option(help: "text, json or html.")
    var format: AnalysisFormat = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(
        name: .customLong("emit-sql"),
        help: "Print the SQL that computes the sufficient statistics in a warehouse: duckdb, spark or bigquery, or sqlite or postgresql over a decision service's events table (with --definitions, written into the query).")
    var emitSQL: SQLDialect?

    @Option(name: .customLong("events-table"), help: "The events table the emitted SQL reads (with --database: events).")
    var eventsTable: String?

    @Option(help: "A CSV of the emitted SQL's result: report from these aggregates instead of events.")
    var aggregates: String?

    @Option(
        name: .customLong("controls"), parsing: .upToNextOption,
        help: ArgumentHelp(
            "The control documents published so far: each bandit period's weights, for the bandits' sample-ratio check (needs --definitions).",
            valueName: "doc"))
    var controls: [String] = []
    @OptionGroup var effects: EffectOptions
    @OptionGroup var metricOptions: AnalyzeMetricOptions

    func validate() throws {
        try effects.validate()
        try metricOptions.validate(aggregates: aggregates, emitsSQL: emitSQL != nil)
        if emitSQL != nil {
            guard eventsTable != nil || database != nil else { throw ValidationError("--emit-sql needs --events-table NAME") }
            if let emitSQL, database != nil, !emitSQL.readsEventLines {
                throw ValidationError("--database holds a JSON line per event: emit --emit-sql sqlite or postgresql for it")
            }
            return
        }
        if database != nil, !events.isEmpty || aggregates != nil {
            throw ValidationError("give either --database or event files (or --aggregates), not both")
        }
        if aggregates != nil, !events.isEmpty {
            throw ValidationError("give either event files or --aggregates, not both")
        }
        if aggregates == nil, database == nil, events.isEmpty {
            throw ValidationError("give at least one event file (or --database LOCATION, --aggregates FILE, or --emit-sql)")
        }
        if !controls.isEmpty, definitionPaths.isEmpty, !Self.hasDefaultDefinitions {
            throw ValidationError("--controls needs --definitions: they say which experiments are bandits")
        }
    }

    func run() throws {
        let (definitions, metrics) = try readDefinitions()
        if let emitSQL, let eventsTable = eventsTable ?? database.map({ _ in EventsTable.name }) {
            // With --definitions the query carries them, so that it counts what reading the events
            // with the same definitions counts (holdouts against the experiments they cover).
            if emitSQL.readsEventLines, !metrics.isEmpty {
                Console.error("splitc: the \(emitSQL.rawValue) query counts goals, not metrics: read a service's metrics with --database")
            }
            Console.output(WarehouseQuery.sql(
                dialect: emitSQL, eventsTable: eventsTable, definitions: definitions,
                preExposureWindow: try effects.preExposureWindow(), metrics: metrics))
            return
        }
        if metricOptions.dimension != nil, metrics.isEmpty {
            Console.error("splitc: --by slices the metrics' tables, and no experiment names a metric")
        }
        var totals: [ExperimentTotals]
        if let aggregates {
            totals = try AnalyzeInput.fromAggregates(
                aggregates, definitions: definitions, preExposureWindow: try effects.preExposureWindow(), metrics: metrics)
        } else if let database {
            totals = try AnalyzeInput.fromDatabase(
                database, definitions: definitions, preExposureWindow: try effects.preExposureWindow(), metrics: metrics,
                dimension: metricOptions.dimension)
        } else {
            totals = try AnalyzeInput.fromEvents(
                events, definitions: definitions, preExposureWindow: try effects.preExposureWindow(), metrics: metrics,
                dimension: metricOptions.dimension)
        }
        totals = try AnalyzeSelection(experiment: experiment, goal: goal, control: controlGroup).apply(to: totals)
        // The bandits' weights per period, from the documents that set them.
        let history = try controls.isEmpty ? nil : AllocationHistory(
            controls: controls.map { path in try ControlDocument.open(path) }, definitions: definitions ?? [])
        let readouts = ReadoutBuilder.readouts(
            totals, effects: try effects.settings(), history: history, correction: metricOptions.correction)
        let report: String
        switch format {
        case .text: report = TextReport.render(readouts)
        case .json: report = JSONReport.render(readouts)
        case .html: report = HTMLReport.render(readouts)
        }
        if let output {
            try OutputFile.writeIfChanged(Data(report.utf8), to: output)
        } else {
            Console.output(report.hasSuffix("\n") ? String(report.dropLast()) : report)
        }
    }

    /// The folder read when `--definitions` is not given, as every other command reads it.
    static let defaultDefinitions = "experiments"

    /// Whether the default folder exists.
    static var hasDefaultDefinitions: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: defaultDefinitions, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The definitions of `--definitions`, else of the `experiments` folder when it exists, else
    /// `nil`: then every experiment in the events is read without weights (no sample-ratio check),
    /// and every holdout against all of them. With them, their declared events and metrics.
    private func readDefinitions() throws -> ([SplitTestDefinition]?, MetricDefinitions) {
        let paths = !definitionPaths.isEmpty ? definitionPaths : Self.hasDefaultDefinitions ? [Self.defaultDefinitions] : []
        guard !paths.isEmpty else { return (nil, MetricDefinitions()) }
        let compiled = try AnalysisDefinitionFiles.compileWithMetrics(paths)
        return (compiled.definitions, compiled.metrics)
    }
}

/// The formats of `splitc analyze`.
enum AnalysisFormat: String, ExpressibleByArgument, CaseIterable {
    /// For a terminal.
    case text
    /// The stable contract that scripts and dashboards read (see the Analysis article).
    case json
    /// One self-contained page.
    case html
}

extension SQLDialect: ExpressibleByArgument {
    /// A dialect by its name; `postgres` is PostgreSQL too, as in its URLs.
    public init?(argument: String) {
        self.init(rawValue: argument == "postgres" ? SQLDialect.postgresql.rawValue : argument)
    }
}
