import BenchmarkSupport
import Foundation
@_spi(Tools) import SplitTestAnalysis
import SplitTestCompiler
@_spi(Tools) import SplitTesting

let usage = """
    usage: metrics-bench readout --events FILE --readout plain|metrics --output REPORT.json
    Runs what `splitc analyze FILE --format json --output REPORT.json` runs (the event files
    read in two passes, the statistics, the JSON report) for the analysis benchmark's three
    experiments, defined here: `plain` with their goals only, `metrics` with each experiment
    judged by five metrics (a conversion, a sum within 7 days capped at its 99th percentile, a
    count, a ratio and a 90th-percentile quantile) over the declared events `purchase` and
    `screen_loaded`, adjusted by Holm's method. Prints the wall time in seconds.
    """

/// The analysis benchmark's experiments, with equal weights, compiled from their definitions.
let definitions: [SplitTestDefinition] = {
    let text = """
        identifier: button_color
        type: device
        groups: [red, blue, dark_gray]
        ---
        identifier: checkout_copy
        type: device
        groups: [control, short]
        ---
        identifier: onboarding
        type: device
        groups: [control, control_check, guided]
        """
    let result = DefinitionCompiler.compile(
        [SourceFile(path: "experiments.yaml", contents: Array(text.utf8))], today: CalendarDate(year: 2026, month: 1, day: 1))
    precondition(!result.hasErrors && result.experiments.count == 3, "the benchmark's definitions compile")
    return result.experiments.map(\.definition)
}()

/// The five metrics every experiment is judged by, as their definitions would declare them.
let metrics: MetricDefinitions = {
    let revenue = SplitTestMetric.Source(event: "purchase", value: "revenue")
    let declared = [
        SplitTestMetric(name: "purchase_rate", kind: .conversion(event: "purchase")),
        SplitTestMetric(name: "revenue_per_user", kind: .sum(revenue), window: 7 * 86_400, cap: .percentile(99)),
        SplitTestMetric(name: "orders", kind: .count(event: "purchase")),
        SplitTestMetric(name: "revenue_per_order", kind: .ratio(numerator: revenue, denominator: .init(event: "purchase"))),
        SplitTestMetric(
            name: "p90_load_time", kind: .quantile(.init(event: "screen_loaded", value: "milliseconds"), quantile: 0.9),
            direction: .decrease),
    ]
    let roles = SplitTestMetricRoles(
        primary: "purchase_rate", secondary: ["revenue_per_user", "orders", "revenue_per_order"], guardrails: ["p90_load_time"])
    return MetricDefinitions(
        events: [
            SplitTestEventDeclaration(
                name: "purchase", properties: [.init(name: "revenue", type: .double), .init(name: "currency", type: .values(["usd", "eur", "gbp"]))]),
            SplitTestEventDeclaration(name: "screen_loaded", properties: [.init(name: "milliseconds", type: .int)]),
        ],
        metrics: declared, roles: Dictionary(uniqueKeysWithValues: definitions.map { ($0.identifier, roles) }))
}()

do {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()), usage: usage)
    guard arguments.command == "readout" else { throw arguments.unknownCommand() }
    let path = try arguments.string("events")
    let withMetrics: Bool
    switch try arguments.string("readout") {
    case "plain": withMetrics = false
    case "metrics": withMetrics = true
    default: throw BenchError("--readout is plain or metrics\n\(usage)")
    }
    var stopwatch = Stopwatch()
    let report = try stopwatch.time {
        var accumulator = EventAccumulator(definitions: definitions, metrics: withMetrics ? metrics : MetricDefinitions())
        try EventFiles.read([path], into: &accumulator)
        return JSONReport.render(ReadoutBuilder.readouts(accumulator.totals(), correction: .holm))
    }
    try Data(report.utf8).write(to: URL(fileURLWithPath: try arguments.string("output")))
    print(stopwatch.minimum)
} catch {
    FileHandle.standardError.write(Data("metrics-bench: \(error)\n".utf8))
    exit(1)
}
