@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The golden file's definitions, compiled from `experiments/`, against the runtime's rules.
@Suite struct GeneratedDefinitionTests {
    @Test func definitionsCarryTheCompiledRules() {
        let buttonColor = ButtonColorSplitTest.definition
        #expect(buttonColor.identifier == "button_color")
        #expect(buttonColor.unitType == .device)
        #expect(buttonColor.salt == "button_color")
        #expect(buttonColor.bucketTable.upperBounds == [3334, 6667, 10_000])
        #expect(buttonColor.control == "red")
        #expect(buttonColor.trafficBuckets == 10_000)
        #expect(buttonColor.layer == nil)
        #expect(buttonColor.status == .running)

        #expect(FeedPrefetchSplitTest.definition.salt == "feed_prefetch_2026_11")
        #expect(FeedPrefetchSplitTest.definition.bucketTable.upperBounds == [5000, 7500, 10_000])
        #expect(DifficultyCoefficientSplitTest.definition.unitType == .user)
        #expect(DifficultyCoefficientSplitTest.definition.trafficBuckets == 3000)
        #expect(DifficultyCoefficientSplitTest.definition.bucketTable.upperBounds == [1000, 3000, 10_000])
        #expect(ProfileRedesignSplitTest.definition.trafficBuckets == 8000)
        #expect(CheckoutButtonCopySplitTest.definition.layer == SplitTestLayer(name: "checkout", buckets: 0..<5000))
        #expect(CheckoutExpressPaySplitTest.definition.layer == SplitTestLayer(name: "checkout", buckets: 5000..<10_000))
    }

    @Test func aStoppedExperimentServesItsControlButToForcedUnits() {
        let definition = SearchSuggestionsSplitTest.definition
        #expect(definition.status == .stopped)
        #expect(definition.force.mapValues { definition.groups[$0] } == ["qa-device-1": "ranked"])
        let stopped = definition.resolve(unit: "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        #expect(stopped.reason == .stopped)
        #expect(SearchSuggestionsSplitTest.Group.allCases[stopped.groupIndex] == .control)
        let forced = definition.resolve(unit: "qa-device-1")
        #expect(forced.reason == .forced)
        #expect(SearchSuggestionsSplitTest.Group.allCases[forced.groupIndex] == .ranked)
        #expect(ProjectionBannerSplitTest.definition.controlEntry.force == ["user-42": "show_notification"])
        #expect(ProjectionBannerSplitTest.definition.status == .running)
    }

    @Test func aResolvedExperimentServesItsWinner() {
        let definition = OnboardingTutorialSplitTest.definition
        #expect(definition.status == .resolved(winner: "short_tutorial") && definition.winner == "short_tutorial")
        for unit in ["user-42", "3f2504e0-4f89-11d3-9a0c-0305e82c3301", nil] {
            let resolution = definition.resolve(unit: unit)
            #expect(OnboardingTutorialSplitTest.Group.allCases[resolution.groupIndex] == .shortTutorial)
            #expect(resolution.reason == .resolved)
        }
    }

    /// The first bucketing vector of the "How assignment works" article: `button_color:3f2504e0-…`
    /// falls in bucket 4155, which the bounds [3334, 6667, 10000] give to `blue`.
    @Test func aRunningExperimentBucketsBySpecVector() {
        let resolution = ButtonColorSplitTest.definition.resolve(unit: "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        #expect(resolution.bucket == 4155)
        #expect(resolution.reason == .bucketed)
        #expect(ButtonColorSplitTest.Group.allCases[resolution.groupIndex] == .blue)
        #expect(ButtonColorSplitTest.bucketedGroup(forUnit: "3f2504e0-4f89-11d3-9a0c-0305e82c3301") == .blue)
    }

    @Test func catalogListsEveryExperimentInIdentifierOrder() {
        let identifiers = SplitTestCatalog.all.map { $0.identifier }
        #expect(identifiers == [
            "annual_plan_offer", "app_color_scheme", "button_color", "checkout_button_copy", "checkout_express_pay",
            "checkout_page", "difficulty_coefficient", "feed_prefetch", "home_widget", "onboarding_copy",
            "onboarding_flow", "onboarding_tutorial", "profile_redesign", "projection_banner", "search_suggestions",
            "welcome_offer",
        ])
        #expect(SplitTestCatalog.all.map { $0.definitionIdentifierForTest } == identifiers)
        #expect(SplitTestCatalog.all.contains { $0 == AppColorSchemeTest.self })
    }
}

extension SplitTest {
    /// The type-erased definition's identifier, reached through the protocol as the runtime does.
    fileprivate static var definitionIdentifierForTest: String { definition.identifier }
}
