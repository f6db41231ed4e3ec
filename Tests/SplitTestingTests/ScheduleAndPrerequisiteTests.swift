import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Schedules, prerequisites, segments and environments in the service: the resolution order's
/// new steps, with a clock the test sets.
@Suite struct ScheduleAndPrerequisiteTests {
    static let december = Date(timeIntervalSince1970: 1_796_083_200 + 86_400)
    static let november = Date(timeIntervalSince1970: 1_796_083_200 - 86_400)
    static let january = Date(timeIntervalSince1970: 1_798_761_600 + 86_400)
    static let pro = SplitTestAttributeValues(["plan": .string("pro")])

    /// A device for which `onboarding_flow` gives `new_flow` (or not, with `meets: false`).
    static func device(meets: Bool) -> String {
        unitID { OnboardingFlowSplitTest.bucketedGroup(forUnit: $0) == (meets ? .newFlow : .oldFlow) }
    }

    /// A clock that the test moves.
    final class Clock: Sendable {
        let now: Locked<Date>
        init(_ date: Date) { now = Locked(date) }
        func callAsFunction() -> Date { now.withLock { $0 } }
        func set(_ date: Date) { now.withLock { $0 = date } }
    }

    static func service(
        device: String, clock: Clock, store: any AssignmentStore = InMemoryAssignmentStore(), environment: String? = nil,
        report: @escaping @Sendable (SplitTestingIssue) -> Void = { _ in }
    ) -> SplitTestingService {
        let service = SplitTestingService(configuration: .init(
            store: store, deviceID: device, report: report, builtInAttributes: SplitTestAttributeValues(),
            environment: environment, clock: { clock() }))
        service.setAttributes(pro)
        return service
    }

    @Test func beforeTheStartNothingIsStoredAndTheStartEnrolsWithoutARestart() {
        let store = InMemoryAssignmentStore()
        let clock = Clock(Self.november)
        let service = Self.service(device: Self.device(meets: true), clock: clock, store: store)
        let before = service.fetchSplitTest(GatedButtonSplitTest.self)
        #expect(before.assignment.reason == .notStarted)
        #expect(before.assignment.group == .red)
        #expect(store.string(for: StorageKey.assignment(experiment: "gated_button", unit: Self.device(meets: true))) == nil)
        clock.set(Self.december)
        let after = service.fetchSplitTest(GatedButtonSplitTest.self)
        #expect(after.assignment.reason == .bucketed)
        #expect(store.string(for: StorageKey.assignment(experiment: "gated_button", unit: Self.device(meets: true))) != nil)
    }

    @Test func fromTheEndEveryUnitGetsTheControlAndStoredGroupsAreKept() {
        let store = InMemoryAssignmentStore()
        let device = Self.device(meets: true)
        let clock = Clock(Self.december)
        let service = Self.service(device: device, clock: clock, store: store)
        #expect(service.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .bucketed)
        let key = StorageKey.assignment(experiment: "gated_button", unit: device)
        let stored = store.string(for: key)
        clock.set(Self.january)
        let ended = service.fetchSplitTest(GatedButtonSplitTest.self)
        #expect(ended.assignment.reason == .ended)
        #expect(ended.assignment.group == .red)
        #expect(!ended.assignment.reason.isEnrolled)
        #expect(store.string(for: key) == stored)
    }

    @Test func aUnitThatDoesNotMeetThePrerequisiteGetsTheControl() {
        let clock = Clock(Self.december)
        let missing = Self.service(device: Self.device(meets: false), clock: clock)
        let gated = missing.fetchSplitTest(GatedButtonSplitTest.self)
        #expect(gated.assignment.reason == .prerequisite)
        #expect(gated.assignment.group == .red)
        // The prerequisite was resolved, and stored, for the same unit: fetching it now is sticky.
        #expect(missing.fetchSplitTest(OnboardingFlowSplitTest.self).assignment.reason == .sticky)
        let meeting = Self.service(device: Self.device(meets: true), clock: clock)
        #expect(meeting.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .bucketed)
    }

