import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting

/// Device ids, users, and unit ids an app may get wrong.
@Suite struct UnitTests {
    @Test func deviceIDIsCreatedOnFirstUseAndStored() {
        let store = InMemoryAssignmentStore()
        let service = SplitTestingService(configuration: .init(store: store))
        #expect(store.string(for: StorageKey.deviceID) == nil)
        let deviceID = service.deviceID
        #expect(deviceID.count == 36)
        #expect(store.string(for: StorageKey.deviceID) == deviceID)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.unitID == deviceID)
        #expect(SplitTestingService(configuration: .init(store: store)).deviceID == deviceID)
    }

    @Test func suppliedDeviceIDIsUsedAndEmptyOneIsReported() {
        let store = InMemoryAssignmentStore([StorageKey.deviceID: "stored-device"])
        #expect(SplitTestingService(configuration: .init(store: store, deviceID: "app-device")).deviceID == "app-device")
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(store: store, deviceID: "", report: issues.report))
        #expect(service.deviceID == "stored-device")
        #expect(issues.issues == [.invalidUnitID(reason: "the configured device id is empty; using the stored or a new one")])
    }

    @Test func emptyStoredDeviceIDIsReportedAndReplaced() {
        let store = InMemoryAssignmentStore([StorageKey.deviceID: ""])
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(store: store, report: issues.report))
        #expect(!service.deviceID.isEmpty)
        #expect(store.string(for: StorageKey.deviceID) == service.deviceID)
        #expect(issues.issues == [.invalidUnitID(reason: "the stored device id is empty; a new one was created")])
    }

    @Test func oneUsersGroupIsNeverServedToAnother() {
        let rules = OnboardingSplitTest.definition
        let userA = unitID { rules.resolve(unit: $0).groupIndex == 1 }
        let userB = unitID { rules.resolve(unit: $0).groupIndex == 0 }
        let store = InMemoryAssignmentStore()
        let service = SplitTestingService(configuration: .init(store: store))
        service.associate(user: userA)
        #expect(service.currentUserID == userA)
        #expect(service.fetchSplitTest(OnboardingSplitTest.self).currentGroup == .tutorial)
        service.associate(user: userB)
        let test = service.fetchSplitTest(OnboardingSplitTest.self)
        #expect(test.currentGroup == .control)
        #expect(test.assignment.unitID == userB)
        #expect(store.string(for: StorageKey.assignment(experiment: "onboarding_tutorial", unit: userA)) == "tutorial")
        #expect(store.string(for: StorageKey.assignment(experiment: "onboarding_tutorial", unit: userB)) == "control")

        service.dissociate()
        #expect(service.currentUserID == nil)
        #expect(service.fetchSplitTest(OnboardingSplitTest.self).assignment.reason == .noUser)
        // A new launch for user A finds A's group again, while device experiments keep the device.
        let device = service.deviceID
        let relaunch = SplitTestingService(configuration: .init(store: store))
        relaunch.associate(user: userA)
        #expect(relaunch.fetchSplitTest(OnboardingSplitTest.self).assignment.reason == .sticky)
        #expect(relaunch.fetchSplitTest(ButtonColorSplitTest.self).assignment.unitID == device)
    }

    @Test func emptyUserIDIsReportedAndTreatedAsSignedOut() {
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), report: issues.report))
        service.associate(user: "user-1")
        service.associate(user: "")
        #expect(service.currentUserID == nil)
        #expect(service.fetchSplitTest(OnboardingSplitTest.self).assignment.reason == .noUser)
        #expect(issues.issues == [.invalidUnitID(reason: "associate(user:) was given an empty user id; treated as signing out")])
        #expect(issues.issues.first?.description.contains("empty user id") == true)
    }

    @Test(arguments: [
        String(repeating: "x", count: 100_000),
        "ø-ünicode-ключ-🗻",
        "👩‍👩‍👧‍👦",
        "user.with.dots\nand a newline",
        " ",
    ])
    func unusualUnitIDsAreBucketedLikeAnyOther(unit: String) {
        let store = InMemoryAssignmentStore()
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(store: store, report: issues.report))
        service.associate(user: unit)
        let test = service.fetchSplitTest(OnboardingSplitTest.self)
        #expect(test.assignment.reason == .bucketed)
        #expect(test.currentGroup == OnboardingSplitTest.bucketedGroup(forUnit: unit))
        #expect(store.string(for: StorageKey.assignment(experiment: "onboarding_tutorial", unit: unit)) == test.currentGroup.rawValue)
        #expect(issues.issues.isEmpty)
    }
}
