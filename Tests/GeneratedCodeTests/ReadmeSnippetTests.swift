import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport
import Testing

@Suite struct ReadmeSnippetTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lines of `text` that carry code, trimmed; imports are left out since a file has its own.
    static func codeLines(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    /// Every fenced Swift block of the README but the package manifest.
    static func readmeSnippets() throws -> [String] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        var snippets: [String] = []
        for (index, part) in readme.components(separatedBy: "```swift\n").enumerated() where index > 0 {
            guard let end = part.range(of: "\n```") else { continue }
            let snippet = String(part[..<end.lowerBound])
            if !snippet.hasPrefix("// swift-tools-version") { snippets.append(snippet) }
        }
        return snippets
    }

    @Test func everyReadmeSnippetIsCompiledHere() throws {
        let source = try String(
            contentsOf: Self.repository.appendingPathComponent("Tests/GeneratedCodeTests/ReadmeSnippets.swift"),
            encoding: .utf8)
        let compiled = Self.codeLines(source)
        let snippets = try Self.readmeSnippets()
        #expect(snippets.count >= 6)
        for snippet in snippets {
            let lines = Self.codeLines(snippet)
            let found = compiled.indices.contains { start in
                start + lines.count <= compiled.count && Array(compiled[start..<start + lines.count]) == lines
            }
            #expect(found, "README snippet not found in ReadmeSnippets.swift:\n\(snippet)")
        }
    }

    @Test func readmeSnippetsDoWhatTheReadmeSays() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A device the experiments' holdout does not keep out, kept in the store the README's
        // set-up opens, so that the exposures below are sent on every run, not 95% of them.
        let holdout = try #require(ButtonColorSplitTest.definition.holdout)
        let device = try #require((0..<100).lazy.map { "readme-device-\($0)" }.first { !holdout.holds(unit: $0) })
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: [StorageKey.deviceID: device])
            .write(to: directory.appendingPathComponent("split-tests.json"))
        let analytics = RecordingTrackingProvider()
        let service = readmeSetUp(
            applicationSupport: directory, analytics: analytics, logger: ReadmeLogger(lines: RecordingTrackingProvider()))

        let screen = ReadmeScreen()
        readmeIntroduction(service: service, buyButton: screen)
        #expect(service.deviceID == device)
        readmeFetchSwitchHit(service: service, screen: screen)
        let group = service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
        #expect(screen.color == group.color)
        #expect(screen.shown == [group == .red ? "classic" : "\(group.color) r\(group.cornerRadius)"])
        // Two hits of the same group: one exposure.
        let exposures = analytics.events.filter { $0.identifier == TrackingEvent.exposureIdentifier }
        #expect(exposures.count == 1)

        readmeGoal(service: service)
        let goal = try #require(analytics.events.last)
        #expect(goal.identifier == TrackingEvent.goalIdentifier)
        #expect(goal.properties[TrackingEvent.groupPropertyName(experiment: "button_color")] == .string(group.rawValue))

        readmeTypedEvents(service: service)
        let events = analytics.events.suffix(2)
        #expect(events.map(\.identifier) == ["purchase", "screen_loaded"])
        #expect(events.first?.properties["currency"] == "usd")
        #expect(events.last?.properties[TrackingEvent.groupPropertyName(experiment: "button_color")] == .string(group.rawValue))

        readmeUsers(service: service, account: (id: "user-42", name: "Reader"))
        #expect(service.currentUserID == nil)

        readmeOverrides(service: service)
        #expect(service.overrides.isEmpty)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == group)

        service.associate(user: "user-42")
        let checkoutScreen = ReadmeCheckoutScreen()
        readmeMultivariate(service: service, screen: checkoutScreen)
        let cell = service.fetchSplitTest(CheckoutPageSplitTest.self).currentGroup
        #expect(checkoutScreen.titleLabel.text == cell.headline.text)
        #expect(checkoutScreen.buyButton.isOrange == (cell.button == .orange))
        let exposure = try #require(analytics.events.last)
        #expect(exposure.properties["group"] == .string(cell.rawValue))
        #expect(exposure.properties["factor_headline"] == .string(cell.headline.rawValue))
        #expect(exposure.properties["factor_button"] == .string(cell.button.rawValue))
    }

    @Test @MainActor func readmeDebugMenuDoesWhatTheReadmeSays() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let store = InMemoryAssignmentStore()
        let service = SplitTestingService(configuration: .init(store: store, catalog: SplitTestCatalog.all))
        let deviceBefore = service.deviceID
        _ = service.fetchSplitTest(ButtonColorSplitTest.self)
        let menu = readmeDebugMenu(service: service)
        #expect(menu.snapshot.experiments.count == SplitTestCatalog.all.count)
        #expect(service.overrides == ["button_color": "blue"])
        #expect(service.debugSnapshot().experiments.first { $0.identifier == "button_color" }?.group == "blue")
        // Erased: a new device id, and nothing stored for the old one.
        #expect(service.debugSnapshot().deviceID != deviceBefore)
        #expect(store.string(for: StorageKey.assignment(experiment: "button_color", unit: deviceBefore)) == nil)
    }
}
