import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing
import TestTools

/// A process killed while its ``FileAssignmentStore`` writes leaves a whole state on disk, and
/// the next launch reads it without calling it corrupt.
@Suite("File store killed mid-write")
struct CrashWriterTests {
    static let rounds = 20

    @Test("after SIGKILL at random moments the file is always one whole state, old or new")
    func killedWriterLeavesWholeState() throws {
        let writer = try SupportExecutables.fileStoreCrashWriter()
        let directory = try ScratchDirectory("crash")
        defer { directory.remove() }
        let storeFile = directory.file("assignments.json")
        var previousWriteCount = 0
        var delays: [Int] = []

        for round in 0..<Self.rounds {
            let process = try ChildProcess(writer, [storeFile.path])
            defer { process.kill() }
            // The writer says `ready <writes made>` once its first write is on disk.
            let ready = process.waitForLine(startingWith: "ready ", timeout: 60)
            let readyCount = try #require(ready.flatMap { Int($0.dropFirst("ready ".count)) }, "round \(round): the writer never became ready: \(process.errors)")
            // Random moments, from just after the first write to well into the loop.
            let delay = Int.random(in: 1...300)
            delays.append(delay)
            Thread.sleep(forTimeInterval: Double(delay) / 1000)
            #expect(process.kill(), "round \(round): the writer had stopped before it was killed: \(process.errors)")

            let data = try Data(contentsOf: storeFile)
            switch WriterState.parse(data) {
            case .failure(let error):
                Issue.record("round \(round), killed after \(delay) ms: \(error)")
            case .success(let state):
                // The state flushed before "ready" was on disk, and later ones only replace it.
                #expect(state.writeCount >= readyCount, "round \(round): \(state.writeCount) writes on disk, \(readyCount) flushed")
                #expect(state.writeCount >= previousWriteCount)
                previousWriteCount = state.writeCount
            }

            let recorder = IssueRecorder()
            let reopened = FileAssignmentStore(fileURL: storeFile, report: recorder.record)
            #expect(recorder.issues.isEmpty, "round \(round): reopening reported \(recorder.issues)")
            let lastKey = StorageKey.assignment(
                experiment: "crash_writer", unit: "unit-\((previousWriteCount - 1) % WriterState.unitCount)")
            #expect(reopened.string(for: lastKey) == String(previousWriteCount - 1))
            #expect(!directory.contents().contains { $0.contains(".corrupt-") }, "round \(round): \(directory.contents())")
        }
        print("FaultTests: killed FileStoreCrashWriter after \(delays) ms; \(previousWriteCount) writes in the end")
        #expect(previousWriteCount > Self.rounds)
    }
}