    @Test func anOverrideOfThePrerequisiteCounts() {
        let clock = Clock(Self.december)
        let service = Self.service(device: Self.device(meets: false), clock: clock)
        service.setOverride(OnboardingFlowSplitTest.self, group: .newFlow)
        #expect(service.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .bucketed)
    }

    /// An override of the prerequisite set after a fetch applies at the next fetch: a debug menu
    /// that overrides the required experiment sees the experiment that requires it follow.
    @Test func anOverrideOfThePrerequisiteSetAfterAFetchCountsAtTheNextFetch() {
        let service = Self.service(device: Self.device(meets: false), clock: Clock(Self.december))
        #expect(service.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .prerequisite)
        service.setOverride(OnboardingFlowSplitTest.self, group: .newFlow)
        #expect(service.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .bucketed)
        // Removed again: the group bucketed meanwhile is stored, and a stored group comes before
        // the prerequisite in the resolution order.
        service.removeOverride(OnboardingFlowSplitTest.self)
        #expect(service.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .sticky)
    }

    @Test func aUnitOutsideTheSegmentIsNotTargeted() {
        let clock = Clock(Self.december)
        let service = Self.service(device: Self.device(meets: true), clock: clock)
        service.setAttributes(SplitTestAttributeValues(["plan": .string("free")]))
        #expect(service.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .notTargeted)
    }

    @Test func theEnvironmentsValuesApplyAndTheBucketStaysTheSame() {
        let clock = Clock(Self.december)
        let device = Self.device(meets: true)
        let staging = Self.service(device: device, clock: clock, environment: "staging")
        #expect(staging.fetchSplitTest(GatedButtonSplitTest.self).assignment.group == .blue)
        let development = Self.service(device: "simulator-1", clock: clock, environment: "development")
        #expect(development.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .forced)
        let production = Self.service(device: device, clock: clock, environment: "production")
        #expect(
            production.fetchSplitTest(GatedButtonSplitTest.self).assignment.group
                == GatedButtonSplitTest.bucketedGroup(forUnit: device))
    }

    @Test func aControlDocumentForAnotherEnvironmentIsReportedAndIgnored() {
        let issues = Locked<[SplitTestingIssue]>([])
        let service = Self.service(
            device: Self.device(meets: true), clock: Clock(Self.december), environment: "staging",
            report: { issue in issues.withLock { $0.append(issue) } })
        let control = SplitTestControl(
            sequence: 2, experiments: ["gated_button": .init(status: .stopped)], environment: "production")
        #expect(!service.applyControl(control))
        #expect(issues.withLock { $0 } == [.controlEnvironmentMismatch(document: "production", service: "staging")])
        #expect(service.fetchSplitTest(GatedButtonSplitTest.self).assignment.reason == .bucketed)
    }

    @Test func aControlDocumentCarriesASchedule() throws {
        let control = SplitTestControl(
            sequence: 3,
            experiments: ["gated_button": .init(schedule: SplitTestSchedule(start: 1_700_000_000, end: 1_700_000_100))],
            environment: "staging")
        let read = try SplitTestControl(payloadJSON: control.payloadJSON())
        #expect(read == control)
        #expect(throws: SplitTestControl.PayloadError.self) {
            try SplitTestControl(payloadJSON: Data(#"{"sequence":1,"experiments":{"x":{"schedule":{"start":"2026-12-01T09:00:00"}}}}"#.utf8))
        }
        #expect(throws: SplitTestControl.PayloadError.self) {
            try SplitTestControl(payloadJSON: Data(#"{"sequence":1,"experiments":{"x":{"schedule":{"start":"1969-12-31T23:59:59Z"}}}}"#.utf8))
        }
        // A fraction of a second is dropped, so that the control survives being written and read
        // again (a finding of the control document fuzzer).
        let fraction = try SplitTestControl(payloadJSON: Data(
            #"{"sequence":8,"experiments":{"welc":{"schedule":{"start":"2027-01-15T00:00:00.010Z","end":"3318-12-01T09:00:00Z"}}}}"#.utf8))
        #expect(fraction.experiments["welc"]?.schedule?.start == 1_799_971_200)
        #expect(try SplitTestControl(payloadJSON: fraction.payloadJSON()) == fraction)
    }
}
