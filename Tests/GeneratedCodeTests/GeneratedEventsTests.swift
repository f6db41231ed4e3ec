import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport
import Testing

/// The generated `SplitTestEvents` of `experiments/metrics/events.yaml`, sent by the real runtime:
/// each event under its own name with its declared properties and the units the readout joins on,
/// and exposures carrying the dimensions.
@Suite struct GeneratedEventsTests {
    static func makeService(providers: [any TrackingProvider]) -> SplitTestingService {
        SplitTestingService(configuration: .init(
            store: .inMemory, deviceID: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", catalog: SplitTestCatalog.all,
            tracking: TrackingClient(providers: providers)))
    }

    @Test func eachCaseHasItsDeclaredNameAndProperties() {
        let purchase = SplitTestEvents.purchase(revenue: 3.99, currency: .usd, isFirst: true)
        #expect(purchase.name == "purchase")
        #expect(purchase.properties == ["revenue": .double(3.99), "currency": .string("usd"), "is_first": .bool(true)])
        #expect(SplitTestEvents.screenLoaded(milliseconds: 420, screen: "home").properties == [
            "milliseconds": .int(420), "screen": .string("home"),
        ])
        #expect(SplitTestEvents.checkoutStarted.name == "checkout_started")
        #expect(SplitTestEvents.checkoutStarted.properties.isEmpty)
        #expect(SplitTestEvents.PurchaseCurrency.allCases.map(\.rawValue) == ["usd", "eur", "gbp"])
    }

    /// Every provider gets the event with the device, the user and the groups exposed, as a goal.
    @Test func trackSendsTheEventWithTheUnitsAndTheGroupsExposed() {
        let recorder = RecordingTrackingProvider()
        let service = Self.makeService(providers: [recorder])
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        service.associate(user: "user-42")
        recorder.reset()

        service.track(.purchase(revenue: 3.99, currency: .eur, isFirst: false))
        service.track(.checkoutStarted)
        #expect(recorder.events.map(\.identifier) == ["purchase", "checkout_started"])
        // This device's bucket for button_color is 4155 (a vector of HowAssignmentWorks.md): blue.
        #expect(recorder.events.first?.properties == [
            "revenue": .double(3.99), "currency": .string("eur"), "is_first": .bool(false),
            "device": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "user": "user-42", "split_test-button_color": "blue",
        ])
        #expect(recorder.events.last?.properties == [
            "device": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "user": "user-42", "split_test-button_color": "blue",
        ])
    }

    /// In an event file, a typed event is the goal line's shape under the event's own name.
    @Test func anEventFileLineIsTheGoalsShapeUnderTheEventsName() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let provider = JSONLinesTrackingProvider(fileURL: file)
        let service = Self.makeService(providers: [provider])
        service.associate(user: "user-42")
        service.track(.screenLoaded(milliseconds: 420, screen: "home"))
        service.trackGoal("purchase", value: 3.99)
        provider.flush()
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        let event = try #require(lines[0].range(of: #","event":"#)).lowerBound
        #expect(lines[0].hasPrefix(#"{"date":""#))
        #expect(lines[0][event...] == #","event":"screen_loaded","properties":{"device":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","milliseconds":420,"screen":"home","user":"user-42"},"user":"user-42"}"#)
        let goal = try #require(lines[1].range(of: #","event":"#)).lowerBound
        #expect(lines[1][goal...] == #","event":"split_test_goal","properties":{"device":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","goal":"purchase","user":"user-42","value":3.99},"user":"user-42"}"#)
    }

    /// Exposures carry the built-in dimensions and, once the app sets it, `plan`, declared with
    /// `dimension: true`; `days_since_install` and `beta_tester` are not dimensions.
    @Test func exposuresCarryTheDimensions() {
        let recorder = RecordingTrackingProvider()
        let service = Self.makeService(providers: [recorder])
        service.setAttributes(SplitTestAttributes(plan: .pro, daysSinceInstall: 3, betaTester: true, appVersion: "5.3.1", platform: .ios))
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        #expect(recorder.events.first?.properties == [
            "experiment": "button_color", "group": "blue", "unit": "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
            "dimension_platform": "ios", "dimension_app_version": "5.3.1", "dimension_plan": "pro",
        ])
    }
}
