import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// Each step of the resolution order, with the reason it reports.
@Suite struct ResolutionTests {
    static let device = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

    @Test func bucketedGroupFollowsTheSpecificationAndIsStored() {
        let store = InMemoryAssignmentStore()
        let service = SplitTestingService(configuration: .init(store: store, deviceID: Self.device))
        let test = service.fetchSplitTest(ButtonColorSplitTest.self)
        // Bucket 4155 of the specification's table lies in blue's range 3334..<6667.
        #expect(test.currentGroup == .blue)
        #expect(test.assignment.reason == .bucketed)
        #expect(test.assignment.unitID == Self.device)
        #expect(test.assignment.experiment == "button_color")
        #expect(store.snapshot[UTF8Key(StorageKey.assignment(experiment: "button_color", unit: Self.device))] == "blue")
        // From now on the group is stored: later fetches find it, as step 3 of the order would.
        let again = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(again.currentGroup == .blue)
        #expect(again.assignment.reason == .sticky)
    }

    @Test func bucketedGroupMatchesTheDefinitionForManyUnits() {
        for index in 0..<200 {
            let unit = "device-\(index)"
            let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: unit))
            let group = service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
            #expect(group == ButtonColorSplitTest.bucketedGroup(forUnit: unit))
        }
    }

    @Test func storedGroupIsSticky() {
        let key = StorageKey.assignment(experiment: "button_color", unit: Self.device)
        let store = InMemoryAssignmentStore([key: "dark_gray"])
        let service = SplitTestingService(configuration: .init(store: store, deviceID: Self.device))
        let test = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(test.currentGroup == .darkGray)
        #expect(test.assignment.reason == .sticky)
    }

    @Test func overrideWinsOverEverything() {
        let key = StorageKey.assignment(experiment: "button_color", unit: Self.device)
        let store = InMemoryAssignmentStore([key: "dark_gray"])
        let service = SplitTestingService(configuration: .init(store: store, deviceID: Self.device))
        service.setOverride(ButtonColorSplitTest.self, group: .red)
        service.setOverride(AppColorSchemeSplitTest.self, group: .light)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .override)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == .red)
        #expect(service.fetchSplitTest(AppColorSchemeSplitTest.self).currentGroup == .light)
        service.removeOverride(ButtonColorSplitTest.self)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == .darkGray)
    }

    @Test func resolvedExperimentServesItsWinnerWithoutStoringIt() {
        let key = StorageKey.assignment(experiment: "app_color_scheme", unit: Self.device)
        let store = InMemoryAssignmentStore([key: "light"])
        let service = SplitTestingService(configuration: .init(store: store, deviceID: Self.device))
        let test = service.fetchSplitTest(AppColorSchemeSplitTest.self)
        #expect(test.currentGroup == .dark)
        #expect(test.assignment.reason == .resolved)
    }

    @Test func userLevelExperimentWithoutUserServesControl() {
        let store = InMemoryAssignmentStore()
        let service = SplitTestingService(configuration: .init(store: store))
        let test = service.fetchSplitTest(OnboardingSplitTest.self)
        #expect(test.currentGroup == .control)
        #expect(test.assignment.reason == .noUser)
        #expect(test.assignment.unitID == nil)
        #expect(!store.snapshot.keys.contains { $0.string.hasPrefix(StorageKey.assignmentPrefix) })
    }

    @Test func unitOutsideTrafficServesControlAndIsNotStored() {
        let rules = ProfileRedesignSplitTest.definition
        let outside = unitID { !rules.isEnrolled(unit: $0) }
        let inside = unitID { rules.isEnrolled(unit: $0) }
        let store = InMemoryAssignmentStore()
        let service = SplitTestingService(configuration: .init(store: store))
        service.associate(user: outside)
        let notEnrolled = service.fetchSplitTest(ProfileRedesignSplitTest.self)
        #expect(notEnrolled.currentGroup == .control)
        #expect(notEnrolled.assignment.reason == .notEnrolled)
        #expect(store.string(for: StorageKey.assignment(experiment: "profile_redesign", unit: outside)) == nil)
        service.associate(user: inside)
        #expect(service.fetchSplitTest(ProfileRedesignSplitTest.self).assignment.reason == .bucketed)
    }

    @Test func experimentsOfOneLayerNeverShareAUnit() {
        var enrolled = (copy: 0, button: 0)
        for index in 0..<400 {
            let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: "device-\(index)"))
            let copy = service.fetchSplitTest(CheckoutCopySplitTest.self).assignment.reason
            let button = service.fetchSplitTest(CheckoutButtonSplitTest.self).assignment.reason
            #expect(!(copy.isEnrolled && button.isEnrolled))
            #expect(copy.isEnrolled || button.isEnrolled, "the two halves cover the whole layer")
            if copy.isEnrolled { enrolled.copy += 1 }
            if button.isEnrolled { enrolled.button += 1 }
        }
        #expect(enrolled.copy > 100 && enrolled.button > 100)
    }
}
