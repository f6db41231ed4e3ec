import Foundation
import Testing
import TestTools

/// A normal exit finishes every write a store was asked for: real processes
/// (`SharedStoreWorker`) that return from main at once.
@Suite("Writes finished at exit")
struct WritesAtExitTests {
    @Test("a store first used by another exit handler, after the stores' own, still writes, as does an events file")
    func storeUsedAfterTheExitStarted() throws {
        let directory = try ScratchDirectory("exit-handler")
        defer { directory.remove() }
        let file = directory.file("store/split-tests.json")
        let outcome = try CapturedProcess.run(SupportExecutables.sharedStoreWorker(), ["exit-handler", file.path])
        try #require(outcome.status == 0, "the worker failed: \(outcome.stderr)")
        let stored = (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [String: String]
        #expect(stored == ["split_test.main": "in-main", "split_test.exit-handler": "at-exit"])
        let events = (try? String(contentsOf: URL(fileURLWithPath: file.path + ".events.jsonl"), encoding: .utf8)) ?? ""
        #expect(events.split(separator: "\n").count == 1 && events.contains("\"event\":\"in_main\""), "\(events)")
    }

    @Test("a write whose report calls exit ends the process without waiting for itself, and the other stores' writes are kept")
    func exitFromInsideAWrite() throws {
        let directory = try ScratchDirectory("exit-in-report")
        defer { directory.remove() }
        let file = directory.file("store/split-tests.json")
        // A regular file where the folder should be: no write can succeed there.
        let blocker = directory.file("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let child = try ChildProcess(
            SupportExecutables.sharedStoreWorker(), ["exit-in-report", file.path, blocker.appendingPathComponent("split-tests.json").path])
        #expect(child.waitUntilExit(timeout: 30) == 3, "\(child.errors)")
        let stored = (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [String: String]
        #expect(stored == ["split_test.main": "in-main"])
    }
}
