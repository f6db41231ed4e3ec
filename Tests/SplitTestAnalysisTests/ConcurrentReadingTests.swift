import Foundation
@_spi(Tools) import SplitTestAnalysis
import Testing
import TestTools

/// A file is read in blocks of whole lines parsed on every core: the readout, every reported
/// line and every count are those of reading it one line at a time, whatever falls on a block's
/// edge (a line longer than a block, Windows line ends, blank lines, a last line without its
/// newline).
@Suite struct ConcurrentReadingTests {
    /// The same file's lines, handed over one at a time as a database's rows are.
    struct OneLineAtATime: EventLineSource {
        let file: EventLogReader
        var name: String { file.path }
        var size: Int? { file.size }

        func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws -> Int {
            try file.forEachLine(body)
        }
    }

    /// About 3.5 MiB: three blocks and more, with the awkward lines spread over them.
    static func lines() -> (lines: [String], malformed: [Int]) {
        var lines: [String] = []
        var malformed: [Int] = []
        for index in 0..<16_000 {
            let unit = "unit-\(index % 3_000)"
            let group = ["control", "blue"][index % 2 == 0 ? 0 : 1]
            switch index % 4 {
            case 0: lines.append(EventLines.exposure("button_color", group, unit: unit, at: Double(index)))
            case 1: lines.append(EventLines.goal("purchase", value: Double(index % 50), device: unit, at: Double(index) + 0.5))
            case 2: lines.append(EventLines.goal("signup", device: unit, at: Double(index) + 0.25) + "\r")
            default: lines.append(EventLines.goal("purchase", value: 1, device: unit, at: Double(index) + 0.75))
            }
            if index % 2_500 == 1_234 {
                lines.append("{\"date\": \"2026-03-01T00:00:00Z\", \"event\": \"split_test_goal\", \"properties\": {")
                malformed.append(lines.count)
            }
            if index % 3_000 == 10 { lines.append("   ") }
        }
        // A line longer than a block, in the middle.
        lines.insert("{\"event\": \"split_test_goal\", \"date\": \"2026-03-01T00:00:00Z\", \"pad\": \"" + String(repeating: "x", count: 1_300_000), at: 6_000)
        malformed = malformed.map { $0 >= 6_001 ? $0 + 1 : $0 }
        malformed.append(6_001)
        return (lines, malformed.sorted())
    }

    static func read(
        _ source: any EventLineSource, blockBytes: Int = ConcurrentLineParser.blockBytes
    ) throws -> (readout: String, issues: [InputIssue], valid: [Int]) {
        var accumulator = EventAccumulator()
        let valid = try EventFiles.read(sources: [source], into: &accumulator, blockBytes: blockBytes)
        return (JSONReport.render(ReadoutBuilder.readouts(accumulator.totals())), accumulator.issues, valid)
    }

    @Test func blocksReadAsOneLineAtATime() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (lines, malformed) = Self.lines()
        // No newline after the last line.
        let file = folder.appendingPathComponent("events.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let size = try #require(EventLogReader(path: file.path).size)
        #expect(size > 3 * ConcurrentLineParser.blockBytes)

        let inBlocks = try Self.read(EventLogReader(path: file.path))
        let oneAtATime = try Self.read(OneLineAtATime(file: EventLogReader(path: file.path)))
        #expect(inBlocks.readout == oneAtATime.readout)
        #expect(inBlocks.issues == oneAtATime.issues)
        #expect(inBlocks.valid == oneAtATime.valid)
        #expect(inBlocks.issues.filter { $0.kind == .malformedLine }.map(\.line) == malformed)
        // Every line but the malformed and blank ones is a valid event, the last included.
        let blank = lines.filter { $0.allSatisfy { $0 == " " } }.count
        #expect(inBlocks.valid == [lines.count - malformed.count - blank])
        #expect(inBlocks.readout.contains("\"experiment\": \"button_color\""))
    }

    @Test(arguments: [1, 7, 100, 4_096])
    func smallBlocksReadAsOneLineAtATime(blockBytes: Int) throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (lines, malformed) = Self.lines()
        let file = folder.appendingPathComponent("events.jsonl")
        // The long line (line 11) and the first ones, with Windows line ends: every line falls
        // on blocks' edges.
        let some = Array(lines[5_990..<6_020]) + Array(lines[0..<400])
        try Data((some.joined(separator: "\r\n") + "\n").utf8).write(to: file)
        let inBlocks = try Self.read(EventLogReader(path: file.path), blockBytes: blockBytes)
        let oneAtATime = try Self.read(OneLineAtATime(file: EventLogReader(path: file.path)), blockBytes: blockBytes)
        #expect(inBlocks.readout == oneAtATime.readout)
        #expect(inBlocks.issues == oneAtATime.issues)
        #expect(inBlocks.valid == oneAtATime.valid)
        #expect(inBlocks.issues.contains { $0.kind == .malformedLine && $0.line == 11 })
        #expect(!malformed.isEmpty)
    }

    @Test func anEmptyFileAndOneOfBlankLinesReadAsBefore() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for contents in ["", "\n\n", "  \r\n"] {
            let file = folder.appendingPathComponent("events.jsonl")
            try Data(contents.utf8).write(to: file)
            let inBlocks = try Self.read(EventLogReader(path: file.path))
            let oneAtATime = try Self.read(OneLineAtATime(file: EventLogReader(path: file.path)))
            #expect(inBlocks.issues == oneAtATime.issues, "\(contents.debugDescription)")
            #expect(inBlocks.valid == [0])
        }
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: EventLogReader.Failure.self) {
            try Self.read(EventLogReader(path: "/nonexistent/events.jsonl"))
        }
    }
}
