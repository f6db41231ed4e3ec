@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The golden file's group enums and typed parameters, as the runtime sees them.
@Suite struct GeneratedGroupTests {
    @Test func groupRawValuesKeepDeclarationOrder() {
        #expect(ButtonColorSplitTest.Group.allCases.map(\.rawValue) == ["red", "blue", "dark_gray"])
        #expect(ProfileRedesignSplitTest.Group.allCases.map(\.rawValue)
            == ["control", "control_check", "new_profile_v1", "new_profile_v2"])
        #expect(OnboardingTutorialSplitTest.Group.allCases
            == [.fullTutorial, .shortTutorial, .noTutorial])
        #expect(ButtonColorSplitTest.Group(rawValue: "dark_gray") == .darkGray)
        #expect(ButtonColorSplitTest.Group(rawValue: "darkGray") == nil)
    }

    @Test func parametersHaveTheirTypesAndValues() {
        #expect(ButtonColorSplitTest.Group.allCases.map(\.color) == ["#FF3B30", "#007AFF", "#3A3A3C"])
        // `blue` leaves corner_radius out; `defaults:` supplies 8.
        #expect(ButtonColorSplitTest.Group.allCases.map(\.cornerRadius) == [8, 8, 12])
        // An Int in one group and a Double in another widen to Double.
        let coefficients: [Double] = DifficultyCoefficientSplitTest.Group.allCases.map(\.coefficient)
        #expect(coefficients == [1.0, 1.1, 1.5])
        #expect(FeedPrefetchSplitTest.Group.allCases.map(\.timeoutSeconds) == [5.0, 2.5, 5.0])
        #expect(FeedPrefetchSplitTest.Group.allCases.map(\.imageCost) == [1, 1, 1])
        #expect(FeedPrefetchSplitTest.Group.aggressive.maxPrefetchCost == 24)
        let followsSystem: [Bool] = AppColorSchemeTest.Group.allCases.map(\.followsSystem)
        #expect(followsSystem == [true, false, false])
        #expect(CheckoutButtonCopySplitTest.Group.paySecurely.title == "Pay securely")
    }

    @Test func aValueWrapsItsAssignment() {
        let assignment = SplitTestAssignment<ButtonColorSplitTest.Group>(
            experiment: ButtonColorSplitTest.identifier, group: .darkGray, reason: .override)
        let test = ButtonColorSplitTest(assignment: assignment)
        #expect(test.currentGroup == .darkGray)
        #expect(test.currentGroup.cornerRadius == 12)
        #expect(test.assignment.reason == .override)
    }

    @Test func generatedTestsAreEqualWhenTheyHoldTheSameAssignment() {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: "device-1", catalog: SplitTestCatalog.all))
        service.setOverride(ButtonColorSplitTest.self, group: .darkGray)
        let fetched = service.fetchSplitTest(ButtonColorSplitTest.self)
        // Made without a service, so its hits report nowhere: still equal.
        let expected = ButtonColorSplitTest(assignment: SplitTestAssignment(
            experiment: "button_color", group: .darkGray, reason: .override, unitID: "device-1"))
        #expect(fetched == expected)
        #expect(fetched != ButtonColorSplitTest(assignment: SplitTestAssignment(
            experiment: "button_color", group: .blue, reason: .override, unitID: "device-1")))
        #expect(fetched != ButtonColorSplitTest(assignment: SplitTestAssignment(
            experiment: "button_color", group: .darkGray, reason: .override, unitID: "device-2")))
    }
}
