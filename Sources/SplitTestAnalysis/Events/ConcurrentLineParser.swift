import Dispatch
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parses the lines of an event source on every core, while the caller takes the events in the
/// order of the lines.
///
/// Counting the events stays on the caller's thread, in order, so that every total, every
/// reported line and every message is what one thread reading alone would give. Finding the
/// lines a pass reads and parsing them (most of a readout's time) run on the other cores: a file
/// is read in blocks of whole lines, each block is split and parsed on a worker, and the caller
/// takes the blocks back in the order it read them. (A database's rows, which come one at a
/// time, are copied into blocks first.) At most two blocks per core are in flight, so the memory
/// this takes is bounded whatever the file's size.
package enum ConcurrentLineParser {
    /// A selected line that is not an event: why, and where it falls among the block's events.
    private struct Problem {
        /// The events of lines before it in the block.
        var eventsBefore: Int
        var problem: JSONLineParser.Problem
        var line: Int
    }

    /// Which lines a pass parses, given the line's bytes (without its newline).
    typealias Selection = @Sendable (UnsafeBufferPointer<UInt8>) -> Bool

    /// Lines, then their events: filled by the caller, parsed by a worker.
    private final class Block: @unchecked Sendable {
        /// Whole lines, each ended by `\n` (the last line of a file may have none).
        var bytes: [UInt8] = []
        /// For a block of rows: where each row ends in `bytes`, and its number (rows have no `\n`).
        var rows: [(end: Int, number: Int)]?
        /// The events, then the lines that are not, with their numbers (counted from the block's
        /// first line in a file): written by the worker before it signals `parsed`, read by the
        /// caller after.
        var events: [RawEvent] = []
        var eventLines: [Int] = []
        var problems: [Problem] = []
        /// The lines in the block, counted by the worker.
        var lineCount = 0
        let parsed = DispatchSemaphore(value: 0)

        func parse(select: Selection, collectingProperties: Bool) {
            bytes.withUnsafeBufferPointer { all in
                func take(_ start: Int, _ end: Int, number: Int) {
                    var end = end
                    if end > start, all[end - 1] == 0x0D { end -= 1 }
                    let line = UnsafeBufferPointer(rebasing: all[start..<end])
                    guard select(line) else { return }
                    switch JSONLineParser.parse(line, collectingProperties: collectingProperties) {
                    case .success(let event):
                        events.append(event)
                        eventLines.append(number)
                    case .failure(let problem):
                        problems.append(Problem(eventsBefore: events.count, problem: problem, line: number))
                    }
                }
                if let rows {
                    var start = 0
                    for (end, number) in rows {
                        take(start, end, number: number)
                        start = end
                    }
                    lineCount = rows.count
                    return
                }
                guard let base = all.baseAddress else { return }
                var start = 0
                var number = 1
                while start < all.count {
                    let end: Int
                    if let newline = memchr(base + start, 0x0A, all.count - start) {
                        end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                    } else {
                        end = all.count
                    }
                    take(start, end, number: number)
                    number += 1
                    start = end + 1
                }
                lineCount = number - 1
            }
        }
    }

    /// The bytes a block holds before it is sent to a worker, unless told otherwise (tests and
    /// the fuzzer make them small, so that many lines fall on a block's edge).
    package static let blockBytes = 1 << 20

    /// The cores the workers may use.
    static let cores: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Reads `source`, parses the lines that `select` picks, and calls `event` with each event
    /// and its line's number, or `problem` with why a line is not one, in the order of the lines;
    /// `read` is told the bytes read so far, every block. Returns the number of lines.
    static func forEachSelectedLine(
        of source: any EventLineSource, select: @escaping Selection, collectingProperties: Bool, blockBytes: Int = blockBytes,
        read: (_ bytesRead: Int) -> Void, event: (_ event: RawEvent, _ line: Int) throws -> Void,
        problem: (_ problem: JSONLineParser.Problem, _ line: Int) -> Void
    ) throws -> Int {
        // The pipeline keeps the closures only until it returns.
        try withoutActuallyEscaping(read) { read in
            try withoutActuallyEscaping(event) { event in
                try withoutActuallyEscaping(problem) { problem in
                    var pipeline = Pipeline(
                        select: select, collectingProperties: collectingProperties, read: read, event: event, problem: problem)
                    if let file = source as? EventLogReader {
                        try readBlocks(of: file, blockBytes: max(1, blockBytes), into: &pipeline)
                    } else {
                        try readRows(of: source, blockBytes: blockBytes, into: &pipeline)
                    }
                    try pipeline.finish()
                    return pipeline.lines
                }
            }
        }
    }

    /// The blocks in flight, sent in order and taken back in order.
    private struct Pipeline {
        let select: Selection
        let collectingProperties: Bool
        let read: (Int) -> Void
        let event: (RawEvent, Int) throws -> Void
        let problem: (JSONLineParser.Problem, Int) -> Void
        var inFlight: [(block: Block, bytesRead: Int)] = []
        /// The lines of the blocks taken back.
        var lines = 0

        mutating func send(_ block: Block, bytesRead: Int) throws {
            inFlight.append((block, bytesRead))
            let select = select
            let collectingProperties = collectingProperties
            DispatchQueue.global().async {
                block.parse(select: select, collectingProperties: collectingProperties)
                block.parsed.signal()
            }
            if inFlight.count >= 2 * ConcurrentLineParser.cores { try takeOldest() }
        }

        mutating func takeOldest() throws {
            let (oldest, bytesRead) = inFlight.removeFirst()
            oldest.parsed.wait()
            // A row's number is its id, not counted.
            let linesBefore = oldest.rows == nil ? lines : 0
            lines += oldest.lineCount
            var problems = oldest.problems.makeIterator()
            var nextProblem = problems.next()
            try oldest.events.withUnsafeBufferPointer { events in
                try oldest.eventLines.withUnsafeBufferPointer { lines in
                    for index in events.indices {
                        while let pending = nextProblem, pending.eventsBefore == index {
                            problem(pending.problem, linesBefore + pending.line)
                            nextProblem = problems.next()
                        }
                        // Handed over in place: an event is not copied to be counted.
                        try event(events[index], linesBefore + lines[index])
                    }
                }
            }
            while let pending = nextProblem {
                problem(pending.problem, linesBefore + pending.line)
                nextProblem = problems.next()
            }
            read(bytesRead)
            // The events are freed by a worker, not by the thread that counts them.
            DispatchQueue.global().async {
                oldest.events = []
                oldest.problems = []
            }
        }

        mutating func finish() throws {
            while !inFlight.isEmpty { try takeOldest() }
        }
    }

    /// Sends `file` in blocks of whole lines.
    private static func readBlocks(of file: EventLogReader, blockBytes: Int, into pipeline: inout Pipeline) throws {
        guard let stream = fopen(file.path, "rb") else {
            throw EventLogReader.Failure(path: file.path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(stream) }
        var bytesRead = 0
        // The start of a line the previous block could not finish.
        var carried: [UInt8] = []
        while true {
            let block = Block()
            block.bytes = carried
            let kept = carried.count
            block.bytes.reserveCapacity(max(blockBytes, 2 * kept))
            let room = block.bytes.capacity - kept
            block.bytes.append(contentsOf: repeatElement(0, count: room))
            let count = block.bytes.withUnsafeMutableBufferPointer { buffer in
                fread(buffer.baseAddress! + kept, 1, room, stream)
            }
            if ferror(stream) != 0 {
                throw EventLogReader.Failure(path: file.path, reason: String(cString: strerror(errno)))
            }
            bytesRead += count
            block.bytes.removeLast(room - count)
            let atEnd = count < room
            if atEnd {
                carried = []
            } else if let lastNewline = block.bytes.lastIndex(of: 0x0A) {
                // The block ends at its last whole line; the rest starts the next one.
                carried = Array(block.bytes[(lastNewline + 1)...])
                block.bytes.removeLast(carried.count)
            } else {
                // One line longer than the block: read on until it ends.
                carried = block.bytes
                continue
            }
            if !block.bytes.isEmpty { try pipeline.send(block, bytesRead: bytesRead) }
            if atEnd { return }
        }
    }

    /// Sends the rows of `source`, which come one at a time, in blocks.
    private static func readRows(of source: any EventLineSource, blockBytes: Int, into pipeline: inout Pipeline) throws {
        var block = Block()
        block.rows = []
        var lastRead = 0
        try source.forEachLine { number, bytes, bytesRead in
            lastRead = bytesRead
            block.bytes.append(contentsOf: bytes)
            block.rows?.append((block.bytes.count, number))
            guard block.bytes.count >= blockBytes else { return }
            try pipeline.send(block, bytesRead: bytesRead)
            block = Block()
            block.rows = []
        }
        if block.rows?.isEmpty == false { try pipeline.send(block, bytesRead: lastRead) }
    }
}
