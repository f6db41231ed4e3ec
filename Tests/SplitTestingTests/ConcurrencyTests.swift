import Testing
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
import SplitTestingTestSupport

/// One service shared by many tasks: one stored assignment and one exposure per unit.
@Suite struct ConcurrencyTests {
    @Test func thousandTasksStoreAndExposeEachUnitOnce() async {
        let store = CountingAssignmentStore()
        let recorder = RecordingTrackingProvider()
        let service = SplitTestingService(configuration: .init(
            store: store, catalog: testCatalog, tracking: TrackingClient(providers: [recorder])))
        let groups = await withTaskGroup(of: ButtonColorSplitTest.Group.self) { group in
            for _ in 0..<1000 {
                group.addTask {
                    let test = service.fetchSplitTest(ButtonColorSplitTest.self)
                    test.hitSplitTest()
                    return test.currentGroup
                }
            }
            return await group.reduce(into: Set()) { $0.insert($1) }
        }
        let key = StorageKey.assignment(experiment: "button_color", unit: service.deviceID)
        #expect(groups.count == 1)
        #expect(store.writeCount(for: key) == 1)
        #expect(store.writeCount(for: StorageKey.deviceID) == 1)
        #expect(recorder.events.count == 1)
    }

    @Test func concurrentUsersNeverShareOrDuplicateAssignments() async {
        let store = CountingAssignmentStore()
        let recorder = RecordingTrackingProvider()
        let service = SplitTestingService(configuration: .init(
            store: store, catalog: testCatalog, tracking: TrackingClient(providers: [recorder])))
        let users = (0..<10).map { "user-\($0)" }
        let served = await withTaskGroup(of: (String?, OnboardingSplitTest.Group).self) { group in
            for index in 0..<1000 {
                group.addTask {
                    if index % 10 == 0 { service.associate(user: users[index / 10 % users.count]) }
                    if index % 97 == 0 { service.setOverride(experiment: "button_color", group: "blue") }
                    if index % 89 == 0 { service.clearOverrides() }
                    service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
                    let test = service.fetchSplitTest(OnboardingSplitTest.self)
                    test.hitSplitTest()
                    service.trackGoal("tick")
                    return (test.assignment.unitID, test.currentGroup)
                }
            }
            return await group.reduce(into: [(String?, OnboardingSplitTest.Group)]()) { $0.append($1) }
        }
        var exposuresPerUnit: [String: Int] = [:]
        for event in recorder.events where event.identifier == TrackingEvent.exposureIdentifier
            && event.properties["experiment"] == "onboarding_tutorial"
        {
            exposuresPerUnit[event.properties["unit"]?.stringValue ?? "", default: 0] += 1
        }
        #expect(served.contains { $0.0 != nil }, "some task ran for a signed-in user, so the loop below checks something")
        for (unit, group) in served {
            guard let unit else { continue }
            // Every task was served its own unit's bucketed group, whatever the others did.
            #expect(group == OnboardingSplitTest.bucketedGroup(forUnit: unit))
            #expect(store.writeCount(for: StorageKey.assignment(experiment: "onboarding_tutorial", unit: unit)) == 1)
            #expect(exposuresPerUnit[unit] == 1)
        }
        #expect(store.writeCount(for: StorageKey.deviceID) == 1)
        #expect(store.writeCount(for: StorageKey.assignment(experiment: "button_color", unit: service.deviceID)) == 1)
    }

    @Test func fileStoreToleratesConcurrentWriters() async throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let store = FileAssignmentStore(fileURL: folder.url.appendingPathComponent("split-tests.json"))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { store.set("\(index)", for: "key-\(index % 20)") }
            }
        }
        store.flush()
        let reloaded = FileAssignmentStore(fileURL: store.fileURL)
        for index in 0..<20 {
            #expect(reloaded.string(for: "key-\(index)") == store.string(for: "key-\(index)"))
        }
    }
}
