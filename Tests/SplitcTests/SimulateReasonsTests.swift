import Foundation
import Testing

/// `splitc simulate` says why units were not enrolled: a required group they are not in, a
/// schedule not started or ended, beside holdouts and targeting.
@Suite struct SimulateReasonsTests {
    static let definitions = """
        identifier: onboarding_flow
        type: device
        groups: [old_flow, new_flow]
        ---
        identifier: checkout_button
        type: device
        groups: [red, blue]
        requires: { onboarding_flow: [new_flow] }
        ---
        identifier: launch_banner
        type: device
        groups: [off, on]
        schedule: { start: 2026-06-01T00:00:00Z }
        ---
        identifier: winter_banner
        type: device
        groups: [off, on]
        schedule: { end: 2025-12-01T00:00:00Z }
        """

    @Test func eachReasonIsCountedInTextAndJSON() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/all.yaml", Self.definitions)
        let arguments = ["simulate", "--units", "1000", "--at", "2026-01-01T00:00:00Z"]

        let json = try SplitcProcess.run(arguments + ["--format", "json"], in: folder.url)
        #expect(json.status == 0, "\(json.stderr)")
        let experiments = try #require(try json.json() as? [[String: Any]])
        func entry(_ identifier: String) throws -> [String: Any] {
            try #require(experiments.first { $0["experiment"] as? String == identifier })
        }
        let onboarding = try entry("onboarding_flow")
        let oldFlow = try #require((onboarding["groups"] as? [[String: Any]])?.first { $0["group"] as? String == "old_flow" }?["units"] as? Int)
        #expect((400...600).contains(oldFlow), "\(oldFlow) of 1000 in old_flow")
        let checkout = try entry("checkout_button")
        // Exactly the units in the other group of the required experiment are not enrolled.
        #expect(checkout["prerequisiteUnmet"] as? Int == oldFlow)
        #expect(checkout["enrolled"] as? Int == 1000 - oldFlow)
        #expect(try entry("launch_banner")["notStarted"] as? Int == 1000)
        #expect(try entry("launch_banner")["ended"] as? Int == 0)
        #expect(try entry("winter_banner")["ended"] as? Int == 1000)
        #expect(onboarding["prerequisiteUnmet"] as? Int == 0)

        let text = try SplitcProcess.run(arguments, in: folder.url)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        func line(_ identifier: String) -> String { lines.first { $0.hasPrefix(identifier + ":") } ?? "" }
        #expect(line("checkout_button").contains("\(oldFlow) not enrolled (\(oldFlow) not in a required group)"), "\(line("checkout_button"))")
        #expect(line("launch_banner").contains("1000 not enrolled (1000 before the schedule's start)"), "\(line("launch_banner"))")
        #expect(line("winter_banner").contains("1000 not enrolled (1000 after the schedule's end)"), "\(line("winter_banner"))")
    }

    /// Every unit not enrolled is in the breakdown, those outside the traffic too: the counts in
    /// brackets add up to the not-enrolled count.
    @Test func theBreakdownAddsUpToTheUnitsNotEnrolled() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/all.yaml", """
            identifier: partial_rollout
            type: device
            groups: [off, on]
            traffic: 30
            ---
            identifier: paused
            type: device
            groups: [control, new]
            status: stopped
            force: { unit-3: new }
            ---
            identifier: decided
            type: device
            groups: [control, short]
            status: resolved
            winner: short

            """)
        let json = try folder.splitc("simulate", "--units", "1000", "--format", "json")
        #expect(json.status == 0, "\(json.stderr)")
        let experiments = try #require(try json.json() as? [[String: Any]])
        let rollout = try #require(experiments.first { $0["experiment"] as? String == "partial_rollout" })
        let outside = try #require(rollout["outsideTraffic"] as? Int)
        #expect(outside == rollout["notEnrolled"] as? Int)
        #expect((600...800).contains(outside), "\(outside) of 1000 outside 30% traffic")
        let paused = try #require(experiments.first { $0["experiment"] as? String == "paused" })
        #expect(paused["stopped"] as? Int == 999 && paused["forced"] as? Int == 1)
        let decided = try #require(experiments.first { $0["experiment"] as? String == "decided" })
        #expect(decided["resolved"] as? Int == 1000)

        let text = try folder.splitc("simulate", "--units", "1000")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        func line(_ identifier: String) -> String { lines.first { $0.hasPrefix(identifier + ":") } ?? "" }
        #expect(line("partial_rollout").contains("\(outside) not enrolled (\(outside) outside the traffic)"), "\(line("partial_rollout"))")
        #expect(line("paused").contains("1000 not enrolled (999 served the control: the experiment is stopped, 1 forced)"), "\(line("paused"))")
        #expect(line("decided").contains("1000 not enrolled (1000 served the winner: the experiment is resolved)"), "\(line("decided"))")
    }
}
