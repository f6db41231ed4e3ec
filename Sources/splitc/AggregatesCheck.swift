@_spi(Tools) import SplitTestAnalysis
import SplitTesting
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// What `splitc analyze --aggregates` checks before reading the figures: that the query was
/// emitted with the definitions given now (its fingerprint), and, for `--cuped`, with the same
/// pre-exposure window.
enum AggregatesCheck {
    static func check(
        _ aggregates: Aggregates, path: String, definitions: [SplitTestDefinition]?, preExposureWindow: PreExposureWindow?,
        metrics: MetricDefinitions = MetricDefinitions()
    ) throws(InputError) {
        // A warehouse query computes the metrics; a service's (SQLite, PostgreSQL) computes none.
        let expected = aggregates.metricsComputed
            ? DefinitionsFingerprint.of(definitions, metrics: metrics) : DefinitionsFingerprint.of(definitions)
        if let fingerprint = aggregates.definitionsFingerprint {
            guard fingerprint == expected else {
                let given = definitions == nil ? "no --definitions" : "these --definitions"
                throw InputError(
                    "'\(path)' was computed by a query emitted with other definitions (fingerprint \(fingerprint)) than \(given) "
                        + "(fingerprint \(expected)); emit the SQL again with the definitions you read it with, or read it with the ones it was emitted with")
            }
        } else {
            Console.error(
                "splitc: warning: '\(path)' has no 'definitions_fingerprint' column (a query emitted by an older splitc): "
                    + "cannot check that it was emitted with the same definitions")
        }
        guard let preExposureWindow else { return }
        guard let window = aggregates.preExposureWindow else {
            throw InputError(
                "'\(path)' has no pre-exposure columns: for --cuped, emit the SQL with --cuped (and the same --cuped-days)")
        }
        guard window == preExposureWindow else {
            throw InputError(
                "'\(path)' was computed with a \(days(window))-day pre-exposure window, not \(days(preExposureWindow)) days: "
                    + "pass --cuped-days \(days(window)), or emit the SQL again with --cuped-days \(days(preExposureWindow))")
        }
    }

    /// `14` rather than `14.0`.
    private static func days(_ window: PreExposureWindow) -> String {
        window.days == window.days.rounded() && window.days < 1e15 ? String(Int(window.days)) : "\(window.days)"
    }
}
