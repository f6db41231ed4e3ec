import Benchmark
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The targeting targets: a first-time assignment through five targeting conditions (all
/// holding, so every condition is evaluated) within 1.5× the same experiment without targeting,
/// and the sticky path, which targeting must leave unchanged (stickiness comes first).
func registerTargetingBenchmarks() {
    Benchmark("fetchSplitTest, first-time assignment, five targeting conditions (with associate(user:))") { benchmark in
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: RuntimeFixtures.unitIDs[0], builtInAttributes: BenchmarkTargetedSplitTest.platform))
        service.setAttributes(BenchmarkTargetedSplitTest.custom)
        let users = RuntimeFixtures.userIDs(count: benchmark.scaledIterations.count)
        service.associate(user: "warm-up")
        precondition(
            service.fetchSplitTest(BenchmarkTargetedSplitTest.self).assignment.reason == .bucketed,
            "every condition holds, so the benchmark measures all five")
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            service.associate(user: users[index])
            blackHole(service.fetchSplitTest(BenchmarkTargetedSplitTest.self).currentGroup)
        }
    }

    // The reference of the sticky path: the same user-level experiment without targeting.
    Benchmark("fetchSplitTest, sticky, user-level without targeting") { benchmark in
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: RuntimeFixtures.unitIDs[0], builtInAttributes: BenchmarkTargetedSplitTest.platform))
        service.associate(user: "user-1")
        precondition(service.fetchSplitTest(BenchmarkProfileSplitTest.self).assignment.reason == .bucketed)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(service.fetchSplitTest(BenchmarkProfileSplitTest.self).currentGroup)
        }
    }

    Benchmark("fetchSplitTest, sticky, five targeting conditions") { benchmark in
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: RuntimeFixtures.unitIDs[0], builtInAttributes: BenchmarkTargetedSplitTest.platform))
        service.setAttributes(BenchmarkTargetedSplitTest.custom)
        service.associate(user: "user-1")
        precondition(service.fetchSplitTest(BenchmarkTargetedSplitTest.self).assignment.reason == .bucketed)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(service.fetchSplitTest(BenchmarkTargetedSplitTest.self).currentGroup)
        }
    }
}

/// `BenchmarkProfileSplitTest` with five conditions, as the compiler generates them from
/// `targeting: { app_version: ">= 5.2, < 6", platform: [ios, ipados], region: { not: [CN] },
/// plan: [trial, pro], days_since_install: ">= 7" }`.
struct BenchmarkTargetedSplitTest: SplitTest {
    typealias Group = BenchmarkProfileSplitTest.Group

    static let platform = SplitTestAttributeValues([
        "app_version": .version(SplitTestVersion(components: [5, 3, 1])), "platform": .string("ios"),
        "os_version": .version(SplitTestVersion(components: [17, 4])), "region": .string("US"),
    ])
    static let custom = SplitTestAttributeValues(["plan": .string("pro"), "days_since_install": .int(12)])

    /// The five conditions, which `BenchmarkSegmentedSplitTest` splits over two segments.
    static let conditions = [
            SplitTestCondition(attribute: "app_version", test: .comparisons([
                SplitTestComparison(operator: .greaterThanOrEqual, value: .version(SplitTestVersion(components: [5, 2]))),
                SplitTestComparison(operator: .lessThan, value: .version(SplitTestVersion(components: [6]))),
            ])),
            SplitTestCondition(attribute: "platform", test: .oneOf([.string("ios"), .string("ipados")])),
            SplitTestCondition(attribute: "region", test: .noneOf([.string("CN")])),
            SplitTestCondition(attribute: "plan", test: .oneOf([.string("trial"), .string("pro")])),
            SplitTestCondition(attribute: "days_since_install", test: .comparisons([
                SplitTestComparison(operator: .greaterThanOrEqual, value: .int(7)),
            ])),
        ]

    static let identifier = "profile_redesign"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .user, salt: identifier,
        bucketUpperBounds: [2_500, 5_000, 7_500, 10_000], control: .control,
        targeting: SplitTestTargeting(conditions: conditions))
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}
