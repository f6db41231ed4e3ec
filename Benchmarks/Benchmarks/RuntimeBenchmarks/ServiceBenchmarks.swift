import Benchmark
@_spi(Generated) @_spi(Tools) import SplitTesting

/// `fetchSplitTest` on its two paths: sticky (the experiment was already resolved for this unit,
/// the path an app takes on every screen) and first-time (bucketing, then storing the group).
func registerServiceBenchmarks() {
    Benchmark("fetchSplitTest, sticky") { benchmark in
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: RuntimeFixtures.unitIDs[0]))
        let first = service.fetchSplitTest(BenchmarkButtonColorSplitTest.self)
        precondition(first.assignment.reason == .bucketed, "the first fetch buckets the device")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(service.fetchSplitTest(BenchmarkButtonColorSplitTest.self).currentGroup)
        }
    }

    // Each operation signs in a user never seen before, so the fetch buckets and stores.
    Benchmark("fetchSplitTest, first-time assignment (with associate(user:))") { benchmark in
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: RuntimeFixtures.unitIDs[0]))
        let users = RuntimeFixtures.userIDs(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            service.associate(user: users[index])
            blackHole(service.fetchSplitTest(BenchmarkProfileSplitTest.self).currentGroup)
        }
    }
}

/// A device-level experiment of three groups, written as the compiler would generate it.
struct BenchmarkButtonColorSplitTest: SplitTest {
    enum Group: String, SplitTestGroup {
        case red, blue
        case darkGray = "dark_gray"
    }

    static let identifier = "button_color"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .device, salt: identifier,
        bucketUpperBounds: [3_334, 6_667, 10_000], control: .red)
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A user-level experiment of four equal groups with 100% traffic.
struct BenchmarkProfileSplitTest: SplitTest {
    enum Group: String, SplitTestGroup {
        case control
        case controlCheck = "control_check"
        case newProfileV1 = "new_profile_v1"
        case newProfileV2 = "new_profile_v2"
    }

    static let identifier = "profile_redesign"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .user, salt: identifier,
        bucketUpperBounds: [2_500, 5_000, 7_500, 10_000], control: .control)
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}
