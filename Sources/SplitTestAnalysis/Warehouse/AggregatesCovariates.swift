/// What a CSV of the emitted query's result says besides its totals.
public struct Aggregates: Sendable, Hashable {
    /// Every experiment's and holdout's totals.
    public var totals: [ExperimentTotals]
    /// The ``DefinitionsFingerprint`` the query was emitted with; `nil` for a file written before
    /// the query carried it.
    public var definitionsFingerprint: String?
    /// The window of CUPED's covariates when the query was emitted with one (each goal's
    /// ``GoalTotals/covariates`` then read); `nil` otherwise.
    public var preExposureWindow: PreExposureWindow?
    /// Whether the query computed the experiments' metrics (the file has the metric columns).
    public var metricsComputed = false
}

extension AggregatesCSV {
    /// Whether the file has CUPED's columns: all of them, or none (a `Failure` on line 1 for some).
    static func covariateColumnsPresent(_ position: [String: Int]) throws(Failure) -> Bool {
        let present = (covariateColumns + [windowColumn]).filter { position[$0] != nil }
        guard !present.isEmpty else { return false }
        let missing = (covariateColumns + [windowColumn]).filter { position[$0] == nil }
        guard missing.isEmpty else {
            throw Failure(
                line: 1, message: "the pre-exposure columns are incomplete: no \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return true
    }

    /// One group's CUPED figures for one goal, as a row gives them.
    struct CovariateRow {
        var preConverted: Int
        var prePostConverted: Int
        var preValueSum: Double
        var preValueSumOfSquares: Double
        var prePostValueProducts: Double

        /// A goal's covariates over `groups` (0 for a group without a row).
        static func covariates(_ rows: [String: CovariateRow], groups: [String], window: PreExposureWindow) -> GoalCovariates {
            GoalCovariates(
                window: window, preConverted: groups.map { rows[$0]?.preConverted ?? 0 },
                prePostConverted: groups.map { rows[$0]?.prePostConverted ?? 0 },
                preValueSum: groups.map { rows[$0]?.preValueSum ?? 0 },
                preValueSumOfSquares: groups.map { rows[$0]?.preValueSumOfSquares ?? 0 },
                prePostValueProducts: groups.map { rows[$0]?.prePostValueProducts ?? 0 })
        }
    }

    /// The values that must be the same on every row: the fingerprint and the window.
    struct FileMetadata {
        private(set) var fingerprint: String?
        private(set) var window: PreExposureWindow?

        /// Reads one row's `fingerprint` and `windowDays` (each `nil` when the file has no such
        /// column); an empty fingerprint, a value that differs from an earlier row's, or a window
        /// that is not a positive number of days, is a `Failure` on `line`.
        mutating func read(fingerprint text: String?, windowDays: String?, line: Int) throws(Failure) {
            if let text {
                guard !text.isEmpty else { throw Failure(line: line, message: "'\(fingerprintColumn)' is empty") }
                if let fingerprint, fingerprint != text {
                    throw Failure(line: line, message: "'\(fingerprintColumn)' is '\(text)' here and '\(fingerprint)' above: the rows come from different queries")
                }
                fingerprint = text
            }
            if let windowDays {
                guard let days = Double(windowDays), let read = PreExposureWindow(days: days) else {
                    throw Failure(line: line, message: "'\(windowColumn)' is not a positive number of days: '\(windowDays)'")
                }
                if let window, window != read {
                    throw Failure(line: line, message: "'\(windowColumn)' is \(windowDays) here and \(window.days) above: the rows come from different queries")
                }
                window = read
            }
        }
    }
}
