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
    }
}
