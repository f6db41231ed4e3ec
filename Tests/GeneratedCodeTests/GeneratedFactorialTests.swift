@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport
import Testing

/// The golden file's multivariate experiments: one enum per factor with its typed params, and a
/// `Group` struct of one level per factor, whose cases are the listed cells in cell order.
@Suite struct GeneratedFactorialTests {
    @Test func cellsAreTheCombinationsInCellOrder() {
        typealias Group = CheckoutPageSplitTest.Group
        #expect(Group.allCases.map(\.rawValue) == [
            "classic+green", "classic+orange", "classic+purple", "urgent+green", "urgent+orange", "urgent+purple",
        ])
        #expect(Group.allCases.map(\.headline) == [.classic, .classic, .classic, .urgent, .urgent, .urgent])
        #expect(Group.allCases.map(\.button) == [.green, .orange, .purple, .green, .orange, .purple])
        #expect(CheckoutPageSplitTest.Headline.allCases.map(\.rawValue) == ["classic", "urgent"])
        #expect(CheckoutPageSplitTest.Button.allCases.map(\.rawValue) == ["green", "orange", "purple"])
        for cell in Group.allCases { #expect(Group(rawValue: cell.rawValue) == cell) }
        #expect(Group(rawValue: "orange+urgent") == nil)
        #expect(Group(rawValue: "urgent+orange+x") == nil)
        #expect(Group(headline: .urgent, button: .orange).rawValue == "urgent+orange")
    }

    @Test func theDefinitionCarriesTheFactorsAndTheWeightedTable() throws {
        let definition = CheckoutPageSplitTest.definition
        #expect(definition.groups == CheckoutPageSplitTest.Group.allCases.map(\.rawValue))
        #expect(definition.control == "classic+green")
        let design = try #require(definition.factorial)
        #expect(design.factors == [
            .init(name: "headline", levels: ["classic", "urgent"]), .init(name: "button", levels: ["green", "orange", "purple"]),
        ])
        #expect(design.isFullFactorial)
        // urgent+orange has weight 2 of 7.
        #expect(definition.bucketTable.bucketCounts == [1429, 1429, 1429, 1428, 2857, 1428])
    }

    @Test func aFractionalDesignRunsOnlyItsListedCells() throws {
        typealias Group = OnboardingFlowSplitTest.Group
        #expect(Group.allCases.map(\.rawValue) == ["three+off+none", "three+on+push", "five+off+push", "five+on+none"])
        #expect(Group(steps: .three, video: .on, reminder: .push)?.rawValue == "three+on+push")
        #expect(Group(steps: .three, video: .on, reminder: .none) == nil)
        #expect(Group(rawValue: "three+off+push") == nil)
        let definition = OnboardingFlowSplitTest.definition
        #expect(definition.factorial?.isFullFactorial == false)
        #expect(definition.resolve(unit: "qa-user-1").groupIndex == 3)
        #expect(OnboardingFlowSplitTest.Steps.allCases.map(\.stepCount) == [3, 5])
    }

    @Test func consumerCodeReadsEachFactorsParams() {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: SplitTestCatalog.all))
        service.associate(user: "user-42")
        let checkout = service.fetchSplitTest(CheckoutPageSplitTest.self)
        let title = checkout.currentGroup.headline.text
        #expect(title == (checkout.currentGroup.headline == .classic ? "Buy now" : "Only today: free delivery"))
        #expect(checkout.currentGroup == CheckoutPageSplitTest.bucketedGroup(forUnit: "user-42"))
        switch checkout.currentGroup.button {
        case .green, .orange, .purple: break
        }
    }

    @Test func theLaunchOverrideNamesACell() {
        let recorder = RecordingTrackingProvider()
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            catalog: SplitTestCatalog.all, tracking: TrackingClient(providers: [recorder]),
            launchOverrides: LaunchOverrides(arguments: ["-SPLIT_TEST_OVERRIDES", "checkout_page=urgent+green"])))
        service.associate(user: "user-42")
        let checkout = service.fetchSplitTest(CheckoutPageSplitTest.self)
        #expect(checkout.currentGroup == CheckoutPageSplitTest.Group(headline: .urgent, button: .green))
        checkout.hitSplitTest()
        #expect(recorder.events.isEmpty, "an override is never exposed")
    }
}
