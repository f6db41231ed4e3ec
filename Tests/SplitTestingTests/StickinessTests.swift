import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting

/// Groups survive relaunches and later releases' weight changes; removed groups do not.
@Suite struct StickinessTests {
    @Test func secondLaunchServesTheStoredGroupAndTheSameDevice() {
        let store = InMemoryAssignmentStore()
        let first = SplitTestingService(configuration: .init(store: store))
        let firstGroup = first.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
        let second = SplitTestingService(configuration: .init(store: store))
        let test = second.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(second.deviceID == first.deviceID)
        #expect(test.currentGroup == firstGroup)
        #expect(test.assignment.reason == .sticky)
    }

    @Test func weightChangeDoesNotMoveStoredUnits() {
        // Units bucketed into blue or dark_gray would be red after the reweighting.
        let moved = (0..<50).map { "device-\($0)" }.filter {
            ButtonColorSplitTest.bucketedGroup(forUnit: $0) != .red
        }
        #expect(moved.count > 10)
        for unit in moved {
            let store = InMemoryAssignmentStore()
            let before = SplitTestingService(configuration: .init(store: store, deviceID: unit))
                .fetchSplitTest(ButtonColorSplitTest.self).currentGroup
            let after = SplitTestingService(configuration: .init(store: store, deviceID: unit))
                .fetchSplitTest(ButtonColorReweightedSplitTest.self)
            #expect(ButtonColorReweightedSplitTest.bucketedGroup(forUnit: unit) == .red)
            #expect(after.currentGroup == before)
            #expect(after.assignment.reason == .sticky)
        }
    }

    @Test func removedGroupIsDiscardedReportedAndResolvedAfresh() {
        let unit = unitID { ButtonColorSplitTest.bucketedGroup(forUnit: $0) == .darkGray }
        let store = InMemoryAssignmentStore()
        let key = StorageKey.assignment(experiment: "button_color", unit: unit)
        _ = SplitTestingService(configuration: .init(store: store, deviceID: unit))
            .fetchSplitTest(ButtonColorSplitTest.self)
        #expect(store.string(for: key) == "dark_gray")

        let issues = IssueRecorder()
        let next = SplitTestingService(configuration: .init(store: store, deviceID: unit, report: issues.report))
        let test = next.fetchSplitTest(ButtonColorWithoutDarkGraySplitTest.self)
        #expect(test.currentGroup == ButtonColorWithoutDarkGraySplitTest.bucketedGroup(forUnit: unit))
        #expect(test.assignment.reason == .bucketed)
        #expect(store.string(for: key) == test.currentGroup.rawValue)
        #expect(issues.issues == [.storedGroupNotFound(experiment: "button_color", unit: unit, group: "dark_gray")])
        #expect(issues.issues.first?.description.contains("dark_gray") == true)
    }

    @Test func storedValueThatIsNotAGroupIsReportedAndReplaced() {
        let unit = "device-1"
        let key = StorageKey.assignment(experiment: "button_color", unit: unit)
        let store = InMemoryAssignmentStore([key: "🟣 not a group", "unrelated": "kept"])
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(store: store, deviceID: unit, report: issues.report))
        let test = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(test.currentGroup == ButtonColorSplitTest.bucketedGroup(forUnit: unit))
        #expect(issues.issues == [.storedGroupNotFound(experiment: "button_color", unit: unit, group: "🟣 not a group")])
        #expect(store.string(for: key) == test.currentGroup.rawValue)
        #expect(store.string(for: "unrelated") == "kept")
    }

    @Test func storedGroupSurvivesATrafficCut() {
        // A unit stored in an earlier release stays in its group even once it falls outside
        // the experiment's traffic: stickiness comes before layer and traffic.
        let unit = unitID { !ProfileRedesignSplitTest.definition.isEnrolled(unit: $0) }
        let store = InMemoryAssignmentStore([
            StorageKey.assignment(experiment: "profile_redesign", unit: unit): "new_v2"
        ])
        let service = SplitTestingService(configuration: .init(store: store))
        service.associate(user: unit)
        let test = service.fetchSplitTest(ProfileRedesignSplitTest.self)
        #expect(test.currentGroup == .newV2)
        #expect(test.assignment.reason == .sticky)
    }
}
