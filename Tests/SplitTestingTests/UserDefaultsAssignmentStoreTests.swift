import Foundation
import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The `UserDefaults` store, in a suite of its own.
@Suite struct UserDefaultsAssignmentStoreTests {
    @Test func storesReadsAndRemovesStrings() throws {
        let suiteName = "SplitTestingTests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suiteName))
        defer { defaults.removePersistentDomain(forName: suiteName) }
        let store = UserDefaultsAssignmentStore(defaults: defaults)
        store.set("blue", for: "split_test.assignment.button_color.device-1")
        #expect(store.string(for: "split_test.assignment.button_color.device-1") == "blue")
        #expect(defaults.string(forKey: "split_test.assignment.button_color.device-1") == "blue")
        store.removeValue(for: "split_test.assignment.button_color.device-1")
        #expect(store.string(for: "split_test.assignment.button_color.device-1") == nil)
        defaults.set(42, forKey: "not-a-string")
        #expect(store.string(for: "not-a-string") == nil)
    }

    @Test func serviceIsStickyOverASuite() throws {
        let suiteName = "SplitTestingTests-\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suiteName)?.removePersistentDomain(forName: suiteName) }
        let first = SplitTestingService(configuration: .init(store: UserDefaultsAssignmentStore(suiteName: suiteName)))
        let group = first.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
        let second = SplitTestingService(configuration: .init(store: UserDefaultsAssignmentStore(suiteName: suiteName)))
        #expect(second.deviceID == first.deviceID)
        let test = second.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(test.currentGroup == group)
        #expect(test.assignment.reason == .sticky)
    }
}
