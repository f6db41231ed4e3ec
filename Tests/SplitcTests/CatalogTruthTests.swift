import Foundation
import Testing
import TestTools

/// The catalog tells a reader who does not read YAML what the definitions mean: where each
/// experiment stands at a time, a bandit's goal and limits, the units forced into a group, a
/// multivariate experiment's factors, which specs fail; it removes the pages of experiments that
/// are gone and nothing else, and exits as lint does.
@Suite struct CatalogTruthTests {
    static let definitions = """
        environments: [development, production]
        ---
        identifier: launch_banner
        type: device
        description: Announces the launch.
        groups: [off, on]
        schedule: { start: 2026-12-01T09:00:00Z }
        ---
        identifier: winter_sale
        type: device
        groups: [off, on]
        schedule: { start: 2025-11-01T00:00:00Z, end: 2026-01-15T00:00:00Z }
        ---
        identifier: paused_feature
        type: device
        groups: [control, new]
        status: stopped
        schedule: { start: 2026-12-01T09:00:00Z }
        ---
        identifier: decided_copy
        type: device
        groups: [control, short]
        status: resolved
        winner: short
        ---
        identifier: onboarding_copy
        type: device
        groups: [short, story, video]
        allocation:
          bandit: { goal: signup, min_weight: 5, burn_in: 100 }
        force: { "qa-device-1": video }
        environments:
          development: { force: { "simulator-1": story, "simulator-2": short } }
        ---
        identifier: checkout_page
        type: user
        factors:
          headline:
            classic: { description: Today's headline., params: { text: "Buy now" } }
            urgent: { params: { text: "Only today" } }
          button: [green, orange]
        cells: all

        """

    /// A spec that holds, and one that does not.
    static let specs = """
        test: decided_copy
        cases:
          - unit: device-1
            expect: { group: short, reason: resolved }
        ---
        test: onboarding_copy
        cases:
          - unit: qa-device-1
            expect: { group: short }

        """

