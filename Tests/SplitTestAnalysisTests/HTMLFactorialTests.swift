import Foundation
import Testing
import TestTools

/// The HTML readout of multivariate experiments in headless Chromium: a full factorial has a
/// main-effects chart per factor and goal, whose dots are the levels' marginal rates, and tables
/// whose figures are the JSON's; a fractional design says why it has none.
@Suite struct HTMLFactorialTests {
    @Test(.requires(.chromium)) func aMainEffectsChartPerFactorWithTheJSONsFigures() throws {
        try Oracle.chromium.require()
        let browser = try #require(Oracle.chromiumPath)
        let (folder, _) = try AnalyzeFactorialTests.prepare()
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = try ExternalProcess.splitc(
            ["analyze", "events.jsonl", "--definitions", "experiments", "--format", "html", "--output", "report.html"], in: folder)
        #expect(html.status == 0, "\(html.stderr)")
        let readouts = try AnalyzeFactorialTests.analyze(["events.jsonl"], in: folder)
        let checkout = try AnalyzeFactorialTests.experiment("checkout_page", in: readouts)
        let goal = try #require((checkout["goals"] as? [[String: Any]])?.first)

        let url = folder.appendingPathComponent("report.html").absoluteString
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        let screenshot = folder.appendingPathComponent("report.png")
        let shot = try ExternalProcess.run(browser, flags + ["--screenshot=\(screenshot.path)", "--window-size=1200,1600", url])
        let image = try Data(contentsOf: screenshot)
        #expect(shot.status == 0 && image.starts(with: [0x89, 0x50, 0x4E, 0x47]) && image.count > 10_000, "\(shot.stderr)")
        let dump = try ExternalProcess.run(browser, flags + ["--dump-dom", url])
        #expect(dump.status == 0, "\(dump.stderr)")
        let dom = dump.stdout
        let section = try #require(Self.section("checkout_page", of: dom))

        for factor in ["headline", "button"] {
            #expect(section.contains("<svg class=\"chart main-effects\" data-goal=\"purchase\" data-factor=\"\(factor)\""), "\(factor)'s chart")
        }
        #expect(section.contains("data-factorial=\"full\""))
        let fractional = try #require(Self.section("onboarding_flow", of: dom))
        #expect(fractional.contains("data-factorial=\"fractional\"") && !fractional.contains("main-effects"))
        #expect(!(try #require(Self.section("plain", of: dom))).contains("data-factorial"))

        // The dots: each level's rate, the unweighted mean of its cells' rates in the JSON.
        let groups = try #require(goal["groups"] as? [[String: Any]])
        let rates = Dictionary(uniqueKeysWithValues: groups.map { ($0["group"] as? String ?? "", $0["conversion_rate"] as? Double ?? .nan) })
        let dots = section.matches(of: try Regex(#"class="level-rate" data-factor="([^"]+)" data-level="([^"]+)" data-value="([^"]+)""#))
        #expect(dots.count == 5)
        for dot in dots {
            let factor = String(dot.output[1].substring ?? "")
            let level = String(dot.output[2].substring ?? "")
            let position = factor == "headline" ? 0 : 1
            let cells = rates.filter { $0.key.split(separator: "+")[position] == level }
            #expect(cells.count == (factor == "headline" ? 3 : 2))
            let mean = cells.values.reduce(0, +) / Double(cells.count)
            #expect(abs((Double(dot.output[3].substring ?? "") ?? .nan) - mean) < 1e-12, "\(factor)=\(level)")
        }

        // The tables' figures: each main effect and interaction as the JSON has it.
        var compared = 0
        var differences: [String] = []
        let factors = try #require(goal["factors"] as? [[String: Any]])
        let rows = section.matches(of: try Regex(#"<tr data-factor="([^"]+)" data-level="([^"]+)">(.*?)</tr>"#))
        for row in rows {
            let factor = String(row.output[1].substring ?? "")
            let level = String(row.output[2].substring ?? "")
            let entry = (factors.first { $0["factor"] as? String == factor }?["levels"] as? [[String: Any]])?
                .first { $0["level"] as? String == level }
            for figure in Self.figures(in: String(row.output[3].substring ?? "")) where !figure.field.hasPrefix("marginal") {
                compared += 1
                if !Self.equal(entry?[figure.field], figure.value) { differences.append("\(factor)=\(level) \(figure.field)") }
            }
        }
        let interactions = try #require(goal["interactions"] as? [[String: Any]])
        let interactionRow = try #require(section.firstMatch(of: try Regex(#"<tr data-factors="headline,button">(.*?)</tr>"#)))
        for figure in Self.figures(in: String(interactionRow.output[1].substring ?? "")) {
            compared += 1
            if !Self.equal(interactions.first?[figure.field], figure.value) { differences.append("interaction \(figure.field)") }
        }
        #expect(differences.isEmpty, "\(differences)")
        #expect(compared == 3 * 8 + 5, "every effect's eight figures and the interaction's five")
    }

    /// The part of the page about one experiment.
    static func section(_ experiment: String, of dom: String) -> String? {
        guard let start = dom.range(of: "<section class=\"experiment\" data-experiment=\"\(experiment)\">") else { return nil }
        let rest = dom[start.upperBound...]
        return String(rest[..<(rest.range(of: "</section>")?.lowerBound ?? rest.endIndex)])
    }

    static func figures(in html: String) -> [(field: String, value: Double?)] {
        let pattern = try! Regex(#"data-field="([^"]+)" data-value="([^"]+)""#)
        return html.matches(of: pattern).map { match in
            (String(match.output[1].substring ?? ""), Double(String(match.output[2].substring ?? "")))
        }
    }

    static func equal(_ expected: Any?, _ value: Double?) -> Bool {
        switch (expected, value) {
        case (is NSNull, nil): true
        case (let number as NSNumber, let value?): abs(number.doubleValue - value) <= 1e-14 * max(abs(value), 1e-300)
        default: false
        }
    }
}
