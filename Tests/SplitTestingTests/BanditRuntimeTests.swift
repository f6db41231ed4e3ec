import Foundation
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
import SplitTestingTestSupport
import Testing
import SplitTestFormats

/// A control document's weights and period at run time: they bucket units not yet assigned, units
/// already assigned keep their group and their period, and exposures say which period that was.
@Suite struct BanditRuntimeTests {
    static func control(sequence: Int, weights: [String: Double], period: Int) -> SplitTestControl {
        SplitTestControl(sequence: sequence, experiments: ["onboarding_copy": .init(weights: weights, period: period)])
    }

    static func service(
        device: String, store: any AssignmentStore, tracking: RecordingTrackingProvider = RecordingTrackingProvider(),
        issues: IssueRecorder = IssueRecorder(), control: SplitTestControl? = nil
    ) -> SplitTestingService {
        SplitTestingService(configuration: .init(
            store: store, deviceID: device, catalog: [OnboardingCopySplitTest.self, ButtonColorSplitTest.self],
            tracking: TrackingClient(providers: [tracking]), report: issues.report,
            builtInAttributes: SplitTestAttributeValues([:])).with(control: control))
    }

    /// The period property of the exposures `tracking` recorded for `experiment`.
    static func exposedPeriods(_ tracking: RecordingTrackingProvider, experiment: String = "onboarding_copy") -> [TrackingValue?] {
        tracking.events.filter {
            $0.identifier == TrackingEvent.exposureIdentifier && $0.properties[TrackingEvent.Property.experiment] == .string(experiment)
        }.map { $0.properties[TrackingEvent.Property.period] }
    }

    @Test func newWeightsBucketNewUnitsByConsecutiveRanges() throws {
        let entry = SplitTestControl.Entry(weights: ["short": 12.34, "story": 0, "video": 87.66], period: 3)
        let definition = try OnboardingCopySplitTest.definition.applying(entry).get()
        #expect(definition.bucketTable.upperBounds == [1234, 1234, 10_000])
        #expect(definition.period == 3)
        var counts = [0, 0, 0]
        for index in 0..<20_000 {
            let unit = "device-\(index)"
            let resolution = definition.resolve(unit: unit)
            let bucket = Bucketing.bucket(salt: "onboarding_copy", unit: unit, purpose: .group)
            #expect(resolution.groupIndex == (bucket < 1234 ? 0 : 2), "bucket \(bucket)")
            counts[resolution.groupIndex] += 1
        }
        #expect(counts[1] == 0, "a weight of 0 receives no new unit")
        #expect(abs(Double(counts[0]) / 20_000 - 0.1234) < 0.01, "\(counts)")
    }

    @Test func aUnitAssignedBeforeKeepsItsGroupAndPeriodWhileNewUnitsFollowTheWeights() {
        let store = InMemoryAssignmentStore()
        // Units first seen under the compiled weights: period 0.
        let early = (0..<40).map { "early-\($0)" }
        var earlyGroups: [String: OnboardingCopySplitTest.Group] = [:]
        for unit in early {
            let tracking = RecordingTrackingProvider()
            let test = Self.service(device: unit, store: store, tracking: tracking).fetchSplitTest(OnboardingCopySplitTest.self)
            test.hitSplitTest()
            earlyGroups[unit] = test.currentGroup
            #expect(Self.exposedPeriods(tracking) == [.int(0)])
        }
        #expect(Set(earlyGroups.values).count == 3, "the compiled weights spread the early units")

        // Period 1 sends every new unit to `video`; the early units keep their group and period 0.
        let document = Self.control(sequence: 10, weights: ["short": 0, "story": 0, "video": 100], period: 1)
        for unit in early {
            let tracking = RecordingTrackingProvider()
            let test = Self.service(device: unit, store: store, tracking: tracking, control: document)
                .fetchSplitTest(OnboardingCopySplitTest.self)
            test.hitSplitTest()
            #expect(test.currentGroup == earlyGroups[unit] && test.assignment.reason == .sticky)
            #expect(Self.exposedPeriods(tracking) == [.int(0)])
        }
        for index in 0..<40 {
            let tracking = RecordingTrackingProvider()
            let test = Self.service(device: "late-\(index)", store: store, tracking: tracking, control: document)
                .fetchSplitTest(OnboardingCopySplitTest.self)
            test.hitSplitTest()
            #expect(test.currentGroup == .video && test.assignment.reason == .bucketed)
            #expect(Self.exposedPeriods(tracking) == [.int(1)])
            #expect(store.string(for: StorageKey.period(experiment: "onboarding_copy", unit: "late-\(index)")) == "1")
        }
    }

