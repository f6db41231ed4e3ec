import Dispatch
import Foundation
import Testing
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
import SplitTestingTestSupport
import SplitTestFormats

/// `setIfAbsent(_:for:)`: the default for custom stores, the shipped stores, and how the service
/// uses the value a store keeps.
@Suite struct SetIfAbsentTests {
    /// A custom store written before `setIfAbsent` existed: only the three original requirements.
    final class MinimalStore: AssignmentStore {
        private let values = Locked<[String: String]>([:])
        func string(for key: String) -> String? { values.withLock { $0[key] } }
        func set(_ value: String, for key: String) { values.withLock { $0[key] = value } }
        func removeValue(for key: String) { _ = values.withLock { $0.removeValue(forKey: key) } }
    }

    /// A store shared with another process that has already stored `stored`: whatever this
    /// process offers, the value already there is kept.
    final class ClaimedStore: AssignmentStore {
        private let values = Locked<[String: String]>([:])
        let stored: [String: String]
        init(alreadyStoredElsewhere stored: [String: String]) { self.stored = stored }
        // The other process's value is not visible yet when this one reads…
        func string(for key: String) -> String? { values.withLock { $0[key] } }
        func set(_ value: String, for key: String) { values.withLock { $0[key] = value } }
        func removeValue(for key: String) { _ = values.withLock { $0.removeValue(forKey: key) } }
        // …but it is found when this one stores.
        func setIfAbsent(_ value: String, for key: String) -> String {
            values.withLock { values in
                let kept = values[key] ?? stored[key] ?? value
                values[key] = kept
                return kept
            }
        }
    }

    @Test func theDefaultKeepsTheFirstValue() {
        let store = MinimalStore()
        #expect(store.setIfAbsent("first", for: "k") == "first")
        #expect(store.setIfAbsent("second", for: "k") == "first")
        #expect(store.string(for: "k") == "first")
        let service = SplitTestingService(configuration: .init(store: store))
        let group = service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
        #expect(store.string(for: StorageKey.deviceID) == service.deviceID)
        #expect(store.string(for: StorageKey.assignment(experiment: "button_color", unit: service.deviceID)) == group.rawValue)
    }

    @Test func theInMemoryStoreIsAtomic() {
        let store = InMemoryAssignmentStore()
        let answers = Locked<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let kept = store.setIfAbsent("value-\(index)", for: "k")
            answers.withLock { _ = $0.insert(kept) }
        }
        #expect(answers.withLock { $0.count } == 1)
        #expect(store.snapshot[UTF8Key("k")] == answers.withLock { $0.first })
    }

    @Test func theUserDefaultsStoreKeepsTheFirstString() throws {
        let suiteName = "SplitTestingTests-\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suiteName))
        defer { defaults.removePersistentDomain(forName: suiteName) }
        let store = UserDefaultsAssignmentStore(defaults: defaults)
        let answers = Locked<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let kept = store.setIfAbsent("value-\(index)", for: "k")
            answers.withLock { _ = $0.insert(kept) }
        }
        #expect(answers.withLock { $0.count } == 1)
        #expect(defaults.string(forKey: "k") == answers.withLock { $0.first })
        // A value of another type counts as absent, as it does for reading.
        defaults.set(42, forKey: "number")
        #expect(store.setIfAbsent("text", for: "number") == "text")
        #expect(defaults.string(forKey: "number") == "text")
    }

    @Test func theServiceAdoptsADeviceIDStoredFirstElsewhere() {
        let store = ClaimedStore(alreadyStoredElsewhere: [StorageKey.deviceID: "device-of-the-app"])
        let widget = SplitTestingService(configuration: .init(store: store))
        #expect(widget.deviceID == "device-of-the-app")
        let test = widget.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(test.assignment.unitID == "device-of-the-app")
    }

    @Test func theServiceServesAGroupStoredFirstElsewhereAsSticky() {
        let bucketed = ButtonColorSplitTest.bucketedGroup(forUnit: "device-1")
        let other = ButtonColorSplitTest.Group.allCases.first { $0 != bucketed }!
        let key = StorageKey.assignment(experiment: "button_color", unit: "device-1")
        let recorder = RecordingTrackingProvider()
        let service = SplitTestingService(configuration: .init(
            store: ClaimedStore(alreadyStoredElsewhere: [key: other.rawValue]), deviceID: "device-1",
            tracking: TrackingClient(providers: [recorder])))
        let test = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(test.currentGroup == other)
        #expect(test.assignment.reason == .sticky)
        // The next fetch is the same resolution, and it is exposed like any enrolled one.
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == other)
        test.hitSplitTest()
        #expect(recorder.events.count == 1)
    }

    @Test func aGroupStoredElsewhereThatThisBuildLacksLeavesTheBucketedOne() {
        let key = StorageKey.assignment(experiment: "button_color", unit: "device-1")
        let service = SplitTestingService(configuration: .init(
            store: ClaimedStore(alreadyStoredElsewhere: [key: "ultraviolet"]), deviceID: "device-1"))
        let test = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(test.currentGroup == ButtonColorSplitTest.bucketedGroup(forUnit: "device-1"))
        #expect(test.assignment.reason == .bucketed)
    }
}
