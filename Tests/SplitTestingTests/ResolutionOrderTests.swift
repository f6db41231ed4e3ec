import Testing
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
import SplitTestingTestSupport
import SplitTestFormats

/// The resolution order with remote control, targeting and holdouts, as the table of the "How
/// assignment works" article lists it: override → forced → stopped → resolved → sticky →
/// no user → holdout → targeting → layer and traffic → bucketing.
@Suite struct ResolutionOrderTests {
    static let fixed = SplitTestAttributeValues(["platform": .string("linux")])

    static func service(
        device: String, store: any AssignmentStore = InMemoryAssignmentStore(), control: SplitTestControl? = nil,
        tracking: TrackingClient = TrackingClient(), issues: IssueRecorder = IssueRecorder()
    ) -> SplitTestingService {
        SplitTestingService(configuration: .init(
            store: store, deviceID: device, catalog: testCatalog, tracking: tracking, report: issues.report,
            builtInAttributes: fixed).with(control: control))
    }

    @Test func forcedUnitGetsItsGroupBeforeAStoredOneAndIsNeverExposed() {
        let key = StorageKey.assignment(experiment: "button_color", unit: "qa-device-1")
        let store = InMemoryAssignmentStore([key: "blue"])
        let recorder = RecordingTrackingProvider()
        let service = Self.service(device: "qa-device-1", store: store, tracking: TrackingClient(providers: [recorder]))
        let test = service.fetchSplitTest(ForcedButtonColorSplitTest.self)
        #expect(test.currentGroup == .darkGray)
        #expect(test.assignment.reason == .forced)
        test.hitSplitTest()
        #expect(recorder.events.isEmpty)
        // The stored group is kept for when the unit is no longer forced.
        #expect(store.snapshot[UTF8Key(key)] == "blue")
    }

    @Test func overrideComesBeforeForce() {
        let service = Self.service(device: "qa-device-1")
        service.setOverride(ForcedButtonColorSplitTest.self, group: .red)
        #expect(service.fetchSplitTest(ForcedButtonColorSplitTest.self).assignment.reason == .override)
    }

    @Test func stoppedExperimentServesControlKeepsStoredGroupsAndExposesNothing() {
        let device = ResolutionTests.device
        let key = StorageKey.assignment(experiment: "button_color", unit: device)
        let store = InMemoryAssignmentStore([key: "blue"])
        let recorder = RecordingTrackingProvider()
        let service = Self.service(device: device, store: store, tracking: TrackingClient(providers: [recorder]))
        let test = service.fetchSplitTest(StoppedButtonColorSplitTest.self)
        #expect(test.currentGroup == .red)
        #expect(test.assignment.reason == .stopped)
        test.hitSplitTest()
        #expect(recorder.events.isEmpty)
        #expect(store.snapshot[UTF8Key(key)] == "blue")
        // Forcing comes before stopping.
        let qa = Self.service(device: "qa-device-1").fetchSplitTest(StoppedButtonColorSplitTest.self)
        #expect(qa.currentGroup == .darkGray)
        #expect(qa.assignment.reason == .forced)
    }

    @Test func controlStopsResolvesRampsAndForcesFieldByField() {
        let device = ResolutionTests.device
        let control = SplitTestControl(sequence: 7, experiments: [
            "button_color": .init(status: .resolved(winner: "dark_gray")),
            "app_color_scheme": .init(status: .running),
            "checkout_copy": .init(status: .stopped),
            "profile_redesign": .init(force: ["user-42": "new_v2"]),
            "not_in_this_build": .init(status: .stopped),
        ])
        let issues = IssueRecorder()
        let service = Self.service(device: device, control: control, issues: issues)
        #expect(service.controlSequence == 7)
        let button = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(button.currentGroup == .darkGray)
        #expect(button.assignment.reason == .resolved)
        // A remote `running` replaces a compiled winner: the unit is bucketed.
        let scheme = service.fetchSplitTest(AppColorSchemeSplitTest.self)
        #expect(scheme.assignment.reason == .bucketed)
        #expect(scheme.currentGroup == AppColorSchemeSplitTest.bucketedGroup(forUnit: device))
        #expect(service.fetchSplitTest(CheckoutCopySplitTest.self).assignment.reason == .stopped)
        service.associate(user: "user-42")
        let profile = service.fetchSplitTest(ProfileRedesignSplitTest.self)
        #expect(profile.currentGroup == .newV2)
        #expect(profile.assignment.reason == .forced)
        // The compiled traffic stays: a user outside it is not enrolled.
        let outside = unitID { !ProfileRedesignSplitTest.definition.isEnrolled(unit: $0) }
        service.associate(user: outside)
        #expect(service.fetchSplitTest(ProfileRedesignSplitTest.self).assignment.reason == .notEnrolled)
        #expect(issues.issues.isEmpty)
    }

    @Test func remoteTrafficReplacesCompiledTrafficButNeverMovesAssignedUnits() {
        let rules = ProfileRedesignSplitTest.definition
        let enrolledNow = unitID { rules.isEnrolled(unit: $0) }
        let store = InMemoryAssignmentStore()
        let first = Self.service(device: "d", store: store)
        first.associate(user: enrolledNow)
        let assigned = first.fetchSplitTest(ProfileRedesignSplitTest.self)
        #expect(assigned.assignment.reason == .bucketed)
        // Traffic lowered to 0.01%: new units are not enrolled, the assigned one keeps its group.
        let control = SplitTestControl(sequence: 1, experiments: ["profile_redesign": .init(trafficBuckets: 1)])
        let later = Self.service(device: "d", store: store, control: control)
        later.associate(user: enrolledNow)
        let again = later.fetchSplitTest(ProfileRedesignSplitTest.self)
        #expect(again.currentGroup == assigned.currentGroup)
        #expect(again.assignment.reason == .sticky)
        let newcomer = unitID { $0 != enrolledNow && rules.isEnrolled(unit: $0) }
        later.associate(user: newcomer)
        #expect(later.fetchSplitTest(ProfileRedesignSplitTest.self).assignment.reason == .notEnrolled)
    }

