import Foundation
import Testing
import TestTools

/// `splitc catalog` over the repository's experiments/, opened in headless Chromium: every
/// experiment is listed and has its page, the filters work from the URL without a network, and
/// nothing is requested from elsewhere.
@Suite struct CatalogTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func writeCatalog() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let outcome = try SplitcProcess.run(
            ["catalog", "--output", folder.path("site"), Self.repository.appendingPathComponent("experiments").path],
            in: folder.url)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return folder
    }

    @Test func everyExperimentHasAPageAndNothingLeavesThePages() throws {
        let folder = try Self.writeCatalog()
        defer { folder.remove() }
        let index = String(decoding: try folder.read("site/index.html"), as: UTF8.self)
        let offer = String(decoding: try folder.read("site/welcome_offer.html"), as: UTF8.self)
        for page in [index, offer] {
            #expect(!page.contains("http://") && !page.contains("https://"), "no address outside the site")
            #expect(!page.contains("src=") && !page.contains("@import") && !page.contains("url("), "no resource loaded")
        }
        let links = index.components(separatedBy: "<a href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(links.count >= 16)
        for link in links { #expect(folder.exists("site/\(link)"), "\(link) is written") }
        #expect(offer.contains("requires <a href=\"onboarding_flow.html\">onboarding_flow</a> to give five+on+none"))
        #expect(offer.contains("in segment <b>paying_users</b>: plan is one of trial, pro, and days_since_install is at least 7"))
        #expect(offer.contains("data-weights=\"staging\""))
        #expect(offer.contains("<li class=\"pass\"><code>"))
        let flow = String(decoding: try folder.read("site/onboarding_flow.html"), as: UTF8.self)
        #expect(flow.contains("Required by: <a href=\"welcome_offer.html\">welcome_offer</a>"))
    }

    /// Each experiment's page lists its metrics by role, each metric has a page that says what it
    /// computes and who uses it, and the index lists the metrics and the events.
    @Test func metricsHaveTheirPagesAndExperimentsListTheirs() throws {
        let folder = try Self.writeCatalog()
        defer { folder.remove() }
        let button = String(decoding: try folder.read("site/button_color.html"), as: UTF8.self)
        #expect(button.contains(
            "<tr data-metric=\"purchase_rate\"><td>primary</td><td><a href=\"metric-purchase_rate.html\">purchase_rate</a></td>"
                + "<td>conversion</td><td><a href=\"index.html#event-purchase\">purchase</a></td><td>—</td><td>7 days</td><td>none</td><td>higher</td></tr>"))
        #expect(button.contains(
            "<tr data-metric=\"revenue_per_order\"><td>secondary</td>"))
        #expect(button.contains("<td>revenue / count</td>"))
        #expect(button.contains("<tr data-metric=\"p90_load_time\"><td>guardrail</td>"))
        #expect(button.contains("<td>milliseconds</td><td>to the end of the data</td><td>none</td><td>lower</td>"))
        #expect(!String(decoding: try folder.read("site/feed_prefetch.html"), as: UTF8.self).contains("<h2>Metrics</h2>"))

        let revenue = String(decoding: try folder.read("site/metric-revenue_per_user.html"), as: UTF8.self)
        #expect(revenue.contains(
            "The sum of revenue over each unit&#39;s purchase events within 7 days after the unit&#39;s first exposure, "
                + "averaged over each group&#39;s units. Each unit&#39;s value is capped at the 99th percentile of all "
                + "units&#39; values first. Higher is better."))
        #expect(revenue.contains("<li><a href=\"button_color.html\">button_color</a> — secondary</li>"))
        #expect(revenue.contains("<li><a href=\"checkout_page.html\">checkout_page</a> — primary</li>"))
        #expect(revenue.contains("metrics/metrics.yaml:15</code>"), "where it is defined")
        let ratio = String(decoding: try folder.read("site/metric-revenue_per_order.html"), as: UTF8.self)
        #expect(ratio.contains("divided by the number of purchase events"))
        let quantile = String(decoding: try folder.read("site/metric-p90_load_time.html"), as: UTF8.self)
        #expect(quantile.contains("The 90th percentile of milliseconds over the screen_loaded events"))
        #expect(quantile.contains("Lower is better."))

        let index = String(decoding: try folder.read("site/index.html"), as: UTF8.self)
        #expect(index.contains("<tr id=\"event-purchase\" data-event=\"purchase\">"))
        #expect(index.contains("currency: one of usd, eur, gbp"))
        for metric in ["purchase_rate", "checkouts_per_user", "revenue_per_user", "revenue_per_order", "p90_load_time"] {
            #expect(index.contains("<a href=\"metric-\(metric).html\">\(metric)</a>"), "\(metric) is listed")
            #expect(folder.exists("site/metric-\(metric).html"), "\(metric) has a page")
        }
        for page in [button, revenue, index] {
            #expect(!page.contains("http://") && !page.contains("https://"), "no address outside the site")
        }
    }

    @Test(.requires(.chromium)) func theIndexFiltersInTheBrowserAndRenders() throws {
        try Oracle.chromium.require()
        let browser = try #require(Oracle.chromiumPath)
        let folder = try Self.writeCatalog()
        defer { folder.remove() }
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        let url = URL(fileURLWithPath: folder.path("site/index.html")).absoluteString
        let dump = try CapturedProcess.run(browser, flags + ["--dump-dom", url + "?owner=payments-team"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let rows = dump.stdout.components(separatedBy: "<tr data-experiment=\"").dropFirst()
        #expect(rows.count >= 16)
        for row in rows {
            let owner = row.components(separatedBy: "data-owner=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
            let hidden = row.prefix { $0 != ">" }.contains("class=\"hidden\"")
            #expect(hidden == (owner != "payments-team"), "row \(row.prefix(40)) of owner \(owner)")
        }
        #expect(dump.stdout.contains("<div class=\"layer\" data-layer=\"checkout\">"))
        let screenshot = folder.url.appendingPathComponent("catalog.png")
        let shot = try CapturedProcess.run(browser, flags + ["--screenshot=\(screenshot.path)", "--window-size=1280,1000", url])
        let image = try Data(contentsOf: screenshot)
        #expect(shot.status == 0 && image.count > 20_000 && image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(shot.stderr)")

        // A metric's page, as the browser builds it from the file.
        let metric = try CapturedProcess.run(
            browser, flags + ["--dump-dom", URL(fileURLWithPath: folder.path("site/metric-p90_load_time.html")).absoluteString])
        #expect(metric.status == 0, "\(metric.stderr)")
        #expect(metric.stdout.contains("<h1>p90_load_time</h1>"))
        #expect(metric.stdout.contains("<a href=\"button_color.html\">button_color</a> — guardrail"))
    }
}
