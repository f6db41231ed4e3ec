import Testing
import SplitTestingTestSupport
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
import SplitTestFormats

/// What a debug menu lists: every catalog experiment as a fetch would serve it now, made without
/// storing, caching or sending anything.
@Suite struct DebugSnapshotTests {
    static let catalog: [any SplitTest.Type] = testCatalog + [
        PaywallCopySplitTest.self, HeldOutBannerSplitTest.self,
    ]

    /// A device in the global holdout, so that `banner` is held out and the rest are not.
    static let heldOutDevice = unitID { globalHoldout.holds(unit: $0) }

    /// The group, reason, unit and holdout a fetch of `type` returns.
    static func fetched<T: SplitTest>(_ type: T.Type, from service: SplitTestingService) -> FetchedRow {
        let assignment = service.fetchSplitTest(T.self).assignment
        return FetchedRow(
            identifier: T.identifier, group: assignment.group.rawValue, reason: assignment.reason,
            unit: assignment.unitID, holdout: assignment.holdout)
    }

    struct FetchedRow: Hashable {
        var identifier: String
        var group: String
        var reason: AssignmentReason
        var unit: String?
        var holdout: String?

        init(identifier: String, group: String, reason: AssignmentReason, unit: String?, holdout: String?) {
            self.identifier = identifier
            self.group = group
            self.reason = reason
            self.unit = unit
            self.holdout = holdout
        }

        init(_ row: SplitTestingDebugSnapshot.Experiment) {
            self.init(identifier: row.identifier, group: row.group, reason: row.reason, unit: row.unit, holdout: row.holdout)
        }
    }