    @Test func thePeriodOfTheFirstAssignmentSurvivesARelaunchUnderALaterPeriod() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let url = folder.url.appendingPathComponent("split-tests.json")
        let device = unitID { OnboardingCopySplitTest.bucketedGroup(forUnit: $0) == .story }
        do {
            let store = FileAssignmentStore(fileURL: url)
            let first = Self.service(
                device: device, store: store,
                control: Self.control(sequence: 1, weights: ["short": 33.34, "story": 33.33, "video": 33.33], period: 4))
            #expect(first.fetchSplitTest(OnboardingCopySplitTest.self).currentGroup == .story)
            store.flush()
        }
        let tracking = RecordingTrackingProvider()
        let relaunched = Self.service(
            device: device, store: FileAssignmentStore(fileURL: url), tracking: tracking,
            control: Self.control(sequence: 2, weights: ["short": 100, "story": 0, "video": 0], period: 5))
        let test = relaunched.fetchSplitTest(OnboardingCopySplitTest.self)
        test.hitSplitTest()
        #expect(test.currentGroup == .story && test.assignment.reason == .sticky)
        #expect(Self.exposedPeriods(tracking) == [.int(4)])
    }

    @Test func aGroupStoredByABuildThatKnewNoPeriodsIsKeptAsPeriodZero() {
        let device = unitID { OnboardingCopySplitTest.bucketedGroup(forUnit: $0) == .short }
        // What an older build stored: the group alone, under the key it always used.
        let store = InMemoryAssignmentStore([StorageKey.assignment(experiment: "onboarding_copy", unit: device): "video"])
        let tracking = RecordingTrackingProvider()
        let service = Self.service(
            device: device, store: store, tracking: tracking,
            control: Self.control(sequence: 3, weights: ["short": 100, "story": 0, "video": 0], period: 2))
        let test = service.fetchSplitTest(OnboardingCopySplitTest.self)
        test.hitSplitTest()
        #expect(test.currentGroup == .video && test.assignment.reason == .sticky)
        #expect(Self.exposedPeriods(tracking) == [.int(0)])
        #expect(store.string(for: StorageKey.period(experiment: "onboarding_copy", unit: device)) == nil, "nothing written")
    }

    @Test func theFirstPeriodStoredWinsForEveryServiceSharingTheStore() {
        let store = InMemoryAssignmentStore()
        let device = "shared-device"
        let app = Self.service(
            device: device, store: store, control: Self.control(sequence: 1, weights: ["short": 0, "story": 100, "video": 0], period: 6))
        let widgetTracking = RecordingTrackingProvider()
        let widget = Self.service(
            device: device, store: store, tracking: widgetTracking,
            control: Self.control(sequence: 2, weights: ["short": 0, "story": 0, "video": 100], period: 7))
        #expect(app.fetchSplitTest(OnboardingCopySplitTest.self).currentGroup == .story)
        let seen = widget.fetchSplitTest(OnboardingCopySplitTest.self)
        seen.hitSplitTest()
        #expect(seen.currentGroup == .story)
        #expect(Self.exposedPeriods(widgetTracking) == [.int(6)])
    }

    @Test func anExperimentThatIsNoBanditExposesNoPeriodAndStoresNone() {
        let store = InMemoryAssignmentStore()
        let tracking = RecordingTrackingProvider()
        let service = Self.service(device: "plain", store: store, tracking: tracking)
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        #expect(Self.exposedPeriods(tracking, experiment: "button_color") == [nil])
        #expect(store.snapshot.keys.allSatisfy { !$0.string.hasPrefix(StorageKey.periodPrefix) })
    }

    static let badWeights: [(SplitTestControl.Entry, SplitTestingIssue)] = [
        (.init(weights: ["short": 50, "stroy": 50], period: 2), .controlGroupNotFound(experiment: "onboarding_copy", group: "stroy")),
        (.init(weights: ["short": 50, "story": 49.99], period: 2),
         .controlEntryInvalid(experiment: "onboarding_copy", reason: "weights sum to 99.99 percent, not 100")),
        (.init(weights: ["short": 110, "story": -10], period: 2),
         .controlEntryInvalid(experiment: "onboarding_copy", reason: "weight -10.0 of group 'story' is negative")),
        (.init(weights: ["short": 33.333, "story": 66.667], period: 2),
         .controlEntryInvalid(experiment: "onboarding_copy", reason: "weight 33.333 of group 'short' is finer than 0.01 percent")),
        (.init(weights: ["short": 100], period: 0),
         .controlEntryInvalid(experiment: "onboarding_copy", reason: "period 0 is not a positive integer")),
    ]

    @Test(arguments: 0..<badWeights.count) func badWeightsRejectTheirEntryAndTheRestApplies(_ index: Int) {
        let (entry, issue) = Self.badWeights[index]
        let issues = IssueRecorder()
        let device = unitID {
            ButtonColorSplitTest.bucketedGroup(forUnit: $0) != .blue && OnboardingCopySplitTest.bucketedGroup(forUnit: $0) == .story
        }
        let control = SplitTestControl(sequence: 9, experiments: [
            "onboarding_copy": entry, "button_color": .init(force: [device: "blue"]),
        ])
        let service = Self.service(device: device, store: FileBackedNothing(), issues: issues, control: control)
        #expect(issues.issues == [issue])
        // The rejected entry leaves the compiled weights and period; the other entry applies.
        let test = service.fetchSplitTest(OnboardingCopySplitTest.self)
        #expect(test.currentGroup == .story && test.assignment.period == 0)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .forced)
    }

    @Test func aBanditWithAnInMemoryStoreIsReportedOnce() {
        let issues = IssueRecorder()
        let service = Self.service(device: "d", store: InMemoryAssignmentStore(), issues: issues)
        _ = service.fetchSplitTest(OnboardingCopySplitTest.self)
        service.applyControl(Self.control(sequence: 1, weights: ["short": 50, "story": 25, "video": 25], period: 1))
        _ = service.fetchSplitTest(OnboardingCopySplitTest.self)
        #expect(issues.issues == [.banditWithoutPersistentStore(experiment: "onboarding_copy")])
        #expect(issues.issues.first?.description.contains("bucketed again at the next start") == true)

        // Outside the catalog: reported when first resolved, still once.
        let uncatalogued = IssueRecorder()
        let other = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: "d", report: uncatalogued.report))
        #expect(uncatalogued.issues.isEmpty)
        _ = other.fetchSplitTest(OnboardingCopySplitTest.self)
        _ = other.fetchSplitTest(OnboardingCopySplitTest.self)
        #expect(uncatalogued.issues == [.banditWithoutPersistentStore(experiment: "onboarding_copy")])

        // A store that persists is not reported.
        let persistent = IssueRecorder()
        _ = Self.service(device: "d", store: FileBackedNothing(), issues: persistent).fetchSplitTest(OnboardingCopySplitTest.self)
        #expect(persistent.issues.isEmpty)
    }

    @Test func thousandTasksStoreOnePeriodAndSendOneExposurePerUnit() async throws {
        let store = CountingAssignmentStore()
        let tracking = RecordingTrackingProvider()
        let service = Self.service(
            device: "busy-device", store: store, tracking: tracking,
            control: Self.control(sequence: 1, weights: ["short": 20, "story": 30, "video": 50], period: 8))
        let groups = await withTaskGroup(of: OnboardingCopySplitTest.Group.self) { group in
            for index in 0..<1000 {
                group.addTask {
                    if index % 100 == 0 {
                        service.applyControl(Self.control(sequence: 1 + index, weights: ["short": 10, "story": 10, "video": 80], period: 8 + index))
                    }
                    let test = service.fetchSplitTest(OnboardingCopySplitTest.self)
                    test.hitSplitTest()
                    return test.currentGroup
                }
            }
            return await group.reduce(into: Set()) { $0.insert($1) }
        }
        #expect(groups.count == 1)
        let key = StorageKey.period(experiment: "onboarding_copy", unit: "busy-device")
        #expect(store.writeCount(for: key) == 1)
        // Whichever document was in force at the first bucketing, the exposure says that period.
        let stored = try #require(store.snapshot[UTF8Key(key)].flatMap { Int($0) })
        #expect(stored >= 8)
        #expect(Self.exposedPeriods(tracking) == [.int(stored)])
    }
}

/// A store that persists as far as the service can tell: not an `InMemoryAssignmentStore`.
final class FileBackedNothing: AssignmentStore {
    private let inner = InMemoryAssignmentStore()
    func string(for key: String) -> String? { inner.string(for: key) }
    func set(_ value: String, for key: String) { inner.set(value, for: key) }
    func removeValue(for key: String) { inner.removeValue(for: key) }
}
