import SplitTestAnalysis
import SplitTesting

/// libFuzzer's entry point: the input is an event file. Its lines are parsed and counted in the
/// two passes `splitc analyze` makes (exposures and holdout events, then goals), and the readout
/// is rendered in every format. A crash, a hang or a memory blow-up is a finding; so is a broken
/// invariant checked below (a NaN in the JSON, more converted units than units).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { UnsafeBufferPointer(start: $0, count: size) } ?? UnsafeBufferPointer(start: nil, count: 0)
    var accumulator = EventAccumulator()
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
        }
    }
    let readouts = ReadoutBuilder.readouts(totals)
    for readout in readouts {
        precondition(!readout.srm.pValue.isNaN && (readout.srm.chiSquare.map { !$0.isNaN } ?? true), "no NaN in the check")
        for group in readout.goals.flatMap(\.groups) {
            let figures = [group.conversionRate, group.valueMean, group.vsControl?.pValue, group.vsControl?.valuePValue,
                group.vsControl?.probabilityToBeatControl, group.vsControl?.ciLow, group.vsControl?.valueCILow]
            precondition(figures.allSatisfy { !($0?.isNaN ?? false) }, "a figure is a number or absent, never NaN")
        }
    }
    _ = JSONReport.render(readouts)
    _ = TextReport.render(readouts)
    _ = HTMLReport.render(readouts)
    return 0
}