    static func service(
        store: any AssignmentStore = InMemoryAssignmentStore(), deviceID: String? = heldOutDevice,
        tracking: TrackingClient = TrackingClient(), report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in }
    ) -> SplitTestingService {
        SplitTestingService(configuration: .init(
            store: store, deviceID: deviceID, catalog: catalog, tracking: tracking, report: report,
            builtInAttributes: SplitTestAttributeValues()))
    }

    @Test func everyExperimentIsListedWithTheGroupAndReasonAFetchReturns() throws {
        let service = Self.service()
        let snapshot = service.debugSnapshot()
        #expect(snapshot.experiments.map(\.identifier) == Self.catalog.map { $0.identifier })
        #expect(snapshot.deviceID == Self.heldOutDevice)
        #expect(snapshot.userID == nil && snapshot.controlSequence == nil)
        let reasons = Dictionary(uniqueKeysWithValues: snapshot.experiments.map { ($0.identifier, $0.reason) })
        let checkoutInCopy = CheckoutCopySplitTest.definition.isEnrolled(unit: Self.heldOutDevice)
        #expect(reasons == [
            "button_color": .bucketed, "profile_redesign": .noUser, "onboarding_tutorial": .noUser,
            "checkout_copy": checkoutInCopy ? .bucketed : .notEnrolled,
            "checkout_button": checkoutInCopy ? .notEnrolled : .bucketed,
            "app_color_scheme": .resolved, "paywall_copy": .notTargeted, "banner": .holdout,
        ])
        let banner = try #require(snapshot.experiments.first { $0.identifier == "banner" })
        #expect(banner.holdout == "q1_holdout" && banner.group == "hidden")
        let scheme = try #require(snapshot.experiments.first { $0.identifier == "app_color_scheme" })
        #expect(scheme.group == "dark" && scheme.definition.winner == "dark" && scheme.definition.status == .resolved(winner: "dark"))
        #expect(scheme.unitType == .device && scheme.unit == Self.heldOutDevice)

        // Exactly what the first fetches return, then what later fetches return (bucketed becomes sticky).
        let fetched = Self.catalog.map { Self.fetched($0, from: service) }
        #expect(snapshot.experiments.map(FetchedRow.init) == fetched)
        let after = service.debugSnapshot().experiments.map(FetchedRow.init)
        #expect(after == Self.catalog.map { Self.fetched($0, from: service) })
        #expect(after.first { $0.identifier == "button_color" }?.reason == .sticky)
    }

    @Test func userExperimentsFollowTheSignedInUserAndTheDefinitionInForce() throws {
        let service = Self.service()
        service.associate(user: "user-42")
        service.setAttributes(targetedAttributes)
        #expect(service.applyControl(SplitTestControl(sequence: 9, experiments: ["profile_redesign": .init(status: .stopped)])))
        let snapshot = service.debugSnapshot()
        #expect(snapshot.userID == "user-42" && snapshot.controlSequence == 9)
        let rows = Dictionary(uniqueKeysWithValues: snapshot.experiments.map { ($0.identifier, $0) })
        let profile = try #require(rows["profile_redesign"])
        #expect(profile.unit == "user-42" && profile.reason == .stopped && profile.group == "control")
        #expect(profile.definition.status == .stopped && profile.definition.control == "control")
        #expect(profile.definition.groups == ["control", "control_check", "new_v1", "new_v2"])
        let onboarding = try #require(rows["onboarding_tutorial"])
        #expect(onboarding.unit == "user-42" && onboarding.reason == .bucketed)
        #expect(onboarding.group == OnboardingSplitTest.bucketedGroup(forUnit: "user-42").rawValue)
        #expect(rows["paywall_copy"]?.reason == .bucketed)
        #expect(rows["button_color"]?.unit == Self.heldOutDevice)
        #expect(rows["button_color"]?.definition.trafficPercent == 100)
    }

    @Test func overridesAreShownWithTheGroupTheyServe() throws {
        let service = Self.service()
        let bucketed = ButtonColorSplitTest.bucketedGroup(forUnit: Self.heldOutDevice)
        let other: ButtonColorSplitTest.Group = bucketed == .red ? .blue : .red
        #expect(service.setOverride(experiment: "button_color", group: other.rawValue))
        service.setOverride(AppColorSchemeSplitTest.self, group: .light)
        let rows = Dictionary(uniqueKeysWithValues: service.debugSnapshot().experiments.map { ($0.identifier, $0) })
        #expect(rows["button_color"]?.group == other.rawValue)
        #expect(rows["button_color"]?.reason == .override && rows["button_color"]?.override == other.rawValue)
        #expect(rows["app_color_scheme"]?.group == "light" && rows["app_color_scheme"]?.override == "light")
        #expect(rows.values.filter { $0.override != nil }.count == 2)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == other)

        // A fetch under an override neither buckets nor stores: without it, the unit is still to be bucketed.
        service.removeOverride(experiment: "button_color")
        let button = try #require(service.debugSnapshot().experiments.first { $0.identifier == "button_color" })
        #expect(button.override == nil && button.group == bucketed.rawValue && button.reason == .bucketed)
    }

    @Test func exposedMeansAnExposureOfThisUnitAndGroupWasSent() throws {
        let analytics = RecordingTrackingProvider()
        let service = Self.service(tracking: TrackingClient(providers: [analytics]))
        service.associate(user: "user-7")
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        _ = service.fetchSplitTest(OnboardingSplitTest.self)  // fetched, never hit
        service.fetchSplitTest(AppColorSchemeSplitTest.self).hitSplitTest()  // a winner: never reported
        var rows = Dictionary(uniqueKeysWithValues: service.debugSnapshot().experiments.map { ($0.identifier, $0) })
        #expect(rows["button_color"]?.isExposed == true)
        #expect(rows["onboarding_tutorial"]?.isExposed == false)
        #expect(rows["app_color_scheme"]?.isExposed == false)
        #expect(rows.values.filter(\.isExposed).count == 1)

        // An override serves another group, which was never exposed.
        let bucketed = ButtonColorSplitTest.bucketedGroup(forUnit: Self.heldOutDevice)
        service.setOverride(ButtonColorSplitTest.self, group: bucketed == .red ? .blue : .red)
        rows = Dictionary(uniqueKeysWithValues: service.debugSnapshot().experiments.map { ($0.identifier, $0) })
        #expect(rows["button_color"]?.isExposed == false)

        // The same group for another user is another unit.
        service.clearOverrides()
        service.fetchSplitTest(OnboardingSplitTest.self).hitSplitTest()
        service.associate(user: "user-8")
        rows = Dictionary(uniqueKeysWithValues: service.debugSnapshot().experiments.map { ($0.identifier, $0) })
        #expect(rows["onboarding_tutorial"]?.isExposed == false)
        #expect(rows["button_color"]?.isExposed == true)
        #expect(analytics.events.filter { $0.identifier == TrackingEvent.exposureIdentifier }.count == 2)
    }

    @Test func aSnapshotStoresNothingSendsNothingAndLeavesTheFirstFetchAsItWas() {
        let store = CountingAssignmentStore()
        let analytics = RecordingTrackingProvider()
        let issues = IssueRecorder()
        let service = Self.service(store: store, tracking: TrackingClient(providers: [analytics]), report: issues.report)
        service.associate(user: "user-3")
        service.setAttributes(targetedAttributes)
        let eventsBefore = analytics.events.count
        for _ in 0..<3 { _ = service.debugSnapshot() }
        #expect(store.totalWrites == 0 && store.snapshot.isEmpty, "\(store.snapshot)")
        #expect(analytics.events.count == eventsBefore, "\(analytics.events)")
        #expect(issues.issues.isEmpty)

        // The app's first fetches still bucket (nothing was cached) and store, once each.
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .bucketed)
        #expect(service.fetchSplitTest(OnboardingSplitTest.self).assignment.reason == .bucketed)
        #expect(service.fetchSplitTest(PaywallCopySplitTest.self).assignment.reason == .bucketed)
        #expect(store.totalWrites == 3)
        // The held-out device's holdout event is sent by the app's hit, not by a snapshot.
        service.fetchSplitTest(HeldOutBannerSplitTest.self).hitSplitTest()
        #expect(analytics.events.filter { $0.identifier == TrackingEvent.holdoutIdentifier }.count == 1)
    }

    @Test func onAFreshInstallASnapshotStoresOnlyTheDeviceID() {
        let store = CountingAssignmentStore()
        let service = Self.service(store: store, deviceID: nil)
        let snapshot = service.debugSnapshot()
        #expect(store.snapshot == [UTF8Key(StorageKey.deviceID): snapshot.deviceID])
        #expect(snapshot.experiments.allSatisfy { $0.unitType == .user || $0.unit == snapshot.deviceID })
        #expect(service.deviceID == snapshot.deviceID)
    }

    @Test func aStoredGroupIsShownStickyAndOneThatNoLongerExistsIsLeftForTheFetch() throws {
        let device = "device-with-history"
        let bucketed = ButtonColorSplitTest.bucketedGroup(forUnit: device)
        let stored: ButtonColorSplitTest.Group = bucketed == .blue ? .red : .blue
        let key = StorageKey.assignment(experiment: "button_color", unit: device)
        let store = InMemoryAssignmentStore([key: stored.rawValue])
        let row = try #require(Self.service(store: store, deviceID: device).debugSnapshot().experiments.first)
        #expect(row.group == stored.rawValue && row.reason == .sticky)

        // A release that dropped the stored group: the snapshot shows what the fetch will do and
        // neither removes the stored value nor reports it; the fetch does both.
        let gone = InMemoryAssignmentStore([key: "dark_gray"])
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(
            store: gone, deviceID: device, catalog: [ButtonColorWithoutDarkGraySplitTest.self], report: issues.report))
        let shown = try #require(service.debugSnapshot().experiments.first)
        #expect(shown.reason == .bucketed)
        #expect(gone.snapshot[UTF8Key(key)] == "dark_gray" && issues.issues.isEmpty)
        let fetched = service.fetchSplitTest(ButtonColorWithoutDarkGraySplitTest.self)
        #expect(fetched.currentGroup.rawValue == shown.group && fetched.assignment.reason == .bucketed)
        #expect(issues.issues == [.storedGroupNotFound(experiment: "button_color", unit: device, group: "dark_gray")])
    }
}
