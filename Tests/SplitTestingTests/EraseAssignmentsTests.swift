import Foundation
import Testing
import SplitTestingTestSupport
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
import SplitTestFormats

/// "Start as a new install": the device id and this device's and user's assignments erased, the
/// service's memory of resolutions and exposures forgotten.
@Suite struct EraseAssignmentsTests {
    @Test func theNextFetchResolvesAsOnAFreshInstall() throws {
        let store = InMemoryAssignmentStore()
        let analytics = RecordingTrackingProvider()
        let service = SplitTestingService(configuration: .init(
            store: store, catalog: testCatalog, tracking: TrackingClient(providers: [analytics])))
        let oldDevice = service.deviceID
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        service.associate(user: "user-b")
        let otherUsersGroup = service.fetchSplitTest(OnboardingSplitTest.self).currentGroup
        service.associate(user: "user-a")
        service.fetchSplitTest(OnboardingSplitTest.self).hitSplitTest()
        #expect(store.snapshot.count == 4)

        service.eraseAssignments()
        #expect(store.snapshot == [
            UTF8Key(StorageKey.assignment(experiment: "onboarding_tutorial", unit: "user-b")): otherUsersGroup.rawValue,
        ])
        #expect(service.currentUserID == "user-a", "signing out is the app's")

        let button = service.fetchSplitTest(ButtonColorSplitTest.self)
        let newDevice = service.deviceID
        #expect(newDevice != oldDevice && !newDevice.isEmpty)
        #expect(store.string(for: StorageKey.deviceID) == newDevice)
        // Bucketed afresh for the new id, exactly as a new install with that id would be.
        let freshInstall = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: newDevice, catalog: testCatalog))
        let expected = freshInstall.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(button.assignment == expected.assignment)
        #expect(button.assignment.reason == .bucketed && button.assignment.unitID == newDevice)
        #expect(store.string(for: StorageKey.assignment(experiment: "button_color", unit: newDevice)) == button.currentGroup.rawValue)
        let onboarding = service.fetchSplitTest(OnboardingSplitTest.self)
        #expect(onboarding.assignment.reason == .bucketed && onboarding.assignment.unitID == "user-a")

        // Exposures are sent again, as on a fresh install.
        button.hitSplitTest()
        onboarding.hitSplitTest()
        let exposures = analytics.events.filter { $0.identifier == TrackingEvent.exposureIdentifier }
        #expect(exposures.map { $0.properties[TrackingEvent.Property.unit] } == [
            .string(oldDevice), .string("user-a"), .string(newDevice), .string("user-a"),
        ])
        // Another user's group is kept and served as before.
        service.associate(user: "user-b")
        let other = service.fetchSplitTest(OnboardingSplitTest.self)
        #expect(other.currentGroup == otherUsersGroup && other.assignment.reason == .sticky)
    }

    @Test func aBanditsStoredPeriodIsErasedWithItsGroup() {
        let store = InMemoryAssignmentStore()
        let service = SplitTestingService(configuration: .init(
            store: store, deviceID: "qa-device", catalog: [OnboardingCopySplitTest.self]
        ).with(control: BanditRuntimeTests.control(sequence: 1, weights: ["short": 0, "story": 100, "video": 0], period: 3)))
        #expect(service.fetchSplitTest(OnboardingCopySplitTest.self).currentGroup == .story)
        let periodKey = StorageKey.period(experiment: "onboarding_copy", unit: "qa-device")
        #expect(store.string(for: periodKey) == "3")

        service.eraseAssignments()
        #expect(store.string(for: periodKey) == nil)
        #expect(store.string(for: StorageKey.assignment(experiment: "onboarding_copy", unit: "qa-device")) == nil)
    }

    @Test func overridesStayAndASnapshotShowsTheFreshState() throws {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        service.setOverride(AppColorSchemeSplitTest.self, group: .light)
        let before = service.debugSnapshot()
        #expect(before.experiments.first?.isExposed == true)

        service.eraseAssignments()
        let after = service.debugSnapshot()
        #expect(after.deviceID != before.deviceID)
        let button = try #require(after.experiments.first { $0.identifier == "button_color" })
        #expect(button.reason == .bucketed && !button.isExposed && button.unit == after.deviceID)
        #expect(service.overrides == ["app_color_scheme": "light"])
        #expect(after.experiments.first { $0.identifier == "app_color_scheme" }?.reason == .override)
    }

    @Test func aDeviceIDTheAppSuppliedIsKeptAndItsAssignmentsErased() {
        let store = InMemoryAssignmentStore([StorageKey.deviceID: "an-older-generated-id"])
        let service = SplitTestingService(configuration: .init(store: store, deviceID: "qa-device", catalog: testCatalog))
        let before = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .sticky)
        service.eraseAssignments()
        #expect(store.snapshot.isEmpty)
        #expect(service.deviceID == "qa-device")
        let after = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(after.assignment.reason == .bucketed)
        #expect(after.currentGroup == before.currentGroup, "the same id buckets into the same group under the same rules")
    }

    @Test func beforeAnyFetchTheStoredDeviceIsErasedWithoutCreatingOne() {
        let device = "device-from-last-launch"
        let key = StorageKey.assignment(experiment: "button_color", unit: device)
        let store = InMemoryAssignmentStore([StorageKey.deviceID: device, key: "blue", "unrelated": "kept"])
        let service = SplitTestingService(configuration: .init(store: store, catalog: testCatalog))
        service.eraseAssignments()
        #expect(store.snapshot == [UTF8Key("unrelated"): "kept"])
        #expect(service.deviceID != device)
    }

    @Test func throughASharedFileStoreTheNewDeviceIDIsSettledAtOnceAndTheRemovalsMerge() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let appStore = FileAssignmentStore(fileURL: url)
        let app = SplitTestingService(configuration: .init(store: appStore, catalog: testCatalog))
        let oldDevice = app.deviceID
        _ = app.fetchSplitTest(ButtonColorSplitTest.self)
        appStore.flush()
        // The widget writes a value of its own meanwhile, which the app's erase must not lose.
        let widgetStore = FileAssignmentStore(fileURL: url)
        widgetStore.set("widget-value", for: "widget.key")
        widgetStore.flush()

        app.eraseAssignments()
        _ = app.fetchSplitTest(ButtonColorSplitTest.self)
        let newDevice = app.deviceID
        #expect(newDevice != oldDevice)
        // The new id is in the file before any background write, as a first device id is.
        #expect(try SharedFileAssignmentStoreTests.storedValues(url)[StorageKey.deviceID] == newDevice)
        appStore.flush()
        let stored = try SharedFileAssignmentStoreTests.storedValues(url)
        #expect(stored[StorageKey.assignment(experiment: "button_color", unit: oldDevice)] == nil)
        #expect(stored[StorageKey.assignment(experiment: "button_color", unit: newDevice)] != nil)
        #expect(stored["widget.key"] == "widget-value")
        #expect(widgetStore.string(for: StorageKey.deviceID) == newDevice)
    }
}
