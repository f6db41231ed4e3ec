import Foundation
import Testing

/// `splitc analyze` end to end: bad input is counted, located and left out; the rest is analysed.
@Suite struct AnalyzeCommandTests {
    static let definitions = """
        identifier: button_color
        type: device
        groups:
          red: { weight: 1 }
          blue: { weight: 1 }
        control: red
        """

    @Test func badInputIsReportedWithItsLineAndTheRestIsAnalysed() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.definitions.utf8).write(to: folder.appendingPathComponent("button_color.yaml"))
        let lines = [
            EventLines.exposure("button_color", "red", unit: "d1", at: 0),  // 1
            EventLines.exposure("button_color", "blue", unit: "d2", at: 0),  // 2
            EventLines.exposure("button_color", "red", unit: "d3", at: 0),  // 3
            EventLines.exposure("button_color", "blue", unit: "d4", at: 0),  // 4
            "{\"date\": \"2026-03-01T12:00:00Z\", \"event\": ",  // 5: malformed
            EventLines.line("app_opened", at: 1, [:]),  // 6: unknown event
            EventLines.goal("purchase", value: 2, device: "d9", at: 1),  // 7: no exposure at all
            EventLines.exposure("button_color", "blue", unit: "d1", at: 2),  // 8: second group
            EventLines.exposure("checkout_copy", "short", unit: "d1", at: 2),  // 9: not defined
            EventLines.goal("purchase", value: 3, device: "d2", at: 3),  // 10
            EventLines.goal("purchase", device: "d3", at: 3),  // 11
            EventLines.goal("purchase", value: 1, device: "d4", at: 3),  // 12
            EventLines.goal("purchase", value: 5, device: "d4", at: 4),  // 13
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))

        // (A file with no valid line at all stops the readout: AnalyzeAssumptionsTests.)
        let outcome = try ExternalProcess.splitc(
            ["analyze", "events.jsonl", "--definitions", "button_color.yaml", "--format", "json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        for expected in [
            "events.jsonl:5: warning: malformed line", "events.jsonl:6: warning: unknown event",
            "events.jsonl:7: warning: goal before any exposure", "events.jsonl:8: warning: unit in two groups",
            "events.jsonl:9: warning: experiment not in the definitions",
        ] {
            #expect(outcome.stderr.contains(expected), "\(expected) in\n\(outcome.stderr)")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 1)
        let experiment = json[0]
        #expect(experiment["experiment"] as? String == "button_color")
        #expect(experiment["units"] as? Int == 3)
        #expect(experiment["conflicts"] as? Int == 1)
        let srm = try #require(experiment["srm"] as? [String: Any])
        #expect(srm["flagged"] as? Bool == false)
        // One unit in red and two in blue against equal weights: χ² = 1/3, p = 0.5637 (SciPy's
        // chisquare([1, 2])).
        #expect(abs((srm["chi_square"] as? Double ?? .nan) - 1.0 / 3) < 1e-12)
        #expect(abs((srm["p_value"] as? Double ?? .nan) - 0.5637028616507731) < 1e-12)
        #expect(experiment["aa_check"] is NSNull)
        let goals = try #require(experiment["goals"] as? [[String: Any]])
        let groups = try #require(goals.first?["groups"] as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["red", "blue"])
        #expect(groups[0]["units"] as? Int == 1 && groups[0]["converted"] as? Int == 1)
        #expect(groups[1]["units"] as? Int == 2 && groups[1]["converted"] as? Int == 2)
        #expect(groups[1]["value_sum"] as? Double == 9)
        #expect(groups[1]["value_sum_squares"] as? Double == 45)
        #expect(groups[0]["vs_control"] is NSNull)
        let comparison = try #require(groups[1]["vs_control"] as? [String: Any])
        for key in [
            "difference", "relative_difference", "ci_low", "ci_high", "p_value", "value_difference", "value_ci_low",
            "value_ci_high", "value_p_value", "probability_to_beat_control",
        ] {
            #expect(comparison.keys.contains(key), "vs_control has \(key)")
        }
        #expect(!outcome.stdout.lowercased().contains("nan"))
    }

    @Test func textPutsASampleRatioMismatchFirst() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.definitions.utf8).write(to: folder.appendingPathComponent("button_color.yaml"))
        let lines = (0..<300).map { EventLines.exposure("button_color", $0 < 200 ? "red" : "blue", unit: "u\($0)", at: 0) }
        try Data(lines.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        let outcome = try ExternalProcess.splitc(["analyze", "events.jsonl", "--definitions", "button_color.yaml"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let reportLines = outcome.stdout.split(separator: "\n")
        #expect(reportLines.count >= 2)
        #expect(reportLines.dropFirst().first?.contains("SAMPLE RATIO MISMATCH") == true, "\(outcome.stdout)")
    }

    @Test func unreadableInputExitsWithTwo() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ExternalProcess.splitc(["analyze", "missing.jsonl"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("missing.jsonl"))
        try Data(EventLines.exposure("button_color", "red", unit: "u", at: 0).utf8)
            .write(to: folder.appendingPathComponent("events.jsonl"))
        let unknown = try ExternalProcess.splitc(["analyze", "events.jsonl", "--experiment", "button_colour"], in: folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no experiment 'button_colour'") && unknown.stderr.contains("button_color"))
    }

    /// A holdout read from `--definitions` is compared with the exposed units of the experiments it
    /// covers, not with every experiment in the events.
    @Test func holdoutFromTheDefinitionsCoversOnlyItsExperiments() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.definitions.utf8).write(to: folder.appendingPathComponent("button_color.yaml"))
        try Data("""
            identifier: search_ranking
            type: device
            groups: [control, ranked]
            """.utf8).write(to: folder.appendingPathComponent("search_ranking.yaml"))
        try Data("""
            holdout:
              name: q1_holdout
              type: device
              percent: 5
              experiments: [button_color]
            """.utf8).write(to: folder.appendingPathComponent("holdout.yaml"))
        let lines = [
            EventLines.exposure("button_color", "red", unit: "d1", at: 0),
            EventLines.exposure("button_color", "blue", unit: "d2", at: 0),
            EventLines.exposure("search_ranking", "ranked", unit: "d3", at: 0),
            EventLines.line("split_test_holdout", at: 0, ["holdout": "q1_holdout", "unit": "h1"]),
            EventLines.goal("purchase", device: "d3", at: 1),
            EventLines.goal("purchase", device: "h1", at: 1),
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        let outcome = try ExternalProcess.splitc(
            ["analyze", "events.jsonl", "--definitions", ".", "--format", "json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
        let holdout = try #require(json.first { $0["experiment"] as? String == "q1_holdout" })
        let goals = try #require(holdout["goals"] as? [[String: Any]])
        let groups = try #require(goals.first?["groups"] as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == ["holdout", "exposed"])
        #expect(groups.map { $0["units"] as? Int } == [1, 2], "d3's experiment is not covered")
        #expect(groups.map { $0["converted"] as? Int } == [1, 0])
    }
}
