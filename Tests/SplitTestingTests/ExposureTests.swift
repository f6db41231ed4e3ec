import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport

/// Exposures are sent once per experiment, unit and group, and only for enrolled units; goals
/// carry the groups exposed.
@Suite struct ExposureTests {
    static func makeService(store: InMemoryAssignmentStore = InMemoryAssignmentStore())
        -> (SplitTestingService, RecordingTrackingProvider)
    {
        let recorder = RecordingTrackingProvider()
        let service = SplitTestingService(configuration: .init(
            store: store, deviceID: "device-1", catalog: testCatalog,
            tracking: TrackingClient(providers: [recorder])))
        return (service, recorder)
    }

    @Test func exposureIsSentOnceWithItsGroupAndUnit() {
        let (service, recorder) = Self.makeService()
        for _ in 0..<5 { service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest() }
        let group = ButtonColorSplitTest.bucketedGroup(forUnit: "device-1")
        #expect(recorder.events.map(\.identifier) == [TrackingEvent.exposureIdentifier])
        #expect(recorder.events.first?.properties == [
            "experiment": "button_color", "group": .string(group.rawValue), "unit": "device-1",
            "dimension_platform": .string(service.attributes["platform"]?.description ?? "none"),
        ])
    }

    /// The built-in `platform` and `app_version` travel on every exposure, and the attributes the
    /// generated code names as dimensions once the app sets them; other attributes do not.
    @Test func exposuresCarryTheDimensions() {
        let recorder = RecordingTrackingProvider()
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(), deviceID: "device-1", catalog: testCatalog,
            tracking: TrackingClient(providers: [recorder]),
            builtInAttributes: SplitTestAttributeValues(["platform": .string("ios"), "os_version": .version(SplitTestVersion("17.4")!)])))
        service.setAttributes(
            SplitTestAttributeValues([
                "app_version": .version(SplitTestVersion("5.3.1")!), "plan": .string("pro"), "seats": .int(3),
                "beta_tester": .bool(true),
            ]), dimensions: ["plan", "seats", "trial"])
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        let group = ButtonColorSplitTest.bucketedGroup(forUnit: "device-1")
        #expect(recorder.events.first?.properties == [
            "experiment": "button_color", "group": .string(group.rawValue), "unit": "device-1",
            "dimension_platform": "ios", "dimension_app_version": "5.3.1", "dimension_plan": "pro", "dimension_seats": 3,
        ])
    }

    struct Purchase: SplitTestEvent {
        var trackingEvent: TrackingEvent { TrackingEvent("purchase", properties: ["revenue": 3.99, "currency": "usd"]) }
    }

    /// A declared event is a goal's shape under its own name: its properties, the units and the
    /// groups exposed.
    @Test func aDeclaredEventCarriesTheUnitsAndTheGroupsExposed() {
        let (service, recorder) = Self.makeService()
        let button = service.fetchSplitTest(ButtonColorSplitTest.self)
        button.hitSplitTest()
        service.associate(user: "user-a")
        recorder.reset()
        service.track(Purchase())
        #expect(recorder.events.map(\.identifier) == ["purchase"])
        #expect(recorder.events.first?.properties == [
            "revenue": 3.99, "currency": "usd", "device": "device-1", "user": "user-a",
            "split_test-button_color": .string(button.currentGroup.rawValue),
        ])
        service.dissociate()
        service.track(Purchase())
        #expect(recorder.events.last?.properties["user"] == nil)
    }

    @Test func stickyResolutionsAreExposedInANewLaunchOnce() {
        let store = InMemoryAssignmentStore()
        let (first, firstRecorder) = Self.makeService(store: store)
        first.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        let (second, secondRecorder) = Self.makeService(store: store)
        let test = second.fetchSplitTest(ButtonColorSplitTest.self)
        test.hitSplitTest()
        test.hitSplitTest()
        #expect(test.assignment.reason == .sticky)
        #expect(firstRecorder.events.count == 1)
        #expect(secondRecorder.events.count == 1)
    }

    @Test func unenrolledResolutionsAreNeverExposed() {
        let (service, recorder) = Self.makeService()
        service.fetchSplitTest(OnboardingSplitTest.self).hitSplitTest()  // no user
        service.fetchSplitTest(AppColorSchemeSplitTest.self).hitSplitTest()  // resolved
        service.setOverride(ButtonColorSplitTest.self, group: .blue)
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()  // override
        service.associate(user: unitID { !ProfileRedesignSplitTest.definition.isEnrolled(unit: $0) })
        service.fetchSplitTest(ProfileRedesignSplitTest.self).hitSplitTest()  // outside traffic
        ButtonColorSplitTest(assignment: .init(experiment: "button_color", group: .red, reason: .bucketed, unitID: "x"))
            .hitSplitTest()  // made by hand, not by a service
        #expect(recorder.events.isEmpty)
    }

    @Test func eachUserIsExposedSeparately() {
        let (service, recorder) = Self.makeService()
        service.associate(user: "user-a")
        service.fetchSplitTest(OnboardingSplitTest.self).hitSplitTest()
        service.associate(user: "user-b")
        service.fetchSplitTest(OnboardingSplitTest.self).hitSplitTest()
        service.fetchSplitTest(OnboardingSplitTest.self).hitSplitTest()
        #expect(recorder.events.compactMap { $0.properties["unit"]?.stringValue } == ["user-a", "user-b"])
    }

    @Test func goalCarriesTheGroupsOfTheDeviceAndTheCurrentUser() {
        let (service, recorder) = Self.makeService()
        service.associate(user: "user-a")
        service.fetchSplitTest(OnboardingSplitTest.self).hitSplitTest()
        service.associate(user: "user-b")
        let onboarding = service.fetchSplitTest(OnboardingSplitTest.self)
        onboarding.hitSplitTest()
        let button = service.fetchSplitTest(ButtonColorSplitTest.self)
        button.hitSplitTest()
        _ = service.fetchSplitTest(CheckoutCopySplitTest.self)  // fetched, never seen: not credited
        recorder.reset()

        service.trackGoal("purchase", value: 3.99)
        #expect(recorder.events.count == 1)
        let goal = recorder.events[0]
        #expect(goal.identifier == TrackingEvent.goalIdentifier)
        #expect(goal.properties == [
            "goal": "purchase", "value": 3.99, "device": .string(service.deviceID), "user": "user-b",
            "split_test-onboarding_tutorial": .string(onboarding.currentGroup.rawValue),
            "split_test-button_color": .string(button.currentGroup.rawValue),
        ])
    }

    @Test func goalWithoutExposureIsStillSentAndCreditsNothing() {
        let (service, recorder) = Self.makeService()
        _ = service.fetchSplitTest(ButtonColorSplitTest.self)
        service.trackGoal("signup")
        #expect(recorder.events.map(\.identifier) == [TrackingEvent.goalIdentifier])
        #expect(recorder.events.first?.properties == ["goal": "signup", "device": .string(service.deviceID)])
    }

    @Test func goalCarriesTheDeviceAndNoUserWhenSignedOut() {
        let (service, recorder) = Self.makeService()
        service.associate(user: "user-a")
        service.dissociate()
        service.trackGoal("signup", value: 0)
        let properties = recorder.events.first?.properties
        #expect(properties?["device"] == .string(service.deviceID))
        #expect(properties?["user"] == nil)
        #expect(properties?["value"] == 0.0)
    }
}
