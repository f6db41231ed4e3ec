import Foundation
@_spi(Tools) import SplitTestAnalysis
import Testing
import TestTools

/// The metrics in the HTML readout, in headless Chromium at 1280 px: the page fits without
/// scrolling sideways (nor does any table inside it), every figure of the metrics' tables is the
/// JSON's, and a harmed guardrail is flagged at the top.
@Suite struct MetricHTMLReportTests {
    @Test(.requires(.chromium)) func metricsFitTheWidthAndShowTheJSONsFigures() throws {
        try Oracle.chromium.require()
        let browser = try #require(Oracle.chromiumPath)
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (totals, _) = try MetricFixtures.totals(MetricSimulation(unitsPerGroup: 1_500).lines(), dimension: "country")
        let readouts = ReadoutBuilder.readouts(totals, effects: EffectSettings(method: .sequential()))
        let page = HTMLReport.render(readouts)
        #expect(!page.contains("<script") && !page.contains("http://") && !page.contains("https://"))
        // The harmed guardrail (lower is better, and it rose) has its bar drawn red, not green.
        let guardrail = try #require(page.range(of: "<div class=\"metric\" data-metric=\"p90_load_time\">"))
        let guardrailHTML = page[guardrail.lowerBound...]
        let wholeTable = guardrailHTML[..<(guardrailHTML.range(of: "</table>")?.upperBound ?? guardrailHTML.endIndex)]
        #expect(wholeTable.contains("stroke=\"#c62828\"") && !wholeTable.contains("stroke=\"#2e7d32\""), "\(wholeTable)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONReport.render(readouts).utf8)) as? [[String: Any]])

        // The page as served, and a copy that measures itself once laid out: how wide the page
        // is, and how many boxes that scroll sideways would have to.
        try Data(page.utf8).write(to: folder.appendingPathComponent("report.html"))
        let measure = """
            <script>addEventListener('load', () => { const wide = [...document.querySelectorAll('.scroll')]
            .filter(box => box.scrollWidth > box.clientWidth).length; document.title = 'width ' +
            document.documentElement.scrollWidth + ' of ' + innerWidth + ', scrolling boxes ' + wide; })</script>
            """
        try Data(page.replacingOccurrences(of: "</body>", with: measure + "</body>").utf8)
            .write(to: folder.appendingPathComponent("measured.html"))
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1600"]
        let screenshot = folder.appendingPathComponent("report.png")
        let shot = try ExternalProcess.run(
            browser, flags + ["--screenshot=\(screenshot.path)", folder.appendingPathComponent("report.html").absoluteString])
        #expect(shot.status == 0 && (try? Data(contentsOf: screenshot).count) ?? 0 > 10_000, "\(shot.stderr)")
        let measured = try ExternalProcess.run(browser, flags + ["--dump-dom", folder.appendingPathComponent("measured.html").absoluteString])
        let title = try #require(measured.stdout.firstMatch(of: /<title>width (\d+) of (\d+), scrolling boxes (\d+)<\/title>/))
        #expect(Int(title.output.1) ?? .max <= Int(title.output.2) ?? 0, "the page is \(title.output.1) px wide")
        #expect(title.output.3 == "0", "\(title.output.3) tables scroll sideways")

        let dom = try ExternalProcess.run(browser, flags + ["--dump-dom", folder.appendingPathComponent("report.html").absoluteString]).stdout
        #expect(dom.contains("data-verdict=\"harm\"") && dom.contains("data-metric=\"p90_load_time\""))
        let metrics = try #require(json.first?["metrics"] as? [[String: Any]])
        var checked = 0
        var differences: [String] = []
        for figure in Self.figures(dom) {
            guard let metric = metrics.first(where: { $0["metric"] as? String == figure.metric }) else { continue }
            let table = figure.slice.flatMap { slice in
                (metric["slices"] as? [[String: Any]])?.first { $0["value"] as? String == slice }
            } ?? metric
            let group = (table["groups"] as? [[String: Any]])?.first { $0["group"] as? String == figure.group }
            let comparison = (table["comparisons"] as? [[String: Any]])?.first { $0["group"] as? String == figure.group }
            let expected = group?[figure.field] ?? comparison?[figure.field]
            checked += 1
            switch (expected, figure.value) {
            case (is NSNull, nil): continue
            case (let number as NSNumber, let value?) where abs(number.doubleValue - value) <= 1e-14 * max(abs(value), 1e-300): continue
            default: differences.append("\(figure): JSON has \(String(describing: expected))")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10).joined(separator: "\n"))")
        #expect(checked > 300, "\(checked) figures checked")
    }

    struct Figure: CustomStringConvertible {
        var metric: String
        var slice: String?
        var group: String
        var field: String
        var value: Double?
        var description: String { "\(metric)/\(slice ?? "-")/\(group)/\(field) = \(value.map { "\($0)" } ?? "null")" }
    }

    /// Every `data-field` of the metrics' tables with its exact value, in the context of the
    /// metric, slice and group around it (an experiment's own figures, before its metrics, are
    /// not the metrics').
    static func figures(_ dom: String) -> [Figure] {
        let pattern = /data-(experiment|metric|slice|group|field)="([^"]*)"(?: data-value="([^"]*)")?/
        var figures: [Figure] = []
        var metric: String?
        var slice: String?
        var group = ""
        for match in dom.matches(of: pattern) {
            let text = String(match.output.2)
            switch match.output.1 {
            case "experiment": metric = nil
            case "metric":
                metric = text
                slice = nil
            case "slice": slice = text
            case "group": group = text
            default:
                guard let metric else { continue }
                figures.append(Figure(metric: metric, slice: slice, group: group, field: text, value: match.output.3.flatMap { Double($0) }))
            }
        }
        return figures
    }
}
