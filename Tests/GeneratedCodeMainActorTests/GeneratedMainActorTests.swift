@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// This target is built with `.defaultIsolation(MainActor.self)`: these functions are
/// `nonisolated` on purpose, so they compile only if the generated types are nonisolated too.
nonisolated func catalogIdentifiers() -> [String] {
    SplitTestCatalog.all.map { $0.identifier }
}

nonisolated func buttonColorParameters(_ group: ButtonColorSplitTest.Group) -> (String, Int) {
    (group.color, group.cornerRadius)
}

nonisolated func resolvedWinner() -> OnboardingTutorialSplitTest.Group {
    let rules = OnboardingTutorialSplitTest.definition
    return OnboardingTutorialSplitTest.Group.allCases[rules.resolve(unit: "user-42").groupIndex]
}

nonisolated func proAttributes() -> SplitTestAttributeValues {
    SplitTestAttributes(plan: .pro, daysSinceInstall: 9).attributeValues
}

/// `==` of generated tests, from nonisolated code: compiles only if their equality is nonisolated.
nonisolated func sameResolution<T: SplitTest>(_ left: T, _ right: T) -> Bool {
    left == right
}

nonisolated func checkoutHeadlines() -> [String] {
    CheckoutPageSplitTest.Group.allCases.map { $0.headline.text }
}

nonisolated func onboardingCell(_ name: String) -> OnboardingFlowSplitTest.Group? {
    OnboardingFlowSplitTest.Group(rawValue: name)
}

nonisolated func fetchedGroup<T: SplitTest>(_ type: T.Type, from service: SplitTestingService) -> T.Group {
    service.fetchSplitTest(type).currentGroup
}

@Suite struct GeneratedMainActorTests {
    @Test func generatedTypesAreUsableFromNonisolatedCode() {
        #expect(catalogIdentifiers().count == 16)
        #expect(catalogIdentifiers().first == "annual_plan_offer")
        #expect(proAttributes()["plan"] == .string("pro"))
        #expect(buttonColorParameters(.darkGray) == ("#3A3A3C", 12))
        #expect(resolvedWinner() == .shortTutorial)
        let blue = ButtonColorSplitTest(assignment: .init(experiment: "button_color", group: .blue, reason: .override))
        let red = ButtonColorSplitTest(assignment: .init(experiment: "button_color", group: .red, reason: .override))
        #expect(sameResolution(blue, ButtonColorSplitTest(assignment: blue.assignment)))
        #expect(!sameResolution(blue, red))
        #expect(blue != red)
        #expect(checkoutHeadlines().first == "Buy now")
        #expect(onboardingCell("five+on+none")?.video == .on)
        #expect(onboardingCell("five+on+push") == nil)
    }

    @Test func generatedTypesCrossIntoDetachedTasks() async {
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", catalog: SplitTestCatalog.all))
        let group = await Task.detached {
            fetchedGroup(ButtonColorSplitTest.self, from: service)
        }.value
        // This device's group bucket for button_color is 4155 (a vector of HowAssignmentWorks.md),
        // which belongs to blue.
        #expect(group == .blue)
        let winner = await Task.detached { fetchedGroup(OnboardingTutorialSplitTest.self, from: service) }.value
        #expect(winner == .shortTutorial)
        let definition = await Task.detached { ButtonColorSplitTest.definition }.value
        #expect(definition.bucketTable.upperBounds == [3334, 6667, 10_000])
    }

    @Test func groupsAndParametersOnTheMainActor() {
        #expect(ButtonColorSplitTest.Group.allCases.map(\.rawValue) == ["red", "blue", "dark_gray"])
        #expect(DifficultyCoefficientSplitTest.Group.allCases.map(\.coefficient) == [1.0, 1.1, 1.5])
        #expect(ProfileRedesignSplitTest.definition.unitType == .user)
    }
}

/// A typed event built and sent from nonisolated code: compiles only if the generated events and
/// their `track(_:)` are nonisolated.
nonisolated func trackPurchase(on service: SplitTestingService) -> String {
    let event = SplitTestEvents.purchase(revenue: 3.99, currency: .gbp, isFirst: true)
    service.track(event)
    return event.name + ":" + (event.properties["currency"]?.description ?? "")
}

@Suite struct GeneratedEventsMainActorTests {
    @Test func eventsAreUsableFromNonisolatedCode() async {
        let service = SplitTestingService(configuration: .init(store: .inMemory, deviceID: "d", catalog: SplitTestCatalog.all))
        let sent = await Task.detached { trackPurchase(on: service) }.value
        #expect(sent == "purchase:gbp")
    }
}
