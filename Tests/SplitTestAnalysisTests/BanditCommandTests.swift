import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestAnalysis
import Testing

/// `splitc bandit` end to end: the next document from events, signed and readable as apps read it;
/// the burn-in; and every input that must stop it before it writes anything.
@Suite struct BanditCommandTests {
    static let definitions = [
        "onboarding_copy.yaml": """
            identifier: onboarding_copy
            type: device
            groups: [short, story, video]
            allocation: { bandit: { goal: signup, min_weight: 5, burn_in: 100 } }
            """,
        "button_color.yaml": """
            identifier: button_color
            type: device
            groups: [red, blue]
            """,
    ]

    /// A folder with the definitions, CURRENT (published, sequence 10) and a signing key.
    static func folder() throws -> (url: URL, publicKey: String) {
        let folder = try ExternalProcess.temporaryFolder()
        let experiments = folder.appendingPathComponent("experiments")
        try FileManager.default.createDirectory(at: experiments, withIntermediateDirectories: true)
        for (name, text) in definitions { try Data(text.utf8).write(to: experiments.appendingPathComponent(name)) }
        let publish = try ExternalProcess.splitc(["publish", "experiments", "--output", "current.json", "--sequence", "10"], in: folder)
        #expect(publish.status == 0, "\(publish.stderr)")
        let keygen = try ExternalProcess.splitc(["keygen", "--private-key", "bandit.key"], in: folder)
        #expect(keygen.status == 0, "\(keygen.stderr)")
        return (folder, keygen.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `units` units per arm, the first `converted` of each reaching `signup` (twice, and once
    /// before its exposure, which does not count), in period 0, plus `button_color` exposures.
    static func events(units: [Int], converted: [Int]) -> [String] {
        var lines: [String] = []
        for (arm, group) in ["short", "story", "video"].enumerated() {
            for index in 0..<units[arm] {
                let unit = "\(group)-\(index)"
                let at = Double(index)
                if index == 0 { lines.append(EventLines.goal("signup", device: unit, at: at - 1)) }
                lines.append(EventLines.line(
                    "split_test_exposure", at: at,
                    ["experiment": "onboarding_copy", "group": group, "unit": unit, "period": 0]))
                lines.append(EventLines.exposure("button_color", index % 2 == 0 ? "red" : "blue", unit: unit, at: at))
                if index < converted[arm] {
                    lines.append(EventLines.goal("signup", device: unit, at: at + 1))
                    lines.append(EventLines.goal("signup", device: unit, at: at + 2))
                }
            }
        }
        return lines
    }

    static func write(_ lines: [String], to url: URL) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }

    /// The payload of the envelope at `url`, as JSON.
    static func payload(_ url: URL) throws -> [String: Any] {
        let envelope = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let bytes = try #require(Data(base64Encoded: envelope["payload"] as? String ?? ""))
        return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    }

    @Test func writesTheNextDocumentSignedWithEachBanditsWeightsAndPeriod() throws {
        let (folder, publicKey) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var lines = Self.events(units: [300, 280, 320], converted: [6, 28, 12])
        lines.insert("{\"date\": \"2026-03-01T12:00:00Z\", \"event\": ", at: 5)
        try Self.write(lines, to: folder.appendingPathComponent("events.jsonl"))

        let outcome = try ExternalProcess.splitc(
            ["bandit", "events.jsonl", "--definitions", "experiments", "--control", "current.json", "--output", "next.json",
             "--sign-key", "bandit.key"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("events.jsonl:6: warning: malformed line"), "\(outcome.stderr)")
        for header in ["units", "conversions", "posterior mean", "P(best)", "P(second best)", "old weight", "new weight"] {
            #expect(outcome.stdout.contains(header), "\(header) in\n\(outcome.stdout)")
        }
        #expect(outcome.stdout.contains("period 0 → 1"))

        // What the command counted, through the library: the same weights.
        let totals = ExperimentTotals(
            experiment: "onboarding_copy", kind: .experiment, groups: ["short", "story", "video"], weights: nil, control: "short",
            units: [300, 280, 320], conflicts: 0,
            goals: [GoalTotals(goal: "signup", converted: [6, 28, 12], valueSum: [0, 0, 0], valueSumOfSquares: [0, 0, 0])])
        let definition = SplitTestDefinition(
            identifier: "onboarding_copy", unitType: .device, salt: "onboarding_copy", groups: ["short", "story", "video"],
            bucketTable: BucketTable(weights: [1, 1, 1]), controlIndex: 0,
            allocation: .bandit(SplitTestBandit(goal: "signup", minimumWeight: 5, burnIn: 100)))
        guard case .updated(let hundredths, _) = BanditUpdate.update(definition: definition, totals: totals).outcome else {
            Issue.record("the library updates the same counts")
            return
        }
        for (arm, row) in zip(["short", "story", "video"], hundredths) {
            #expect(outcome.stdout.contains(Self.weightText(row)), "\(arm) \(row) in\n\(outcome.stdout)")
        }

        let current = try Self.payload(folder.appendingPathComponent("current.json"))
        let next = try Self.payload(folder.appendingPathComponent("next.json"))
        #expect((next["sequence"] as? Int ?? 0) > 10)
        var experiments = try #require(next["experiments"] as? [String: [String: Any]])
        let currentExperiments = try #require(current["experiments"] as? [String: [String: Any]])
        let removed = experiments.removeValue(forKey: "onboarding_copy")
        let bandit = try #require(removed)
        #expect(NSDictionary(dictionary: experiments) == NSDictionary(dictionary: currentExperiments.filter { $0.key != "onboarding_copy" }))
        #expect(bandit["period"] as? Int == 1)
        let weights = try #require(bandit["weights"] as? [String: Double])
        #expect(weights.keys.sorted() == ["short", "story", "video"])
        #expect(zip(["short", "story", "video"], hundredths).allSatisfy { abs((weights[$0] ?? -1) * 100 - Double($1)) < 1e-6 })
        var unchanged = bandit
        unchanged["weights"] = nil
        unchanged["period"] = nil
        #expect(NSDictionary(dictionary: unchanged) == NSDictionary(dictionary: currentExperiments["onboarding_copy"] ?? [:]))

        // Apps accept it: the signature verifies, and a new unit is bucketed by the new weights.
        let unit = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        let assign = try ExternalProcess.splitc(
            ["assign", "--experiment", "onboarding_copy", "--unit", unit, "experiments", "--control", "next.json",
             "--public-key", publicKey, "--format", "json"], in: folder)
        #expect(assign.status == 0, "\(assign.stderr)")
        let assigned = try #require(try JSONSerialization.jsonObject(with: Data(assign.stdout.utf8)) as? [String: Any])
        let bucket = try #require(assigned["bucket"] as? Int)
        let bounds = hundredths.reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1) }
        let expected = ["short", "story", "video"][bounds.firstIndex { bucket < $0 } ?? 0]
        #expect(assigned["group"] as? String == expected)

        // The same events from NEXT on: period 1 → 2, and a greater sequence.
        let again = try ExternalProcess.splitc(
            ["bandit", "events.jsonl", "--definitions", "experiments", "--control", "next.json", "--output", "after.json"], in: folder)
        #expect(again.status == 0 && again.stdout.contains("period 1 → 2"), "\(again.stdout)\(again.stderr)")
        let after = try Self.payload(folder.appendingPathComponent("after.json"))
        #expect((after["sequence"] as? Int ?? 0) > (next["sequence"] as? Int ?? 0))
    }

    @Test func writesNothingBeforeTheBurnIn() throws {
        let (folder, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.events(units: [300, 99, 320], converted: [6, 28, 12]), to: folder.appendingPathComponent("events.jsonl"))
        let outcome = try ExternalProcess.splitc(
            ["bandit", "events.jsonl", "--definitions", "experiments", "--control", "current.json", "--output", "next.json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("burn-in not reached: 'story' has 99 units of the 100"), "\(outcome.stdout)")
        #expect(outcome.stderr.contains("no document is written"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("next.json").path))
    }

    @Test func refusesBadInputAndWritesNothing() throws {
        let (folder, _) = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.events(units: [300, 300, 300], converted: [6, 28, 12]), to: folder.appendingPathComponent("events.jsonl"))
        try Data(#"{"format": 1, "payload": "bm90IGpzb24="}"#.utf8).write(to: folder.appendingPathComponent("broken.json"))
        let broken = folder.appendingPathComponent("broken-experiments")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("identifier: x\ntype: device\ngroups: [only]\n".utf8).write(to: broken.appendingPathComponent("x.yaml"))
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["--control", "broken.json"], 1, "control document 'broken.json' is rejected"),
            (["--control", "missing.json"], 2, "cannot read the control document 'missing.json'"),
            (["--control", "current.json", "--sign-key", "missing.key"], 2, "cannot read the signing key 'missing.key'"),
            (["--control", "current.json", "--sequence", "10"], 2, "--sequence 10 is not greater than 10"),
            (["--control", "current.json", "--definitions", "broken-experiments"], 1, "an experiment needs at least two groups"),
        ]
        for (arguments, status, message) in cases {
            let outcome = try ExternalProcess.splitc(
                ["bandit", "events.jsonl", "--definitions", "experiments", "--output", "next.json"] + arguments, in: folder)
            #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("next.json").path), "\(arguments)")
        }
    }
}

extension BanditCommandTests {
    /// A weight in hundredths of a percent as the table prints it: `47.54%`.
    static func weightText(_ hundredths: Int) -> String {
        "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)%"
    }
}
