import SplitTestAnalysis
import SplitTesting

/// libFuzzer's entry point: the input is an event file. Its lines are parsed and counted in the
/// two passes `splitc analyze` makes (exposures and holdout events, then goals), with CUPED's
/// pre-exposure window, and the readout is rendered in every format, plain and with CUPED and the
/// sequential test. A crash, a hang or a memory blow-up is a finding; so is a broken invariant
/// checked below (a NaN figure or effect, more converted units than units).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    var accumulator = EventAccumulator(preExposureWindow: .twoWeeks)
    var goals: [(RawEvent, Int)] = []
    var lineNumber = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        lineNumber += 1
        let parsed = JSONLineParser.parse(UnsafeBufferPointer(rebasing: line))
        guard case .success(let event) = parsed else { continue }
        if event.name == TrackingEvent.goalIdentifier {
            goals.append((event, lineNumber))
        } else {
            accumulator.addExposure(event, file: "fuzz.jsonl", line: lineNumber)
        }
    }
    accumulator.finishExposures()
    for (event, line) in goals { accumulator.addGoal(event, file: "fuzz.jsonl", line: line) }
    for issue in accumulator.issues {
        precondition(issue.line >= 1 && issue.line <= lineNumber, "an issue is located on a line of the input: \(issue)")
    }
    let totals = accumulator.totals()
    for experiment in totals {
        precondition(experiment.units.allSatisfy { $0 >= 0 } && experiment.conflicts >= 0, "counts are never negative")
        for goal in experiment.goals {
            for (converted, units) in zip(goal.converted, experiment.units) {
                precondition(converted <= units, "a group never has more converted units than units")
            }
            if let covariates = goal.covariates {
                for group in experiment.units.indices {
                    let pre = covariates.preConverted[group]
                    precondition(pre <= experiment.units[group], "a group never has more units converted before than units")
                    precondition(
                        covariates.prePostConverted[group] <= min(pre, goal.converted[group]),
                        "units converted before and after are among those converted before and those after")
                }
            } else {
                preconditionFailure("the accumulator was asked for the pre-exposure window")
            }
        }
    }
    let readouts = ReadoutBuilder.readouts(totals)
    let adjusted = ReadoutBuilder.readouts(totals, effects: EffectSettings(method: .sequential(), cuped: true))
    for readout in readouts + adjusted {
        precondition(!readout.srm.pValue.isNaN && (readout.srm.chiSquare.map { !$0.isNaN } ?? true), "no NaN in the check")
        for group in readout.goals.flatMap(\.groups) {
            let figures = [group.conversionRate, group.valueMean, group.vsControl?.pValue, group.vsControl?.valuePValue,
                group.vsControl?.probabilityToBeatControl, group.vsControl?.ciLow, group.vsControl?.valueCILow]
            precondition(figures.allSatisfy { !($0?.isNaN ?? false) }, "a figure is a number or absent, never NaN")
            for effect in [group.vsControl?.effect, group.vsControl?.valueEffect].compactMap({ $0 }) {
                let estimates = [effect.absolute, effect.relative].compactMap { $0 }
                precondition(
                    estimates.allSatisfy { [$0.estimate, $0.ciLow, $0.ciHigh, $0.pValue].allSatisfy(\.isFinite) },
                    "an effect's figures are finite or absent")
            }
        }
    }
    for rendered in [readouts, adjusted] {
        _ = JSONReport.render(rendered)
        _ = TextReport.render(rendered)
        _ = HTMLReport.render(rendered)
    }
    return 0
}