    @Test func entryNamingAnUnknownGroupIsReportedAndIgnored() {
        let issues = IssueRecorder()
        let control = SplitTestControl(sequence: 3, experiments: [
            "button_color": .init(status: .resolved(winner: "purple")),
            "onboarding_tutorial": .init(force: ["user-1": "nope"]),
        ])
        let service = Self.service(device: ResolutionTests.device, control: control, issues: issues)
        // Reported when the document is applied, before any fetch; each once.
        #expect(Set(issues.issues) == [
            .controlGroupNotFound(experiment: "button_color", group: "purple"),
            .controlGroupNotFound(experiment: "onboarding_tutorial", group: "nope"),
        ])
        #expect(issues.issues.count == 2)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .bucketed)
        #expect(issues.issues.count == 2)
    }

    @Test func olderOrReplayedControlIsIgnoredAndAppliedOneRedoesResolutions() {
        let issues = IssueRecorder()
        let service = Self.service(device: ResolutionTests.device, issues: issues)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .bucketed)
        #expect(service.applyControl(SplitTestControl(sequence: 5, experiments: ["button_color": .init(status: .stopped)])))
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .stopped)
        #expect(!service.applyControl(SplitTestControl(sequence: 5, experiments: [:])))
        #expect(!service.applyControl(SplitTestControl(sequence: 4, experiments: [:])))
        #expect(issues.issues == [
            .controlSequenceNotNewer(sequence: 5, newest: 5), .controlSequenceNotNewer(sequence: 4, newest: 5),
        ])
        #expect(service.controlSequence == 5)
        #expect(service.applyControl(SplitTestControl(sequence: 6, experiments: [:])))
        // The compiled definition serves again; the group stored before the stop is sticky.
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .sticky)
    }

    @Test func invalidEntryIsReported() {
        let issues = IssueRecorder()
        _ = Self.service(device: "d", control: SplitTestControl(sequence: 1, experiments: [
            "button_color": .init(trafficBuckets: 0),
        ]), issues: issues)
        #expect(issues.issues == [.controlEntryInvalid(experiment: "button_color", reason: "traffic of 0 buckets is outside 1...10000")])
    }

    @Test func unitOutsideTargetingGetsControlNotEnrolled() {
        let service = Self.service(device: ResolutionTests.device)
        let test = service.fetchSplitTest(PaywallCopySplitTest.self)
        #expect(test.currentGroup == .control)
        #expect(test.assignment.reason == .notTargeted)
    }

    @Test func targetedUnitIsBucketedAndAttributesOnlyAffectExperimentsNotYetResolved() {
        let service = Self.service(device: ResolutionTests.device)
        service.setAttributes(targetedAttributes)
        #expect(service.fetchSplitTest(PaywallCopySplitTest.self).assignment.reason == .bucketed)
        service.setAttributes(SplitTestAttributeValues(["plan": .string("free")]))
        // Already resolved in this service's lifetime: unchanged.
        #expect(service.fetchSplitTest(PaywallCopySplitTest.self).assignment.reason == .sticky)
        // The built-in platform stays unless set; the app's plan replaced the earlier set.
        #expect(service.attributes["platform"] == .string("linux"))
        #expect(service.attributes["app_version"] == nil)
    }

    @Test func targetingNeverMovesAnAssignedUnit() {
        let store = InMemoryAssignmentStore()
        let first = Self.service(device: ResolutionTests.device, store: store)
        first.setAttributes(targetedAttributes)
        let assigned = first.fetchSplitTest(PaywallCopySplitTest.self)
        let later = Self.service(device: ResolutionTests.device, store: store)
        let again = later.fetchSplitTest(PaywallCopySplitTest.self)
        #expect(again.assignment.reason == .sticky)
        #expect(again.currentGroup == assigned.currentGroup)
    }

    @Test func heldOutUnitGetsControlIsNeverExposedAndIsReportedOncePerHoldout() {
        let device = unitID { globalHoldout.holds(unit: $0) }
        let recorder = RecordingTrackingProvider()
        let service = Self.service(device: device, tracking: TrackingClient(providers: [recorder]))
        let banner = service.fetchSplitTest(HeldOutBannerSplitTest.self)
        let badge = service.fetchSplitTest(HeldOutBadgeSplitTest.self)
        #expect(banner.currentGroup == .hidden && banner.assignment.reason == .holdout)
        #expect(badge.currentGroup == .plain && badge.assignment.reason == .holdout)
        #expect(banner.assignment.holdout == "q1_holdout")
        #expect(recorder.events.isEmpty)
        banner.hitSplitTest()
        badge.hitSplitTest()
        service.fetchSplitTest(HeldOutBannerSplitTest.self).hitSplitTest()
        #expect(recorder.events.map(\.identifier) == [TrackingEvent.holdoutIdentifier])
        #expect(recorder.events.first?.properties == ["holdout": "q1_holdout", "unit": .string(device)])
    }

    @Test func unitOutsideTheHoldoutIsBucketed() {
        let device = unitID { !globalHoldout.holds(unit: $0) }
        let test = Self.service(device: device).fetchSplitTest(HeldOutBannerSplitTest.self)
        #expect(test.assignment.reason == .bucketed)
    }

    @Test func holdoutKeepsAboutItsShare() {
        let held = (0..<20_000).filter { globalHoldout.holds(unit: "unit-\($0)") }.count
        #expect((800...1_200).contains(held))
    }
}
