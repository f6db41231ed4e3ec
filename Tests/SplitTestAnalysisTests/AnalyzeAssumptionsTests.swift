import Foundation
import Testing

/// `splitc analyze` says what it assumed, takes `--control`, refuses names the data does not have
/// (exit 2, with "did you mean"), and fails on a file it could read nothing from (exit 1).
@Suite struct AnalyzeAssumptionsTests {
    /// Events of `paywall` (groups blue, green, red: none named control) and of `onboarding`
    /// (groups control, short), and a goal `purchase` for some units.
    static func events() -> String {
        var lines: [String] = []
        for index in 0..<60 {
            let group = ["blue", "green", "red"][index % 3]
            lines.append(EventLines.exposure("paywall", group, unit: "device-\(index)", at: Double(index)))
            lines.append(EventLines.exposure("onboarding", index % 2 == 0 ? "control" : "short", unit: "device-\(index)", at: Double(index)))
            if index % 4 == 0 || (group == "red" && index % 5 == 0) {
                lines.append(EventLines.goal("purchase", value: 2, device: "device-\(index)", at: Double(index) + 100))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func folder() throws -> URL {
        let folder = try ExternalProcess.temporaryFolder()
        try Data(events().utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        return folder
    }

    static func entries(_ json: String) throws -> [String: [String: Any]] {
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: array.compactMap { entry in (entry["experiment"] as? String).map { ($0, entry) } })
    }

    @Test func withoutDefinitionsTheFirstLineSaysWhichControlWasAssumedAndWhy() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try ExternalProcess.splitc(["analyze", "events.jsonl"], in: folder)
        #expect(text.status == 0, "\(text.stderr)")
        let firstLines = text.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(firstLines.contains { $0.hasPrefix("onboarding: 60 units, 0 conflicts, control 'control' (assumed: no definitions give the control, so the group named 'control'; choose another with --control GROUP)") },
            "\(firstLines)")
        #expect(firstLines.contains { $0.hasPrefix("paywall: 60 units, 0 conflicts, control 'blue' (assumed: no definitions give the control and no group is named 'control', so the first group by name; choose the right one with --control GROUP)") },
            "\(firstLines)")

        let json = try Self.entries(try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"], in: folder).stdout)
        #expect(json["paywall"]?["control"] as? String == "blue")
        #expect(json["paywall"]?["control_assumed"] as? Bool == true)
        #expect((json["paywall"]?["control_reason"] as? String)?.contains("the first group by name") == true)
        #expect(json["onboarding"]?["control_assumed"] as? Bool == true)

        let html = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "html"], in: folder).stdout
        #expect(html.contains("<div class=\"verdict note\" data-verdict=\"control\" data-experiment=\"paywall\">paywall: control <b>blue</b> (assumed: no definitions give the control and no group is named &#39;control&#39;, so the first group by name"))
    }

    @Test func controlChoosesTheGroupEveryOtherIsComparedWith() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ExternalProcess.splitc(
            ["analyze", "events.jsonl", "--experiment", "paywall", "--control", "red", "--format", "json"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let paywall = try #require(try Self.entries(outcome.stdout)["paywall"])
        #expect(paywall["control"] as? String == "red")
        #expect(paywall["control_assumed"] as? Bool == false)
        #expect(paywall["control_reason"] as? String == "chosen with --control")
        let goal = try #require((paywall["goals"] as? [[String: Any]])?.first)
        let groups = try #require(goal["groups"] as? [[String: Any]])
        // The chosen control comes first, without a comparison; the others are compared with it.
        #expect(groups.map { $0["group"] as? String } == ["red", "blue", "green"])
        #expect(groups[0]["vs_control"] is NSNull)
        let rate = { (index: Int) in groups[index]["conversion_rate"] as? Double ?? .nan }
        let difference = try #require((groups[1]["vs_control"] as? [String: Any])?["difference"] as? Double)
        #expect(abs(difference - (rate(1) - rate(0))) < 1e-12)

        let text = try ExternalProcess.splitc(["analyze", "events.jsonl", "--experiment", "paywall", "--control", "red"], in: folder)
        #expect(text.stdout.hasPrefix("paywall: 60 units, 0 conflicts, control 'red'; sample ratio not computed"), "\(text.stdout)")
    }

    @Test(arguments: [
        (["--control", "gren", "--experiment", "paywall"],
         "splitc: error: --control 'gren': experiment 'paywall' has no group 'gren' (its groups: blue, green, red); did you mean 'green'?"),
        (["--control", "red"],
         "splitc: error: --control 'red': experiment 'onboarding' has no group 'red' (its groups: control, short); give --experiment to choose the control of one experiment"),
        (["--goal", "purchse"], "splitc: error: no goal 'purchse' in the input (it has: purchase); did you mean 'purchase'?"),
        (["--experiment", "paywal"], "splitc: error: no experiment 'paywal' in the input (it has: onboarding, paywall); did you mean 'paywall'?"),
        (["--experiment", "onboarding", "--goal", "signup"], "splitc: error: no goal 'signup' of experiment 'onboarding' (it has: purchase)"),
    ])
    func aNameTheDataDoesNotHaveExitsTwo(_ arguments: [String], _ message: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try ExternalProcess.splitc(["analyze", "events.jsonl"] + arguments, in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasSuffix(message + "\n"), "\(outcome.stderr)")
    }

    @Test func withDefinitionsNothingIsAssumed() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("experiments"), withIntermediateDirectories: true)
        try Data("identifier: paywall\ntype: device\ngroups: [blue, green, red]\ncontrol: green\n".utf8)
            .write(to: folder.appendingPathComponent("experiments/paywall.yaml"))
        let outcome = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"], in: folder)
        let paywall = try #require(try Self.entries(outcome.stdout)["paywall"])
        #expect(paywall["control"] as? String == "green")
        #expect(paywall["control_assumed"] as? Bool == false)
        #expect(paywall["control_reason"] as? String == "the definition's control")
        let text = try ExternalProcess.splitc(["analyze", "events.jsonl"], in: folder)
        #expect(text.stdout.hasPrefix("paywall: 60 units, 0 conflicts, control 'green'\n"), "\(text.stdout)")
    }

    @Test(arguments: [
        ("empty.jsonl", ""),
        ("other.jsonl", "not json\n{\"event\": \"screen_view\", \"date\": \"2026-01-01T00:00:00Z\"}\n"),
        ("fields.jsonl", "{\"event\": \"split_test_exposure\", \"date\": \"2026-01-01T00:00:00Z\", \"properties\": {}}\n"),
    ])
    func aFileWithNoValidLineExitsOneAndSaysSo(_ name: String, _ contents: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(contents.utf8).write(to: folder.appendingPathComponent(name))
        for files in [[name], ["events.jsonl", name]] {
            let outcome = try ExternalProcess.splitc(["analyze"] + files, in: folder)
            #expect(outcome.status == 1, "\(files)")
            #expect(outcome.stdout.isEmpty, "no readout of \(files)")
            #expect(outcome.stderr.contains("splitc: error: '\(name)' holds no valid event line: nothing was read from it"), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("warning: empty file"), "said once: \(outcome.stderr)")
        }
    }
}
