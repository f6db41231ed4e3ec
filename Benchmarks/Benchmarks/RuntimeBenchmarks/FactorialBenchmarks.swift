import Benchmark
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The multivariate targets: a first-time assignment in a 3×3×2 factorial (18 cells) within 1.2×
/// one in an experiment of 18 plain groups, and its sticky path within 1.05× a plain
/// experiment's (`fetchSplitTest, sticky, user-level without targeting`, of the same unit type).
func registerFactorialBenchmarks() {
    Benchmark("fetchSplitTest, first-time assignment, 18 groups (with associate(user:))") { benchmark in
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: RuntimeFixtures.unitIDs[0]))
        let users = RuntimeFixtures.userIDs(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            service.associate(user: users[index])
            blackHole(service.fetchSplitTest(BenchmarkEighteenGroupsSplitTest.self).currentGroup)
        }
    }

    Benchmark("fetchSplitTest, first-time assignment, 3×3×2 factorial (with associate(user:))") { benchmark in
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: RuntimeFixtures.unitIDs[0]))
        let users = RuntimeFixtures.userIDs(count: benchmark.scaledIterations.count)
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            service.associate(user: users[index])
            blackHole(service.fetchSplitTest(BenchmarkFactorialSplitTest.self).currentGroup)
        }
    }

    Benchmark("fetchSplitTest, sticky, 3×3×2 factorial") { benchmark in
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: RuntimeFixtures.unitIDs[0]))
        service.associate(user: "user-1")
        precondition(service.fetchSplitTest(BenchmarkFactorialSplitTest.self).assignment.reason == .bucketed)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(service.fetchSplitTest(BenchmarkFactorialSplitTest.self).currentGroup)
        }
    }
}

/// A user-level experiment of 18 equal groups, as the compiler would generate it.
struct BenchmarkEighteenGroupsSplitTest: SplitTest {
    enum Group: String, SplitTestGroup {
        case g00, g01, g02, g03, g04, g05, g06, g07, g08, g09, g10, g11, g12, g13, g14, g15, g16, g17
    }

    static let identifier = "eighteen_groups"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .user, salt: identifier,
        bucketUpperBounds: BenchmarkFactorialSplitTest.bounds, control: .g00)
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A user-level 3×3×2 full factorial of equal weights, as the compiler generates it from
/// `factors: { layout: [grid, list, cards], price: [monthly, yearly, lifetime], badge: [none, star] }`.
struct BenchmarkFactorialSplitTest: SplitTest {
    enum Layout: String, CaseIterable, Sendable { case grid, list, cards }
    enum Price: String, CaseIterable, Sendable { case monthly, yearly, lifetime }
    enum Badge: String, CaseIterable, Sendable { case none, star }

    struct Group: SplitTestGroup {
        let layout: Layout
        let price: Price
        let badge: Badge

        static let allCases: [Group] = [
            Group(.grid, .monthly, .none), Group(.grid, .monthly, .star), Group(.grid, .yearly, .none),
            Group(.grid, .yearly, .star), Group(.grid, .lifetime, .none), Group(.grid, .lifetime, .star),
            Group(.list, .monthly, .none), Group(.list, .monthly, .star), Group(.list, .yearly, .none),
            Group(.list, .yearly, .star), Group(.list, .lifetime, .none), Group(.list, .lifetime, .star),
            Group(.cards, .monthly, .none), Group(.cards, .monthly, .star), Group(.cards, .yearly, .none),
            Group(.cards, .yearly, .star), Group(.cards, .lifetime, .none), Group(.cards, .lifetime, .star),
        ]

        init(layout: Layout, price: Price, badge: Badge) {
            self.init(layout, price, badge)
        }

        init?(rawValue: String) {
            let levels = rawValue.split(separator: "+", omittingEmptySubsequences: false)
            guard levels.count == 3,
                let layout = Layout(rawValue: String(levels[0])),
                let price = Price(rawValue: String(levels[1])),
                let badge = Badge(rawValue: String(levels[2]))
            else { return nil }
            self.init(layout, price, badge)
        }

        var rawValue: String { "\(layout.rawValue)+\(price.rawValue)+\(badge.rawValue)" }

        fileprivate init(_ layout: Layout, _ price: Price, _ badge: Badge) {
            self.layout = layout
            self.price = price
            self.badge = badge
        }
    }

    /// 18 equal shares of the 10,000 buckets, as the largest-remainder method gives them.
    static let bounds = [
        556, 1_112, 1_668, 2_224, 2_780, 3_336, 3_892, 4_448, 5_004, 5_560, 6_115, 6_670, 7_225, 7_780, 8_335, 8_890,
        9_445, 10_000,
    ]

    static let identifier = "paywall_layout"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self,
        factors: [.init(name: "layout", levels: Layout.self), .init(name: "price", levels: Price.self), .init(name: "badge", levels: Badge.self)],
        unitType: .user, salt: identifier, bucketUpperBounds: bounds, control: Group(.grid, .monthly, .none))
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}
