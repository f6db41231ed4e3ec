import ArgumentParser
import SplitTestAnalysis

/// `splitc analyze`'s options for the effects: CUPED and the sequential test, each with its
/// number. The numbers are read as text so that a bad one is reported by its flag in words
/// (and `-3` is read as a value, not a flag).
struct EffectOptions: ParsableArguments {
    @Flag(help: "CUPED: adjust each effect by the same goal in the days before each unit's first exposure (from the same events, or from aggregates emitted with --cuped).")
    var cuped = false

    @Option(
        name: .customLong("cuped-days"), parsing: .unconditional,
        help: "The days before a unit's first exposure that --cuped reads (default 14).")
    var cupedDays: String?

    @Flag(help: "Always-valid sequential intervals and p-values for the effects: valid however often one looks.")
    var sequential = false

    @Option(
        name: .customLong("sequential-tuning"), parsing: .unconditional,
        help: "The number of units at which --sequential's intervals are tightest (default 5000).")
    var sequentialTuning: String?

    func validate() throws {
        _ = try window()
        _ = try tuning()
        if cupedDays != nil, !cuped { throw ValidationError("--cuped-days needs --cuped") }
        if sequentialTuning != nil, !sequential { throw ValidationError("--sequential-tuning needs --sequential") }
    }

    /// The window of `--cuped`, or `nil` without it.
    func preExposureWindow() throws -> PreExposureWindow? {
        cuped ? try window() : nil
    }

    /// The effects' settings.
    func settings() throws -> EffectSettings {
        EffectSettings(method: sequential ? .sequential(tuning: try tuning()) : .tTest, cuped: cuped)
    }

    private func window() throws -> PreExposureWindow {
        guard let cupedDays else { return .twoWeeks }
        guard let days = Double(cupedDays), let window = PreExposureWindow(days: days) else {
            throw ValidationError(
                "--cuped-days must be a positive number of days (at most \(Int(PreExposureWindow.maximumDays))); found '\(cupedDays)'")
        }
        return window
    }

    private func tuning() throws -> Double {
        guard let sequentialTuning else { return SequentialTwoSidedTTest.defaultTuning }
        guard let tuning = Double(sequentialTuning), tuning.isFinite, tuning > 0 else {
            throw ValidationError("--sequential-tuning must be a positive number of units; found '\(sequentialTuning)'")
        }
        return tuning
    }
}
