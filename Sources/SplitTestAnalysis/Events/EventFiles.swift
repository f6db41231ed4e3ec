import SplitTestFormats
import SplitTesting
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads event files into an ``EventAccumulator`` in its two passes: every line is parsed once,
/// in the pass it belongs to (a cheap byte search decides which), and bad lines become
/// ``InputIssue``s while the rest is read.
public enum EventFiles {
    /// Reads `paths` into `accumulator`; `progress` receives the bytes read so far and the bytes
    /// to read in all (both passes), every few thousand lines. Returns, per path, how many of its
    /// lines were valid events: an exposure, a goal or a holdout event with the fields it needs,
    /// whether or not it then counted.
    /// - Throws: ``EventLogReader/Failure`` when a file cannot be opened or read.
    @discardableResult
    public static func read(
        _ paths: [String], into accumulator: inout EventAccumulator,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> [Int] {
        try read(sources: paths.map(EventLogReader.init(path:)), into: &accumulator, progress: progress)
    }

    /// Reads `paths` as ``read(_:into:progress:)`` does, in blocks of `blockBytes` (the fuzzer
    /// checks that where blocks fall changes nothing).
    @_spi(Tools) @discardableResult
    public static func read(_ paths: [String], into accumulator: inout EventAccumulator, blockBytes: Int) throws -> [Int] {
        try read(sources: paths.map(EventLogReader.init(path:)), into: &accumulator, blockBytes: blockBytes)
    }

    /// Reads the lines of `readers` (files, or the rows of a decision service's database) into
    /// `accumulator`, as ``read(_:into:progress:)`` reads files: each source is read twice.
    /// Returns, per reader, how many of its lines were valid events: an exposure, a goal, a
    /// holdout event or a declared event with the fields it needs, whether or not it then counted (an experiment the
    /// definitions do not have is the data's news, not a bad line).
    @discardableResult
    package static func read(
        sources readers: [any EventLineSource], into accumulator: inout EventAccumulator,
        blockBytes: Int = ConcurrentLineParser.blockBytes, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> [Int] {
        let total = 2 * readers.reduce(0) { $0 + ($1.size ?? 0) }
        // Properties are collected only when something reads them: a dimension on exposures,
        // declared events among the rest.
        let exposureProperties = accumulator.readsExposureProperties
        let eventProperties = accumulator.readsEventProperties
        var done = 0
        var valid = [Int](repeating: 0, count: readers.count)
        var deferredGoals: [(RawEvent, String, Int, Int)] = []
        for (index, reader) in readers.enumerated() {
            var fileDone = 0
            let lines = try ConcurrentLineParser.forEachSelectedLine(
                of: reader, select: { isExposureOrHoldout($0) }, collectingProperties: exposureProperties, blockBytes: blockBytes,
                read: { bytesRead in
                    fileDone = bytesRead
                    progress(done + bytesRead, total)
                },
                event: { event, number in
                    let invalidBefore = accumulator.invalidLines
                    if event.name == TrackingEvent.goalIdentifier {
                        deferredGoals.append((event, reader.name, number, index))
                        return
                    } else if event.name == TrackingEvent.exposureIdentifier || event.name == TrackingEvent.holdoutIdentifier {
                        accumulator.addExposure(event, file: reader.name, line: number)
                    } else {
                        accumulator.record(unknown: event, file: reader.name, line: number)
                    }
                    if accumulator.invalidLines == invalidBefore { valid[index] += 1 }
                },
                problem: { problem, number in report(problem, file: reader.name, line: number, into: &accumulator) })
            done += fileDone
            if lines == 0 {
                accumulator.record(InputIssue(file: reader.name, line: 0, kind: .emptyFile, message: "no events"))
            }
        }
        accumulator.finishExposures()
        for (event, file, line, index) in deferredGoals {
            let invalidBefore = accumulator.invalidLines
            accumulator.addGoal(event, file: file, line: line)
            if accumulator.invalidLines == invalidBefore { valid[index] += 1 }
        }
        for (index, reader) in readers.enumerated() {
            var fileDone = 0
            _ = try ConcurrentLineParser.forEachSelectedLine(
                of: reader,
                select: { bytes in !isExposureOrHoldout(bytes) && !bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 } },
                collectingProperties: eventProperties, blockBytes: blockBytes,
                read: { bytesRead in
                    fileDone = bytesRead
                    progress(done + bytesRead, total)
                },
                event: { event, number in
                    let invalidBefore = accumulator.invalidLines
                    if event.name == TrackingEvent.goalIdentifier {
                        accumulator.addGoal(event, file: reader.name, line: number)
                    } else if eventProperties {
                        // A declared event, or reported as unknown there.
                        accumulator.addEvent(event, file: reader.name, line: number)
                    } else {
                        accumulator.record(unknown: event, file: reader.name, line: number)
                    }
                    if accumulator.invalidLines == invalidBefore { valid[index] += 1 }
                },
                problem: { problem, number in report(problem, file: reader.name, line: number, into: &accumulator) })
            done += fileDone
        }
        progress(total, total)
        return valid
    }

    /// Reports why a line is not an event.
    private static func report(
        _ problem: JSONLineParser.Problem, file: String, line: Int, into accumulator: inout EventAccumulator
    ) {
        switch problem {
        case .malformed(let reason), .missingField(let reason):
            accumulator.record(InputIssue(file: file, line: line, kind: .malformedLine, message: reason))
        }
    }

    private static let exposureName = Array((EventVocabulary.exposure + "\"").utf8)
    private static let holdoutName = Array((EventVocabulary.holdout + "\"").utf8)
    /// What both names start with (`split_test_`), searched for first; then the rest of either.
    private static let marker = Array(zip(exposureName, holdoutName).prefix { $0 == $1 }.map(\.0))
    private static let exposure = Array(exposureName.dropFirst(marker.count))
    private static let holdout = Array(holdoutName.dropFirst(marker.count))

    /// Whether the line mentions `split_test_exposure"` or `split_test_holdout"`: the lines of pass 1.
    static func isExposureOrHoldout(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard var start = bytes.baseAddress else { return false }
        var remaining = bytes.count
        return marker.withUnsafeBytes { needle in
            while remaining >= needle.count {
                // memchr finds each candidate first byte at memory speed; memcmp checks the rest.
                guard let found = memchr(start, Int32(needle[0]), remaining - needle.count + 1) else { return false }
                let candidate = found.assumingMemoryBound(to: UInt8.self)
                let skipped = start.distance(to: candidate)
                if let pattern = needle.baseAddress, memcmp(candidate, pattern, needle.count) == 0 {
                    let offset = skipped + needle.count
                    let rest = UnsafeBufferPointer(start: start + offset, count: remaining - offset)
                    if hasPrefix(rest, at: 0, exposure) || hasPrefix(rest, at: 0, holdout) { return true }
                }
                start += skipped + 1
                remaining -= skipped + 1
            }
            return false
        }
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ prefix: [UInt8]) -> Bool {
        guard start + prefix.count <= bytes.count else { return false }
        for offset in prefix.indices where bytes[start + offset] != prefix[offset] { return false }
        return true
    }
}

extension EventAccumulator {
    /// Reports an event that is neither an exposure, a goal nor a holdout event.
    public mutating func record(unknown event: RawEvent, file: String, line: Int) {
        record(InputIssue(file: file, line: line, kind: .unknownEvent, message: "'\(event.name)' is not an event the readout reads; skipped"))
    }
}