    static func folder(specs: String? = nil) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("experiments/all.yaml", definitions)
        if let specs { try folder.write("experiments/tests/specs.yaml", specs) }
        return folder
    }

    static func page(_ folder: TemporaryFolder, _ name: String) throws -> String {
        String(decoding: try folder.read("site/\(name).html"), as: UTF8.self)
    }

    /// The `data-status` of each experiment's row in the index.
    static func statuses(_ index: String) -> [String: String] {
        var statuses: [String: String] = [:]
        for row in index.components(separatedBy: "<tr data-experiment=\"").dropFirst() {
            let identifier = String(row.prefix { $0 != "\"" })
            statuses[identifier] = row.components(separatedBy: "data-status=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
        }
        return statuses
    }

    @Test func statusesAreReadAtTheTimeGivenAndSayWhen() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let outcome = try folder.splitc("catalog", "--output", "site", "--at", "2026-11-01T00:00:00Z")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let index = try Self.page(folder, "index")
        #expect(Self.statuses(index) == [
            "launch_banner": "scheduled", "winter_sale": "ended", "paused_feature": "stopped", "decided_copy": "resolved",
            "onboarding_copy": "running", "checkout_page": "running",
        ])
        #expect(index.contains("statuses as of <time data-field=\"as-of\" datetime=\"2026-11-01T00:00:00Z\">2026-11-01 00:00 UTC</time>"))
        // The schedule column, and a scheduled experiment's start beside its status.
        #expect(index.contains("<td>from 2025-11-01 00:00 UTC until 2026-01-15 00:00 UTC</td>"))
        #expect(index.contains("<span class=\"status scheduled\">scheduled</span><br><span class=\"when\">from 2026-12-01 09:00 UTC</span>"))
        #expect(index.contains("<th data-column=\"5\" tabindex=\"0\">Schedule</th>"))
        let launch = try Self.page(folder, "launch_banner")
        #expect(launch.contains("<span class=\"status scheduled\" data-field=\"status\">scheduled</span> enrols from 2026-12-01 09:00 UTC"))
        let winter = try Self.page(folder, "winter_sale")
        #expect(winter.contains("<span class=\"status ended\" data-field=\"status\">ended</span> ended 2026-01-15 00:00 UTC: every unit gets the control, off"))
        let paused = try Self.page(folder, "paused_feature")
        #expect(paused.contains(">stopped</span> every unit gets the control, control"))

        // A month later the launch runs.
        let later = try folder.splitc("catalog", "--output", "site", "--at", "2026-12-31T00:00:00Z")
        #expect(later.status == 0, "\(later.stderr)")
        #expect(Self.statuses(try Self.page(folder, "index"))["launch_banner"] == "running")
    }

    @Test func withoutATimeStatusesAreReadToday() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/all.yaml", """
            identifier: far_future
            type: device
            groups: [off, on]
            schedule: { start: 2099-01-01T00:00:00Z }
            ---
            identifier: long_over
            type: device
            groups: [off, on]
            schedule: { end: 2001-01-01T00:00:00Z }

            """)
        let outcome = try folder.splitc("catalog", "--output", "site")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(Self.statuses(try Self.page(folder, "index")) == ["far_future": "scheduled", "long_over": "ended"])
        let bad = try folder.splitc("catalog", "--output", "site", "--at", "tomorrow")
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--at 'tomorrow' is not a time in ISO 8601 with a zone"))
    }

    @Test func aBanditForcedUnitsAndFactorsAreShown() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let outcome = try folder.splitc("catalog", "--output", "site", "--at", "2026-11-01T00:00:00Z")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let bandit = try Self.page(folder, "onboarding_copy")
        #expect(bandit.contains(
            "a bandit: the weights follow conversion to <b>signup</b>, set by <code>splitc bandit</code> from the events; "
                + "no group gets less than 5%, and the weights stay as written until every group has 100 units (burn-in)"))
        #expect(try Self.page(folder, "index").contains("onboarding_copy</a> <span class=\"tag\">bandit</span>"))
        // Forced units, per environment: production takes the base ones, development its own.
        for (unit, environment, group) in [
            ("qa-device-1", "production", "video"), ("simulator-1", "development", "story"), ("simulator-2", "development", "short"),
        ] {
            #expect(bandit.contains(
                "<tr data-forced=\"\(unit)\" data-environment=\"\(environment)\"><td>\(environment)</td><td><code>\(unit)</code></td><td>\(group)</td></tr>"),
                "\(unit) in \(environment)")
        }
        #expect(bandit.contains("<td>no environment (base values)</td><td><code>qa-device-1</code></td><td>video</td>"))
        #expect(!bandit.contains("data-forced=\"qa-device-1\" data-environment=\"development\""))

        let factorial = try Self.page(folder, "checkout_page")
        #expect(factorial.contains("<table class=\"factor\" data-factor=\"headline\"><thead><tr><th>Level</th><th>text</th><th>Description</th>"))
        #expect(factorial.contains("<tr data-level=\"classic\"><td>classic <span class=\"tag\">control</span></td><td>Buy now</td><td>Today&#39;s headline.</td></tr>"))
        #expect(factorial.contains("<tr data-level=\"urgent\"><td>urgent</td><td>Only today</td><td></td></tr>"))
        #expect(factorial.contains("<table class=\"factor\" data-factor=\"button\"><thead><tr><th>Level</th><th>Description</th>"))
        #expect(factorial.contains("<tr data-group=\"urgent+orange\"><td>urgent+orange</td><td>25.00%</td><td>urgent</td><td>orange</td>"))
    }

    @Test func aFailingSpecIsMarkedAndExitsOneAsLintDoes() throws {
        let folder = try Self.folder(specs: Self.specs)
        defer { folder.remove() }
        let outcome = try folder.splitc("catalog", "--output", "site", "--at", "2026-11-01T00:00:00Z")
        let lint = try folder.splitc("lint")
        #expect(outcome.status == 1 && lint.status == 1)
        #expect(outcome.stderr.contains("experiments/tests/specs.yaml:9:5: error: onboarding_copy: unit qa-device-1 expected group short, got video (reason forced)"),
            "\(outcome.stderr)")
        let index = try Self.page(folder, "index")
        #expect(index.contains("data-specs=\"failing\" class=\"failing\"><td><a href=\"onboarding_copy.html\">onboarding_copy</a> <span class=\"tag fail\""))
        #expect(index.contains("data-experiment=\"decided_copy\" data-owner=\"\" data-status=\"resolved\" data-layer=\"\" data-specs=\"passing\">"))
        #expect(index.contains("data-experiment=\"launch_banner\" data-owner=\"\" data-status=\"scheduled\" data-layer=\"\" data-specs=\"none\">"))
        #expect(index.contains("<span class=\"failing\">1 experiment with a failing spec</span>"))
        #expect(try Self.page(folder, "onboarding_copy").contains("<li class=\"fail\">"))

        // Passing specs: exit 0.
        try folder.write("experiments/tests/specs.yaml", Self.specs.replacingOccurrences(of: "group: short }", with: "group: video }"))
        #expect(try folder.splitc("catalog", "--output", "site").status == 0)
        // Errors in the definitions: exit 1, as lint.
        try folder.write("experiments/broken.yaml", "identifier: broken\ntype: device\ngroups: [only]\n")
        #expect(try folder.splitc("catalog", "--output", "site").status == 1)
    }

    /// In the browser, the index filters by the statuses read at the catalog's time and by the
    /// specs' verdict, from the URL, and the pages of a bandit and of a multivariate experiment render.
    @Test(.requires(.chromium)) func theNewFiltersWorkInTheBrowser() throws {
        try Oracle.chromium.require()
        let browser = try #require(Oracle.chromiumPath)
        let folder = try Self.folder(specs: Self.specs)
        defer { folder.remove() }
        _ = try folder.splitc("catalog", "--output", "site", "--at", "2026-11-01T00:00:00Z")
        let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        let index = URL(fileURLWithPath: folder.path("site/index.html")).absoluteString
        for (query, visible) in [("status=scheduled", ["launch_banner"]), ("status=ended", ["winter_sale"]), ("specs=failing", ["onboarding_copy"])] {
            let dump = try CapturedProcess.run(browser, flags + ["--dump-dom", index + "?" + query])
            #expect(dump.status == 0, "\(dump.stderr)")
            let shown = dump.stdout.components(separatedBy: "<tr data-experiment=\"").dropFirst().filter { row in
                !row.prefix { $0 != ">" }.contains("hidden")
            }.map { String($0.prefix { $0 != "\"" }) }
            #expect(shown == visible, "\(query)")
        }
        for page in ["onboarding_copy", "checkout_page"] {
            let screenshot = folder.url.appendingPathComponent("\(page).png")
            let url = URL(fileURLWithPath: folder.path("site/\(page).html")).absoluteString
            let shot = try CapturedProcess.run(browser, flags + ["--screenshot=\(screenshot.path)", "--window-size=1280,2000", url])
            let image = try Data(contentsOf: screenshot)
            #expect(shot.status == 0 && image.count > 20_000 && image.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(page): \(shot.stderr)")
        }
    }

    @Test func pagesOfExperimentsThatAreGoneAreRemovedAndNothingElse() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/a.yaml", "identifier: alpha\ntype: device\ngroups: [a, b]\n")
        try folder.write("experiments/b.yaml", "identifier: beta\ntype: device\ngroups: [a, b]\n")
        try folder.write("experiments/c.yaml", "identifier: gamma\ntype: device\ngroups: [a, b]\n")
        let first = try folder.splitc("catalog", "--output", "site")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("wrote 4 pages to site"))
        // A person's own files beside the pages, and a page a person replaced with their own.
        try folder.write("site/notes.html", "<p>our notes</p>\n")
        try folder.write("site/delta.html", "<p>a page of ours named like an experiment</p>\n")
        try folder.write("site/gamma.html", "<p>replaced by hand</p>\n")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("experiments/b.yaml"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("experiments/c.yaml"))

        let second = try folder.splitc("catalog", "--output", "site")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("wrote 2 pages to site (index.html and one per experiment); removed 1 page of experiments no longer defined"),
            "\(second.stderr)")
        #expect(!folder.exists("site/beta.html"))
        #expect(folder.exists("site/alpha.html") && folder.exists("site/index.html"))
        for kept in ["notes.html", "delta.html", "gamma.html"] { #expect(folder.exists("site/\(kept)"), "\(kept) is kept") }
        #expect(!String(decoding: try folder.read("site/index.html"), as: UTF8.self).contains("beta.html"))
    }

    @Test func countsAgreeInNumber() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/environments.yaml", "environments: [staging]\n")
        let none = try folder.splitc("catalog", "--output", "site")
        #expect(none.stderr.contains("wrote 1 page to site"), "\(none.stderr)")
        #expect(String(decoding: try folder.read("site/index.html"), as: UTF8.self).contains("0 experiments · environments: staging · 0 test documents"))
        try folder.write("experiments/a.yaml", "identifier: alpha\ntype: device\ngroups: [a, b]\n")
        try folder.write("experiments/tests/a.yaml", "test: alpha\ncases:\n  - unit: u\n    expect: { enrolled: true }\n")
        let one = try folder.splitc("catalog", "--output", "site")
        #expect(one.stderr.contains("wrote 2 pages to site"), "\(one.stderr)")
        #expect(String(decoding: try folder.read("site/index.html"), as: UTF8.self).contains("1 experiment · environments: staging · 1 test document, all passing"))
        #expect(String(decoding: try folder.read("site/alpha.html"), as: UTF8.self).contains(": 1 case, all pass"))
    }

    @Test func anOutputThatIsAFileSaysSo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/a.yaml", "identifier: alpha\ntype: device\ngroups: [a, b]\n")
        try folder.write("site", "a file\n")
        let outcome = try folder.splitc("catalog", "--output", "site")
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("splitc: error: cannot write the catalog into 'site': it is a file, not a folder"))
    }

    /// A run that takes more than a second says how far it is on standard error; a quick one
    /// prints only its summary. The run's length is whatever the machine makes it: the test
    /// checks the line that length calls for.
    @Test func aLongRunShowsItsProgress() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var documents: [String] = []
        for index in 0..<3_000 {
            documents.append("identifier: experiment_\(index)\ntype: device\ngroups: [control, treatment]\n")
        }
        try folder.write("experiments/many.yaml", documents.joined(separator: "---\n"))
        let start = Date()
        let outcome = try folder.splitc("catalog", "--output", "site")
        let elapsed = Date().timeIntervalSince(start)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let progress = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("splitc catalog: ") }
        if elapsed > 2 { #expect(!progress.isEmpty, "\(elapsed) s without a progress line") }
        if elapsed < 0.9 { #expect(progress.isEmpty, "a progress line in \(elapsed) s") }
        #expect(outcome.stderr.contains("wrote 3001 pages to site"))
    }
}
