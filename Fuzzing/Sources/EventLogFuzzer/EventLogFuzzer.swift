@_spi(Tools) import SplitTestAnalysis
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
@_spi(Generated) @_spi(Tools) import SplitTesting

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
    // Experiments whose groups read as cells are also read as a factorial of the levels they
    // show, so that the factor effects meet every figure the events can make.
    let experiments = totals.map { experiment in
        var experiment = experiment
        experiment.factorial = factorialDesign(ofCells: experiment.groups)
        return experiment
    }
    let readouts = ReadoutBuilder.readouts(experiments)
    let adjusted = ReadoutBuilder.readouts(experiments, effects: EffectSettings(method: .sequential(), cuped: true))
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
    for effects in (readouts + adjusted).flatMap(\.goals).compactMap(\.factorEffects) {
        let estimates = effects.factors.flatMap { factor in
            factor.levels.flatMap { [$0.conversion, $0.value] } + factor.means.flatMap { [$0.rate, $0.value] }
        }
        let figures = estimates.flatMap { [$0?.estimate, $0?.standardError, $0?.ciLow, $0?.pValue] }
            + effects.interactions.flatMap { [$0.conversion?.chiSquare, $0.conversion?.pValue, $0.value?.pValue] }
        precondition(figures.allSatisfy { !($0?.isNaN ?? false) }, "a factor effect is a number or absent, never NaN")
    }
    for rendered in [readouts, adjusted] {
        _ = JSONReport.render(rendered)
        _ = TextReport.render(rendered)
        _ = HTMLReport.render(rendered)
    }
    checkBlocks(bytes)
    return 0
}

/// The input as a file, read as `splitc analyze` reads one: in blocks of whole lines parsed on
/// every core. Where the blocks fall changes nothing: the readout, every issue and the count of
/// valid lines are those of reading it in one block.
private func checkBlocks(_ bytes: UnsafeBufferPointer<UInt8>) {
    let path = "/tmp/event-log-fuzzer-\(getpid()).jsonl"
    guard let file = fopen(path, "wb") else { return }
    let written = bytes.isEmpty ? 0 : fwrite(bytes.baseAddress, 1, bytes.count, file)
    fclose(file)
    defer { unlink(path) }
    guard written == bytes.count else { return }
    func read(blockBytes: Int) -> (String, [InputIssue], [Int]) {
        var accumulator = EventAccumulator()
        do {
            let valid = try EventFiles.read([path], into: &accumulator, blockBytes: blockBytes)
            return (JSONReport.render(ReadoutBuilder.readouts(accumulator.totals())), accumulator.issues, valid)
        } catch {
            preconditionFailure("a file just written is read: \(error)")
        }
    }
    let whole = read(blockBytes: 1 << 20)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count - (bytes.last == 0x0A ? 1 : 0)
    for issue in whole.1 where issue.kind != .emptyFile {
        precondition(issue.line >= 1 && issue.line <= lines, "an issue is located on a line of the file: \(issue)")
    }
    for blockBytes in [1, 2 + bytes.count % 61] {
        let inBlocks = read(blockBytes: blockBytes)
        precondition(inBlocks.0 == whole.0, "the readout does not depend on where blocks fall")
        precondition(inBlocks.1 == whole.1, "the issues do not depend on where blocks fall")
        precondition(inBlocks.2 == whole.2, "the count of valid lines does not depend on where blocks fall")
    }
}

/// The design whose factors have the levels `cells` show, in the order they first appear, when
/// every group name is two or more levels joined by `+`; `nil` otherwise.
private func factorialDesign(ofCells cells: [String]) -> SplitTestFactorialDesign? {
    let parts = cells.map { $0.split(separator: SplitTestFactorialDesign.levelSeparator, omittingEmptySubsequences: false).map(String.init) }
    guard let count = parts.first?.count, count >= 2, parts.allSatisfy({ $0.count == count }) else { return nil }
    var levels = [[String]](repeating: [], count: count)
    for cell in parts {
        for (factor, level) in cell.enumerated() where !levels[factor].contains(level) { levels[factor].append(level) }
    }
    guard levels.allSatisfy({ $0.count >= 2 }) else { return nil }
    let factors = levels.enumerated().map { SplitTestFactorialDesign.Factor(name: "f\($0.offset)", levels: $0.element) }
    return SplitTestFactorialDesign(factors: factors, cells: cells)
}
