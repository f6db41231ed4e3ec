import Foundation
import SplitTesting
import Testing
import TestTools

#if !canImport(Darwin)
    /// An app that takes `Configuration()`'s defaults keeps its device id and groups across
    /// launches: real processes (`SharedStoreWorker defaults`), each launch a process of its own,
    /// the data home chosen through the environment as on a user's machine.
    @Suite("The default store across launches")
    struct DefaultStoreProcessTests {
        /// What one launch printed.
        struct Launch {
            var device: String
            var group: String
            var reason: String
            /// The issues reported through the configuration's `report`.
            var issues: [String]
        }

        /// The worker's store file under `dataHome`: named after the executable.
        static func storeFile(dataHome: URL) -> URL {
            dataHome.appendingPathComponent("SplitTesting/SharedStoreWorker.json")
        }

        /// Runs one launch with `XDG_DATA_HOME` and `HOME` as given (`nil`: unset), and the
        /// palette's eight weights when given (equal ones otherwise).
        static func launch(dataHome: String?, home: String?, weights: [Int]? = nil) throws -> Launch {
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = dataHome
            environment["HOME"] = home
            let arguments = ["defaults"] + (weights.map { [$0.map(String.init).joined(separator: ",")] } ?? [])
            let outcome = try CapturedProcess.run(SupportExecutables.sharedStoreWorker(), arguments, environment: environment)
            try #require(outcome.status == 0, "the worker failed: \(outcome.stderr)")
            let lines = outcome.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            try #require(
                lines.count == 2 && lines[0].count == 2 && lines[0][0] == "device" && lines[1].count == 3,
                "the worker printed \(outcome.stdout)")
            let issues = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("issue:") }.map(String.init)
            return Launch(device: lines[0][1], group: lines[1][1], reason: lines[1][2], issues: issues)
        }

        @Test("the second launch has the first one's device id and group, now sticky")
        func secondLaunchKeepsTheDeviceAndGroup() throws {
            let directory = try ScratchDirectory("default-store")
            defer { directory.remove() }
            let dataHome = directory.file("data")
            let home = directory.file("home").path
            let first = try Self.launch(dataHome: dataHome.path, home: home)
            let second = try Self.launch(dataHome: dataHome.path, home: home)
            #expect(first.issues.isEmpty && second.issues.isEmpty, "\(first.issues) \(second.issues)")
            #expect(second.device == first.device)
            #expect(second.group == first.group)
            #expect(first.reason == "bucketed")
            #expect(second.reason == "sticky")

            // The file is named after the executable, and nothing is written under HOME.
            let file = Self.storeFile(dataHome: dataHome)
            let stored = try #require(
                (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [String: String],
                "no store file at \(file.path)")
            #expect(stored[StorageKey.deviceID] == first.device)
            #expect(stored[StorageKey.assignment(experiment: "palette", unit: first.device)] == first.group, "\(stored)")
            #expect(!FileManager.default.fileExists(atPath: home))
        }

        /// The store file's values under `dataHome`; fails the test when there is none.
        static func storedValues(dataHome: URL) throws -> [String: String] {
            let file = storeFile(dataHome: dataHome)
            return try #require(
                (try? JSONSerialization.jsonObject(with: Data(contentsOf: file))) as? [String: String],
                "no store file at \(file.path)")
        }

        /// How often the launches below are repeated: the write that the exit waits for races
        /// with it, and lost about one launch in two before the exit waited.
        static let launchesAtOnce = 30

        @Test("a launch that returns from main right after its first fetch keeps its group, every time")
        func exitRightAfterTheFirstFetchKeepsTheGroup() throws {
            let directory = try ScratchDirectory("default-store-exit")
            defer { directory.remove() }
            let home = directory.file("home").path
            var kept = 0
            for run in 0..<Self.launchesAtOnce {
                let dataHome = directory.file("data-\(run)")
                let first = try Self.launch(dataHome: dataHome.path, home: home)
                #expect(first.reason == "bucketed" && first.issues.isEmpty, "run \(run): \(first)")
                let stored = try Self.storedValues(dataHome: dataHome)
                let storedGroup = stored[StorageKey.assignment(experiment: "palette", unit: first.device)]
                #expect(stored[StorageKey.deviceID] == first.device, "run \(run): \(stored)")
                #expect(storedGroup == first.group, "run \(run): \(stored)")

                // A later release gives all the weight to another group: only the stored group
                // can give the first one back.
                let firstIndex = try #require(Int(first.group.dropFirst()), "run \(run): group \(first.group)")
                let weights = (0..<8).map { $0 == (firstIndex + 1) % 8 ? 1 : 0 }
                let second = try Self.launch(dataHome: dataHome.path, home: home, weights: weights)
                #expect(second.device == first.device, "run \(run)")
                #expect(second.group == first.group && second.reason == "sticky", "run \(run): \(first) then \(second)")
                if storedGroup == first.group, second.group == first.group, second.reason == "sticky" { kept += 1 }
            }
            #expect(kept == Self.launchesAtOnce, "\(kept) of \(Self.launchesAtOnce) launches kept their group")
        }

        @Test("two data homes are two devices")
        func twoDataHomesAreTwoDevices() throws {
            let directory = try ScratchDirectory("default-store-homes")
            defer { directory.remove() }
            let home = directory.file("home").path
            let one = try Self.launch(dataHome: directory.file("one").path, home: home)
            let other = try Self.launch(dataHome: directory.file("other").path, home: home)
            #expect(one.device != other.device)
            #expect(try Self.launch(dataHome: directory.file("one").path, home: home).device == one.device)
        }

        @Test("without XDG_DATA_HOME the store is under HOME's .local/share")
        func homeFallback() throws {
            let directory = try ScratchDirectory("default-store-home")
            defer { directory.remove() }
            let first = try Self.launch(dataHome: nil, home: directory.url.path)
            let file = Self.storeFile(dataHome: directory.file(".local/share"))
            #expect(FileManager.default.fileExists(atPath: file.path))
            #expect(try Self.launch(dataHome: nil, home: directory.url.path).device == first.device)
        }

        @Test("a data home where no folder can be created is reported, and the app runs from memory")
        func unwritableDataHome() throws {
            let directory = try ScratchDirectory("default-store-unwritable")
            defer { directory.remove() }
            // A regular file where the data home should be: no folder can be created inside it,
            // whoever runs the test (root included).
            let blocker = directory.file("not-a-folder")
            try Data("x".utf8).write(to: blocker)
            let home = directory.file("home").path
            let first = try Self.launch(dataHome: blocker.path, home: home)
            let second = try Self.launch(dataHome: blocker.path, home: home)
            #expect(!first.issues.isEmpty)
            #expect(first.issues.allSatisfy { $0.contains(blocker.path) }, "\(first.issues)")
            #expect(first.reason == "bucketed")
            // Nothing persisted: the next launch is a new install.
            #expect(second.device != first.device)
        }
    }
#endif
