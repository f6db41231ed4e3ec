import Foundation
@_spi(Tools) import SplitTesting
import Testing
import TestTools

/// The `UserDefaults` store across launches: real processes (`SharedStoreWorker user-defaults`),
/// each launch a process of its own that returns from main right after its fetches, with the
/// defaults' files in a folder of the test's own.
@Suite("The UserDefaults store across launches")
struct UserDefaultsProcessTests {
    /// The group the worker's eight-group `palette` gives `unit` on its first launch.
    static func paletteGroup(of unit: String) -> String {
        "g\(Bucketing.bucket(salt: "palette", unit: unit, purpose: .group) / 1_250)"
    }

    /// Runs one launch over the suite `suite` for the devices `units`, each printed line split
    /// into its index, group and reason.
    static func launch(suite: String, units: [String], folder: ScratchDirectory) throws -> [[String]] {
        let worker = try SupportExecutables.sharedStoreWorker()
        var environment = ProcessInfo.processInfo.environment
        // Where Foundation outside Apple platforms keeps a suite's file.
        environment["HOME"] = folder.file("home").path
        environment["XDG_CONFIG_HOME"] = folder.file("config").path
        let outcome = try CapturedProcess.run(worker, ["user-defaults", suite] + units, environment: environment)
        try #require(outcome.status == 0, "the worker failed: \(outcome.stderr)")
        #expect(!outcome.stderr.contains("issue:"), "\(outcome.stderr)")
        return outcome.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    }

    @Test("twin device ids, precomposed and decomposed, keep their own groups on the next launch")
    func twinDevicesKeepTheirGroupsAcrossLaunches() throws {
        let folder = try ScratchDirectory("user-defaults")
        defer { folder.remove() }
        let suite = "SplitTestingFaultTests-\(UUID().uuidString)"
        #if canImport(Darwin)
            defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        #endif
        // `josé-N` written both ways, for an N whose two spellings bucket into different groups.
        let index = try #require((0..<1_000).first { Self.paletteGroup(of: "jos\u{E9}-\($0)") != Self.paletteGroup(of: "jose\u{301}-\($0)") })
        let units = ["jos\u{E9}-\(index)", "jose\u{301}-\(index)"]
        let groups = units.map(Self.paletteGroup)

        let first = try Self.launch(suite: suite, units: units, folder: folder)
        #expect(first == [["0", groups[0], "bucketed"], ["1", groups[1], "bucketed"]])
        let second = try Self.launch(suite: suite, units: units, folder: folder)
        #expect(second == [["0", groups[0], "sticky"], ["1", groups[1], "sticky"]])
    }
}
