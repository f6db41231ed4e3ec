import Foundation
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// `splitc assign --attributes` and `splitc simulate` with targeting and holdouts.
@Suite struct AssignTargetingTests {
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("experiments/attributes.yaml", TargetedPaywall.attributes)
        try folder.write("experiments/paywall.yaml", TargetedPaywall.experiment)
        try folder.write("experiments/holdout.yaml", TargetedPaywall.holdout)
        return folder
    }

    /// One random unit and its attributes: each attribute set or not, with values in and out of
    /// the targeting, written as JSON the way a person would.
    struct Pair {
        var unit: String
        var builtIns: [String: String]
        var custom: [String: Any]

        init(using generator: inout SplitMix64) {
            unit = "unit-\(generator.next() % 1_000_000_007)"
            builtIns = [:]
            custom = [:]
            func maybe(_ body: () -> Void) { if Int.random(in: 0..<10, using: &generator) < 9 { body() } }
            maybe { builtIns["app_version"] = ["4", "5.1.9", "5.2", "5.2.0", "5.4", "5.4.0.1", "5.10", "6", "6.0.1"].randomElement(using: &generator)! }
            maybe { builtIns["platform"] = ["ios", "ipados", "macos", "tvos", "watchos", "visionos", "linux"].randomElement(using: &generator)! }
            maybe { builtIns["region"] = ["US", "CN", "GB", "DE"].randomElement(using: &generator)! }
            maybe { custom["plan"] = ["free", "trial", "pro"].randomElement(using: &generator)! }
            maybe { custom["days_since_install"] = Int.random(in: 0...20, using: &generator) }
            maybe { custom["beta_tester"] = Bool.random(using: &generator) }
        }

        var json: String {
            var object: [String: Any] = custom
            for (name, value) in builtIns { object[name] = value }
            let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }

        /// What an app resolves: the built-ins as the platform would give them, the custom
        /// attributes set with `setAttributes`.
        func resolveInTheRuntime() -> SplitTestAssignment<TargetedPaywall.Group> {
            var platform = SplitTestAttributeValues()
            for (name, value) in builtIns {
                platform[name] = name == "app_version" ? .version(SplitTestVersion(value)!) : .string(value)
            }
            var values = SplitTestAttributeValues()
            if let plan = custom["plan"] as? String { values["plan"] = .string(plan) }
            if let days = custom["days_since_install"] as? Int { values["days_since_install"] = .int(days) }
            if let flag = custom["beta_tester"] as? Bool { values["beta_tester"] = .bool(flag) }
            let service = SplitTestingService(configuration: .init(
                store: InMemoryAssignmentStore(),
                deviceID: unit, catalog: [TargetedPaywall.Test.self], builtInAttributes: platform))
            service.setAttributes(values)
            return service.fetchSplitTest(TargetedPaywall.Test.self).assignment
        }
    }

    @Test func splitcAndTheRuntimeAgreeOnAThousandRandomUnitsAndAttributes() async throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        var generator = SplitMix64(seed: 20_261_123)
        let pairs = (0..<1000).map { _ in Pair(using: &generator) }
        // Four processes at a time: each run is mostly process start-up.
        let outcomes = try await withThrowingTaskGroup(of: (Int, SplitcProcess.Outcome).self) { group in
            var results = [SplitcProcess.Outcome?](repeating: nil, count: pairs.count)
            var next = 0
            func start(_ index: Int) {
                let (unit, json, url) = (pairs[index].unit, pairs[index].json, folder.url)
                group.addTask {
                    let outcome = try SplitcProcess.run(
                        ["assign", "--experiment", "paywall", "--unit", unit, "--format", "json", "--attributes", json],
                        in: url)
                    return (index, outcome)
                }
            }
            while next < min(4, pairs.count) { start(next); next += 1 }
            while let (index, outcome) = try await group.next() {
                results[index] = outcome
                if next < pairs.count { start(next); next += 1 }
            }
            return results.compactMap { $0 }
        }
        #expect(outcomes.count == pairs.count)
        var reasons: [String: Int] = [:]
        for (pair, outcome) in zip(pairs, outcomes) {
            #expect(outcome.status == 0, "\(pair.json): \(outcome.stderr)")
            let printed = try #require(try outcome.json() as? [String: Any])
            let expected = pair.resolveInTheRuntime()
            let reason = printed["reason"] as? String ?? "?"
            reasons[reason, default: 0] += 1
            #expect(printed["group"] as? String == expected.group.rawValue, "\(pair.unit) \(pair.json)")
            #expect(reason == expected.reason.rawValue, "\(pair.unit) \(pair.json)")
        }
        // Every outcome is represented, so that the agreement covers each step of the order.
        for reason in ["holdout", "notTargeted", "notEnrolled", "bucketed"] {
            #expect(reasons[reason, default: 0] > 0, "\(reasons)")
        }
    }

    @Test(arguments: [
        ("{\"plan\": \"pro\"", "splitc: error: --attributes: not a JSON object of attributes: expected ',' or '}'; found the end of the document at character 15"),
        ("[1, 2]", "splitc: error: --attributes: not a JSON object of attributes: expected a JSON object such as {\"plan\": \"pro\"}; found an array"),
        ("{\"paln\": \"pro\"}", "splitc: error: --attributes: attribute 'paln' is not declared (known: app_version, beta_tester, days_since_install, os_version, plan, platform, region); did you mean 'plan'?"),
        ("{\"plan\": \"platinum\"}", "splitc: error: --attributes: 'platinum' is not a value of 'plan' (free, trial, pro)"),
        ("{\"app_version\": \"5.02\"}", "splitc: error: --attributes: 'app_version' must be a version like 5.2.0 (whole numbers joined by dots, no leading zeros); got '5.02'"),
        ("{\"days_since_install\": 7.5}", "splitc: error: --attributes: 'days_since_install' is an int: a whole number within ±9007199254740991; got 7.5"),
        ("{\"region\": \"usa\"}", "splitc: error: --attributes: 'region' must be two upper-case letters (ISO 3166-1 alpha-2) like \"US\"; got 'usa'"),
        ("{\"plan\": {\"not\": [\"free\"]}}", "splitc: error: --attributes: not a JSON object of attributes: the value of 'plan' must be a string, a number, true, false or null, not a list or an object"),
    ])
    func badAttributesAreAClearErrorWithExitStatus1(json: String, message: String) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let outcome = try folder.splitc("assign", "--experiment", "paywall", "--unit", "u", "--attributes", json)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.split(separator: "\n").map(String.init) == [message])
    }

    @Test func theTextSaysWhichConditionFails() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        // A unit outside the 10% holdout, so that targeting decides.
        let unit = (0...).lazy.map { "device-\($0)" }.first { !TargetedPaywall.Test.definition.holdout!.holds(unit: $0) }!
        let attributes = #"{"app_version": "5.3", "platform": "ios", "region": "US", "plan": "pro", "days_since_install": 3, "beta_tester": false}"#
        let outcome = try folder.splitc("assign", "--experiment", "paywall", "--unit", unit, "--attributes", attributes)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "paywall: unit '\(unit)' is in group 'a' (notTargeted: 'days_since_install' is 3, not >= 7)\n")
        let unset = try folder.splitc("assign", "--experiment", "paywall", "--unit", unit)
        #expect(unset.stdout == "paywall: unit '\(unit)' is in group 'a' (notTargeted: 'app_version' is not set)\n")
    }

    @Test func simulateReportsTheHoldoutShare() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let attributes = #"{"app_version": "5.3", "platform": "ios", "region": "US", "plan": "pro", "days_since_install": 9, "beta_tester": false}"#
        let text = try folder.splitc("simulate", "--units", "20000", "--attributes", attributes)
        #expect(text.status == 0, "\(text.stderr)")
        let holdoutLine = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("holdout tenth:") })
        let heldOut = (0..<20_000).filter {
            TargetedPaywall.Test.definition.holdout!.holds(unit: "unit-\($0)")
        }.count
        // The runtime's count, which simulate must print, is itself about the holdout's tenth.
        #expect((1_800...2_200).contains(heldOut), "\(heldOut) of 20000 held out")
        #expect(holdoutLine.hasSuffix("\(heldOut) of 20000 units held out"))
        #expect(holdoutLine.contains("expected  10.00%"))

        let json = try folder.splitc("simulate", "--units", "20000", "--attributes", attributes, "--format", "json")
        let experiments = try #require(try json.json() as? [[String: Any]])
        #expect(experiments.first?["heldOut"] as? Int == heldOut)
        #expect(experiments.first?["notTargeted"] as? Int == 0)
        let untargeted = try folder.splitc("simulate", "--units", "1000", "--format", "json")
        let none = try #require(try untargeted.json() as? [[String: Any]])
        #expect(none.first?["enrolled"] as? Int == 0, "no unit without attributes is targeted")
    }
}
