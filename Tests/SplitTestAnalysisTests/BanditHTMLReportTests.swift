import Foundation
import Testing
import TestTools

/// A bandit's HTML readout in a real browser: the chart of each arm's weight over the periods is
/// there, its points are the JSON's weights, and the page loads nothing from elsewhere.
@Suite struct BanditHTMLReportTests {
    @Test(.requires(.chromium)) func theWeightsChartShowsEveryPeriodsWeights() throws {
        try Oracle.chromium.require()
        let browser = try #require(Oracle.chromiumPath)
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((BanditWarehouseTests.events().joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        let experiments = folder.appendingPathComponent("experiments")
        try FileManager.default.createDirectory(at: experiments, withIntermediateDirectories: true)
        for (name, text) in BanditWarehouseTests.definitions { try Data(text.utf8).write(to: experiments.appendingPathComponent(name)) }
        let options = ["--definitions", "experiments", "--controls"] + (try BanditWarehouseTests.documents(in: folder))
        let html = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "html", "--output", "report.html"] + options, in: folder)
        #expect(html.status == 0, "\(html.stderr)")
        let json = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"] + options, in: folder)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let bandit = try #require(entries.first { $0["experiment"] as? String == "onboarding_copy" })
        let periods = try #require(bandit["periods"] as? [[String: Any]])

        let page = String(decoding: try Data(contentsOf: folder.appendingPathComponent("report.html")), as: UTF8.self)
        #expect(!page.contains("<script") && !page.contains("http://") && !page.contains("https://") && !page.contains("src="))
        let url = folder.appendingPathComponent("report.html").absoluteString
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        let screenshot = folder.appendingPathComponent("report.png")
        let shot = try ExternalProcess.run(browser, flags + ["--screenshot=\(screenshot.path)", "--window-size=1200,1600", url])
        let image = try Data(contentsOf: screenshot)
        #expect(shot.status == 0 && image.count > 10_000 && image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(shot.stderr)")

        let dump = try ExternalProcess.run(browser, flags + ["--dump-dom", url])
        #expect(dump.status == 0, "\(dump.stderr)")
        let dom = dump.stdout
        #expect(dom.contains("<svg class=\"weights-chart\" data-experiment-chart=\"onboarding_copy\""))
        #expect(!dom.contains("data-experiment-chart=\"button_color\""), "only a bandit has periods")
        let pattern = try Regex(#"data-arm="([a-z_]+)" data-period="([0-9]+)" data-weight="([0-9.e+-]+)""#)
        var points: [String: Double] = [:]
        for match in dom.matches(of: pattern) {
            let arm = match.output[1].substring.map(String.init) ?? ""
            let period = match.output[2].substring.map(String.init) ?? ""
            points["\(arm)@\(period)"] = Double(match.output[3].substring.map(String.init) ?? "")
        }
        var expected: [String: Double] = [:]
        for period in periods {
            let number = period["period"] as? Int ?? -1
            for (arm, weight) in period["weights"] as? [String: Double] ?? [:] { expected["\(arm)@\(number)"] = weight }
        }
        #expect(expected.count == 12, "three arms in four periods")
        #expect(points == expected)
        #expect(dom.contains("every rate and comparison below weighs each of the 4 allocation periods by its units"))
    }
}
