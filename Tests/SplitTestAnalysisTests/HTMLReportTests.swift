import Foundation
import Testing
import TestTools

/// The HTML report in a real browser (headless Chromium): it renders, it has a chart per goal,
/// it loads nothing from elsewhere, and the numbers in the page are the JSON's.
@Suite struct HTMLReportTests {
    @Test(.requires(.chromium)) func pageRendersWithAChartPerGoalAndTheJSONsNumbers() throws {
        try Oracle.chromium.require()
        let browser = try #require(Oracle.chromiumPath)
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((WarehouseTests.events().joined(separator: "\n") + "\n").utf8)
            .write(to: folder.appendingPathComponent("events.jsonl"))
        // With CUPED and the sequential test, so that every figure of the effects is on the page too.
        let effects = ["--cuped", "--sequential"]
        let html = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "html", "--output", "report.html"] + effects, in: folder)
        #expect(html.status == 0, "\(html.stderr)")
        let json = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"] + effects, in: folder)
        let experiments = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])

        let page = String(decoding: try Data(contentsOf: folder.appendingPathComponent("report.html")), as: UTF8.self)
        #expect(!page.contains("<script"), "no scripts")
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src="), "nothing from the network")

        let url = folder.appendingPathComponent("report.html").absoluteString
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        let screenshot = folder.appendingPathComponent("report.png")
        let shot = try ExternalProcess.run(browser, flags + ["--screenshot=\(screenshot.path)", "--window-size=1200,1600", url])
        let image = try Data(contentsOf: screenshot)
        #expect(shot.status == 0 && image.count > 10_000, "\(shot.stderr)")
        #expect(image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")

        let dump = try ExternalProcess.run(browser, flags + ["--dump-dom", url])
        #expect(dump.status == 0, "\(dump.stderr)")
        let dom = dump.stdout
        for experiment in experiments {
            let name = try #require(experiment["experiment"] as? String)
            let goals = try #require(experiment["goals"] as? [[String: Any]])
            #expect(!goals.isEmpty, "\(name) has goals, so its charts are checked")
            for goal in goals {
                let goalName = try #require(goal["goal"] as? String)
                #expect(dom.contains("<svg class=\"chart\" data-goal=\"\(goalName)\""), "\(name): chart of \(goalName)")
            }
        }
        #expect(dom.contains("data-verdict=\"srm\""))
        #expect(dom.contains("data-verdict=\"aa\""), "profile_redesign has control_check")

        var checked = 0
        var differences: [String] = []
        for figure in PageFigures.read(dom) {
            guard let experiment = experiments.first(where: { $0["experiment"] as? String == figure.experiment }) else {
                differences.append("\(figure): no such experiment in the JSON")
                continue
            }
            var expected: Any?
            if figure.field == "srm.p_value" {
                expected = (experiment["srm"] as? [String: Any])?["p_value"]
            } else if let goalName = figure.goal, let groupName = figure.group {
                let goal = (experiment["goals"] as? [[String: Any]])?.first { $0["goal"] as? String == goalName }
                let group = (goal?["groups"] as? [[String: Any]])?.first { $0["group"] as? String == groupName }
                // An effect's figures are paths into `vs_control`: `effect.absolute.ci_low`.
                let comparison = group?["vs_control"] as? [String: Any]
                expected = group?[figure.field] ?? comparison?[figure.field] ?? Self.value(at: figure.field, in: comparison)
            } else {
                expected = experiment[figure.field]
            }
            checked += 1
            switch (expected, figure.value) {
            case (is NSNull, nil): continue
            // The same text parsed by two parsers (Foundation's JSON reader is not correctly rounded
            // on every platform): equal to the last few bits.
            case (let number as NSNumber, let value?)
            where abs(number.doubleValue - value) <= 1e-14 * max(abs(value), 1e-300):
                continue
            default: differences.append("\(figure): JSON has \(String(describing: expected))")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
        #expect(checked > 100, "\(checked) figures checked")
        #expect(dom.contains("data-field=\"value_effect.absolute.ci_low\""), "the effects' table is on the page")
        #expect(dom.contains("data-field=\"effect.cuped.variance_reduction\""), "with what CUPED removed")
        #expect(dom.contains("data-method=\"sequential\"") && dom.contains("always-valid interval (tuned for 5,000 units)"), "and the method that produced them")
    }

    /// The value at a dotted `path` (`effect.absolute.estimate`) in `object`; `NSNull` where the
    /// path ends at a null, `nil` where it leads nowhere.
    static func value(at path: String, in object: [String: Any]?) -> Any? {
        var current: Any? = object
        for key in path.split(separator: ".") {
            guard let dictionary = current as? [String: Any] else { return nil }
            current = dictionary[String(key)]
        }
        return current
    }
}

/// The figures of the page: every `data-field` with its exact `data-value`, in the context of the
/// experiment, goal and group around it.
struct PageFigures {
    struct Figure: CustomStringConvertible {
        var experiment: String
        var goal: String?
        var group: String?
        var field: String
        var value: Double?

        var description: String { "\(experiment)/\(goal ?? "-")/\(group ?? "-")/\(field) = \(value.map { "\($0)" } ?? "null")" }
    }

    static func read(_ dom: String) -> [Figure] {
        let pattern = try! Regex(#"data-(experiment|goal|group|field)="([^"]*)"(?: data-value="([^"]*)")?"#)
        var figures: [Figure] = []
        var experiment = ""
        var goal: String?
        var group: String?
        for match in dom.matches(of: pattern) {
            let kind = match.output[1].substring.map(String.init) ?? ""
            let text = match.output[2].substring.map(String.init) ?? ""
            switch kind {
            case "experiment":
                experiment = text
                goal = nil
                group = nil
            case "goal":
                goal = text
                group = nil
            case "group":
                group = text
            default:
                let value = match.output[3].substring.map(String.init) ?? "null"
                figures.append(Figure(experiment: experiment, goal: goal, group: group, field: text, value: Double(value)))
            }
        }
        return figures
    }
}
