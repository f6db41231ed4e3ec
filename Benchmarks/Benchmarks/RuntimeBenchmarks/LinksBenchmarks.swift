import Benchmark
@_spi(Generated) @_spi(Tools) import SplitTesting

/// Segments and prerequisites: a first-time assignment whose five conditions come from two
/// segments, behind a prerequisite every unit meets (so the prerequisite is resolved and stored
/// too), within 1.5× the same five conditions inline; and the sticky path unchanged.
func registerLinksBenchmarks() {
    Benchmark("fetchSplitTest, first-time assignment, two segments and a prerequisite (with associate(user:))") { benchmark in
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: RuntimeFixtures.unitIDs[0], builtInAttributes: BenchmarkTargetedSplitTest.platform))
        service.setAttributes(BenchmarkTargetedSplitTest.custom)
        let users = RuntimeFixtures.userIDs(count: benchmark.scaledIterations.count)
        service.associate(user: "warm-up")
        precondition(
            service.fetchSplitTest(BenchmarkSegmentedSplitTest.self).assignment.reason == .bucketed,
            "every segment holds and every unit meets the prerequisite, so the benchmark measures all of them")
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            service.associate(user: users[index])
            blackHole(service.fetchSplitTest(BenchmarkSegmentedSplitTest.self).currentGroup)
        }
    }

    Benchmark("fetchSplitTest, sticky, two segments and a prerequisite") { benchmark in
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: RuntimeFixtures.unitIDs[0], builtInAttributes: BenchmarkTargetedSplitTest.platform))
        service.setAttributes(BenchmarkTargetedSplitTest.custom)
        service.associate(user: "user-1")
        precondition(service.fetchSplitTest(BenchmarkSegmentedSplitTest.self).assignment.reason == .bucketed)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(service.fetchSplitTest(BenchmarkSegmentedSplitTest.self).currentGroup)
        }
    }
}

/// `BenchmarkTargetedSplitTest`'s five conditions split over two segments (the platform's three,
/// the plan's two), requiring any group of `BenchmarkPrerequisiteSplitTest`.
struct BenchmarkSegmentedSplitTest: SplitTest {
    typealias Group = BenchmarkProfileSplitTest.Group

    static let device = SplitTestSegment(
        name: "current_apple_devices", conditions: Array(BenchmarkTargetedSplitTest.conditions[0..<3]))
    static let paying = SplitTestSegment(
        name: "paying_users", conditions: Array(BenchmarkTargetedSplitTest.conditions[3..<5]))

    static let identifier = "profile_redesign_gated"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .user, salt: identifier,
        bucketUpperBounds: [2_500, 5_000, 7_500, 10_000], control: .control,
        targeting: SplitTestTargeting(conditions: [], segments: [device, paying]),
        requirements: [SplitTestRequirement(BenchmarkPrerequisiteSplitTest.self, groups: [.old, .new])])
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// The experiment `BenchmarkSegmentedSplitTest` requires: two groups, both of which meet it.
struct BenchmarkPrerequisiteSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case old, new }

    static let identifier = "onboarding_prerequisite"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .user, salt: identifier,
        bucketUpperBounds: [5_000, 10_000], control: .old)
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}
