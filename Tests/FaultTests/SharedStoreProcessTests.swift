import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing
import TestTools

/// An app, its widget and its notification extension opening one ``FileAssignmentStore`` file:
/// real processes (`SharedStoreWorker`), several at once, many rounds.
@Suite("Shared file store across processes")
struct SharedStoreProcessTests {
    /// The JSON object of strings in `file`; fails the test when it is anything else.
    static func storedValues(in file: URL, _ context: String) throws -> [String: String] {
        let data = try Data(contentsOf: file)
        return try #require(
            (try? JSONSerialization.jsonObject(with: data)) as? [String: String],
            "\(context): the store file is not a JSON object of strings: \(String(decoding: data.prefix(300), as: UTF8.self))")
    }

    /// Rounds of `SharedStoreWorker writer`: how many processes, keys each, flush every how many.
    static let writerRounds: [(processes: Int, keys: Int, flushEvery: Int)] = [
        (6, 900, 0),  // one write at the end of each process: whole batches merged
        (6, 300, 10),  // many small writes interleaving
        (6, 300, 10),
        (4, 500, 3),
    ]

    @Test("overlapping writers in several processes lose nothing: every key each one wrote is in the file")
    func overlappingWritersLoseNothing() throws {
        let executable = try SupportExecutables.sharedStoreWorker()
        for (round, shape) in Self.writerRounds.enumerated() {
            let directory = try ScratchDirectory("writers")
            defer { directory.remove() }
            let storeFile = directory.file("container/split-tests.json")
            let start = StartSignal(in: directory)
            let workers = try (0..<shape.processes).map { worker in
                try ChildProcess(
                    executable,
                    ["writer", storeFile.path, start.url.path, "\(worker)", "\(shape.keys)", "\(shape.flushEvery)"],
                    label: "writer-\(worker)")
            }
            start.fire()
            for worker in workers {
                #expect(worker.waitForSuccess(timeout: 300), "round \(round), \(worker.label) failed: \(worker.errors)")
                #expect(worker.reportedIssues.isEmpty, "round \(round), \(worker.label): \(worker.reportedIssues)")
                #expect(worker.lines.last == "done", "round \(round), \(worker.label): \(worker.lines.suffix(3))")
            }

            let stored = try Self.storedValues(in: storeFile, "round \(round)")
            var lost: [String] = []
            var resurrected: [String] = []
            for worker in 0..<shape.processes {
                for index in 0..<shape.keys {
                    let key = "split_test.assignment.writer.w\(worker)-\(index)"
                    // Every seventh key is removed by the change after it, when there is one.
                    let removed = index % 7 == 2 && index + 1 < shape.keys
                    if removed {
                        if stored[key] != nil { resurrected.append(key) }
                    } else if stored[key] != "w\(worker)-\(index)" {
                        lost.append(key)
                    }
                }
            }
            let written = shape.processes * shape.keys
            #expect(lost.isEmpty, "round \(round): \(lost.count) of \(written) writes lost, e.g. \(lost.prefix(5))")
            #expect(resurrected.isEmpty, "round \(round): \(resurrected.count) removed keys came back, e.g. \(resurrected.prefix(5))")

            // The shared keys: the first value offered stays, and every process sees that one.
            for shared in 0..<8 {
                let value = stored["split_test.assignment.shared.s\(shared)"]
                #expect(value.map { (0..<shape.processes).map { "w\($0)" }.contains($0) } == true, "round \(round), s\(shared): \(value ?? "nothing")")
                for worker in workers {
                    #expect(worker.lines.contains("shared \(shared) \(value ?? "-")"), "round \(round), \(worker.label) saw another s\(shared): \(worker.lines.prefix(8))")
                }
            }
            #expect(!directory.contents().contains { $0.contains(".corrupt-") })
        }
    }

    static let deviceRounds = 25
    static let processesPerDevice = 4

    @Test("processes of a new device starting together create one device id and show one group")
    func processesOfANewDeviceAgree() throws {
        let executable = try SupportExecutables.sharedStoreWorker()
        var distinctGroups = Set<String>()
        for round in 0..<Self.deviceRounds {
            let directory = try ScratchDirectory("device")
            defer { directory.remove() }
            let storeFile = directory.file("container/split-tests.json")
            let start = StartSignal(in: directory)
            let processes = try (0..<Self.processesPerDevice).map { index in
                try ChildProcess(executable, ["device", storeFile.path, start.url.path], label: "device-\(index)")
            }
            start.fire()
            var results: [(device: String, group: String, reason: String)] = []
            for process in processes {
                #expect(process.waitForSuccess(timeout: 120), "round \(round), \(process.label) failed: \(process.errors)")
                #expect(process.reportedIssues.isEmpty, "round \(round), \(process.label): \(process.reportedIssues)")
                let words = process.lines.first { $0.hasPrefix("device ") }?.split(separator: " ").map(String.init) ?? []
                try #require(words.count == 4, "round \(round), \(process.label) printed \(process.lines)")
                results.append((words[1], words[2], words[3]))
            }
            let devices = Set(results.map(\.device))
            #expect(devices.count == 1, "round \(round): \(devices.count) device ids for one device: \(results)")
            #expect(Set(results.map(\.group)).count == 1, "round \(round): different groups: \(results)")
            #expect(results.allSatisfy { ["bucketed", "sticky"].contains($0.reason) }, "round \(round): \(results)")

            let stored = try Self.storedValues(in: storeFile, "round \(round)")
            #expect(stored[StorageKey.deviceID] == results[0].device)
            #expect(stored[StorageKey.assignment(experiment: "palette", unit: results[0].device)] == results[0].group)
            distinctGroups.insert(results[0].group)
        }
        // Each round is a new device, so the rounds spread over the eight groups: the agreement
        // above is not every device landing in one group.
        #expect(distinctGroups.count > 1)
    }

    @Test("a process sees another process's assignment before it buckets, whichever assigns first")
    func anotherProcessesAssignmentIsSeenBeforeBucketing() throws {
        let executable = try SupportExecutables.sharedStoreWorker()
        for round in 0..<6 {
            let directory = try ScratchDirectory("stagger")
            defer { directory.remove() }
            let storeFile = directory.file("container/split-tests.json")
            // Rules differ between the processes (as when a control document reached one of them
            // only), so the later one would bucket the user into the other group.
            let (firstGroup, laterGroup) = round.isMultiple(of: 2) ? ("classic", "cards") : ("cards", "classic")
            let laterStart = StartSignal(in: directory, name: "later-start")
            let later = try ChildProcess(
                executable, ["assign", storeFile.path, laterStart.url.path, laterGroup], label: "later")
            // The later process has opened the store (and read the file) before the first one writes.
            try #require(later.waitForLine(startingWith: "ready", timeout: 60) != nil, "round \(round): \(later.errors)")

            let firstStart = StartSignal(in: directory, name: "first-start")
            firstStart.fire()
            let first = try ChildProcess(
                executable, ["assign", storeFile.path, firstStart.url.path, firstGroup], label: "first")
            #expect(first.waitForSuccess(timeout: 60), "round \(round): \(first.errors)")
            #expect(first.lines.last == "assigned \(firstGroup) bucketed \(firstGroup)", "round \(round): \(first.lines)")

            laterStart.fire()
            #expect(later.waitForSuccess(timeout: 60), "round \(round): \(later.errors)")
            #expect(later.lines.last == "assigned \(firstGroup) sticky \(firstGroup)", "round \(round): \(later.lines)")
            #expect(first.reportedIssues.isEmpty && later.reportedIssues.isEmpty, "\(first.reportedIssues) \(later.reportedIssues)")
        }
    }

    @Test("processes bucketing one user at once under different rules store one group, which all of them then hold")
    func simultaneousAssignmentsSettleOnTheFirstStored() throws {
        let executable = try SupportExecutables.sharedStoreWorker()
        for round in 0..<6 {
            let directory = try ScratchDirectory("simultaneous")
            defer { directory.remove() }
            let storeFile = directory.file("container/split-tests.json")
            let start = StartSignal(in: directory)
            let processes = try (0..<4).map { index in
                try ChildProcess(
                    executable, ["assign", storeFile.path, start.url.path, index.isMultiple(of: 2) ? "classic" : "cards"],
                    label: "assign-\(index)")
            }
            for process in processes {
                try #require(process.waitForLine(startingWith: "ready", timeout: 60) != nil, "round \(round): \(process.errors)")
            }
            start.fire()
            var storedViews: [String] = []
            for process in processes {
                #expect(process.waitForSuccess(timeout: 60), "round \(round), \(process.label): \(process.errors)")
                let words = process.lines.last?.split(separator: " ").map(String.init) ?? []
                try #require(words.count == 4 && words[0] == "assigned", "round \(round), \(process.label): \(process.lines)")
                // What this launch served may be its own bucketing if no other process had written
                // yet; what it holds once its write merged is the first group stored.
                storedViews.append(words[3])
            }
            let stored = try Self.storedValues(in: storeFile, "round \(round)")
            let kept = stored[StorageKey.assignment(experiment: "layout", unit: "shared-user")]
            #expect(kept == "classic" || kept == "cards")
            #expect(storedViews.allSatisfy { $0 == kept }, "round \(round): file \(kept ?? "nothing"), processes \(storedViews)")
        }
    }

    static let crashRounds = 10

    @Test("a process killed in the middle of writing leaves a readable file and every other process's writes")
    func writerKilledAmongOthers() throws {
        let executable = try SupportExecutables.sharedStoreWorker()
        let crashWriter = try SupportExecutables.fileStoreCrashWriter()
        var delays: [Int] = []
        for round in 0..<Self.crashRounds {
            let directory = try ScratchDirectory("crash-shared")
            defer { directory.remove() }
            let storeFile = directory.file("split-tests.json")
            let crashing = try ChildProcess(crashWriter, [storeFile.path], label: "crashing")
            try #require(crashing.waitForLine(startingWith: "ready", timeout: 60) != nil, "round \(round): \(crashing.errors)")
            let start = StartSignal(in: directory)
            let writers = try (0..<3).map { worker in
                try ChildProcess(
                    executable, ["writer", storeFile.path, start.url.path, "\(worker)", "400", "5"],
                    label: "writer-\(worker)")
            }
            start.fire()
            let delay = Int.random(in: 1...300)
            delays.append(delay)
            Thread.sleep(forTimeInterval: Double(delay) / 1000)
            #expect(crashing.kill(), "round \(round): the crash writer stopped before it was killed: \(crashing.errors)")

            for writer in writers {
                // A lock the killed process held would make these wait ten seconds and report.
                #expect(writer.waitForSuccess(timeout: 300), "round \(round), \(writer.label): \(writer.errors)")
                #expect(writer.reportedIssues.isEmpty, "round \(round), \(writer.label): \(writer.reportedIssues)")
            }
            let stored = try Self.storedValues(in: storeFile, "round \(round), killed after \(delay) ms")
            var lost: [String] = []
            for worker in 0..<3 {
                for index in 0..<400 where !(index % 7 == 2 && index + 1 < 400) {
                    let key = "split_test.assignment.writer.w\(worker)-\(index)"
                    if stored[key] != "w\(worker)-\(index)" { lost.append(key) }
                }
            }
            #expect(lost.isEmpty, "round \(round), killed after \(delay) ms: \(lost.count) writes of the others lost, e.g. \(lost.prefix(5))")
            // The killed writer's entries are one whole state it had in memory.
            let crashEntries = stored.filter { $0.key.hasPrefix(WriterState.keyPrefix) }
            let data = try JSONSerialization.data(withJSONObject: crashEntries)
            if case .failure(let error) = WriterState.parse(data) {
                Issue.record("round \(round), killed after \(delay) ms: \(error)")
            }

            let recorder = IssueRecorder()
            let reopened = FileAssignmentStore(fileURL: storeFile, report: recorder.record)
            #expect(recorder.issues.isEmpty, "round \(round): reopening reported \(recorder.issues)")
            #expect(reopened.string(for: "split_test.assignment.writer.w0-399") == "w0-399")
            #expect(!directory.contents().contains { $0.contains(".corrupt-") }, "round \(round): \(directory.contents())")
        }
        print("FaultTests: killed FileStoreCrashWriter among three writers after \(delays) ms")
    }

    @Test("a lock another process holds delays the device id at most a second, is reported, and the store answers from memory")
    func lockHeldByAnotherProcess() throws {
        let executable = try SupportExecutables.sharedStoreWorker()
        let directory = try ScratchDirectory("held-lock")
        defer { directory.remove() }
        let storeFile = directory.file("split-tests.json")
        let holder = try ChildProcess(executable, ["hold-lock", storeFile.path], label: "holder")
        defer { holder.kill() }
        try #require(holder.waitForLine(startingWith: "locked", timeout: 60) != nil, "\(holder.errors)")

        let recorder = IssueRecorder()
        let store = FileAssignmentStore(fileURL: storeFile, report: recorder.record)
        let service = SplitTestingService(configuration: .init(store: store, catalog: [CheckoutFlowSplitTest.self]))
        let began = Date()
        let checkout = service.fetchSplitTest(CheckoutFlowSplitTest.self)
        let waited = Date().timeIntervalSince(began)
        // Bounded: the wait is one second; the upper limit only leaves room for a loaded machine.
        #expect(waited >= 0.9 && waited < 30, "the first fetch took \(waited) s")
        #expect(checkout.assignment.reason == .bucketed)
        #expect(!service.deviceID.isEmpty)
        #expect(service.fetchSplitTest(CheckoutFlowSplitTest.self).currentGroup == checkout.currentGroup)
        #expect(recorder.lockUnavailable.count == 1 && recorder.unwritable.isEmpty, "\(recorder.issues)")
        if case .storeLockUnavailable(let path, let reason)? = recorder.lockUnavailable.first {
            #expect(path == storeFile.path)
            #expect(reason.contains("held the lock file") && reason.contains("more than 1 s"), "\(reason)")
        }
        #expect(!FileManager.default.fileExists(atPath: storeFile.path), "nothing was written while the lock was held")

        // The holder dies (the kernel releases its lock): the next write stores what memory held.
        #expect(holder.kill())
        store.flush()
        let stored = try Self.storedValues(in: storeFile, "after the holder died")
        #expect(stored[StorageKey.deviceID] == service.deviceID)
        #expect(stored[StorageKey.assignment(experiment: CheckoutFlowSplitTest.identifier, unit: service.deviceID)]
            == checkout.currentGroup.rawValue)
        #expect(recorder.issues.count == 1, "a successful write reports nothing more: \(recorder.issues)")
    }
}
