import SplitTestAnalysis
@_spi(Generated) import SplitTesting

private enum Arm: String, SplitTestGroup { case short, story, video }

/// A bandit the inputs may name, so that `period` rows are read into periods and period-weighted.
private let banditDefinitions = [
    SplitTestDefinition(
        identifier: "onboarding_copy", groups: Arm.self, unitType: .device, salt: "onboarding_copy",
        bucketUpperBounds: [3_334, 6_667, 10_000], control: .short, allocation: .bandit(SplitTestBandit(goal: "signup")))
]

/// libFuzzer's entry point: the input is the CSV of the emitted warehouse query's result, read
/// by `AggregatesCSV` (the columns of every version: `kind`, CUPED's pre-exposure columns and
/// window, the definitions' fingerprint), then turned into readouts, plain and with CUPED and the
/// sequential test, rendered in every format. A crash, a hang or a memory blow-up is a finding;
/// so is a failure that points at no line of the input, an empty fingerprint, covariates without
/// a window, or a NaN in an effect. Each input is read twice: without definitions, and with a
/// bandit (`onboarding_copy`), whose `period` rows become its allocation periods.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAggregates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    let text = String(decoding: bytes, as: UTF8.self)
    check(text, definitions: nil)
    check(text, definitions: banditDefinitions)
    return 0
}

private func check(_ text: String, definitions: [SplitTestDefinition]?) {
    let aggregates: Aggregates
    do {
        aggregates = try AggregatesCSV.read(text, definitions: definitions)
    } catch {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
        precondition(error.line >= 1 && error.line <= max(1, lines), "a failure names a line of the input: \(error)")
        precondition(!error.message.isEmpty, "a failure says what is wrong")
        return
    }
    if let fingerprint = aggregates.definitionsFingerprint {
        precondition(!fingerprint.isEmpty, "a fingerprint is never empty")
    }
    for experiment in aggregates.totals {
        precondition(experiment.units.count == experiment.groups.count, "one count of units per group")
        for goal in experiment.goals {
            precondition(goal.converted.count == experiment.groups.count, "one figure per group")
            precondition((goal.covariates != nil) == (aggregates.preExposureWindow != nil), "covariates exactly with a window")
        }
    }
    let plain = ReadoutBuilder.readouts(aggregates.totals)
    let adjusted = ReadoutBuilder.readouts(aggregates.totals, effects: EffectSettings(method: .sequential(tuning: 1_000), cuped: true))
    for readouts in [plain, adjusted] {
        for group in readouts.flatMap(\.goals).flatMap(\.groups) {
            for effect in [group.vsControl?.effect, group.vsControl?.valueEffect].compactMap({ $0 }) {
                let figures = [effect.absolute, effect.relative].compactMap { $0 }.flatMap { [$0.estimate, $0.ciLow, $0.ciHigh, $0.pValue] }
                precondition(figures.allSatisfy(\.isFinite), "an effect's figures are finite or absent")
            }
        }
        _ = JSONReport.render(readouts)
        _ = TextReport.render(readouts)
        _ = HTMLReport.render(readouts)
    }
}
