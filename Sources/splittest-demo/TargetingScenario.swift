import SplitTesting
import SplitTestingTestSupport

/// Targeting and the holdout: the home widget is rolled out by app version and platform, the
/// annual-plan offer goes to paying users, and 5% of devices see no device experiment at all.
func runTargetingScenario() {
    section("Targeting: home_widget (app version ≥ 5.2 and < 6, iOS or iPadOS), 3,000 installs")
    // The app sets the built-in attributes it knows better than the platform (here, as a fleet of
    // app versions and devices would report them); the holdout still keeps 5% of the installs out
    // of every device experiment, before targeting.
    var rollout = TextTable(header: ["app_version", "platform", "bucketed", "notEnrolled", "notTargeted", "holdout"])
    var recorders: [RecordingTrackingProvider] = []
    let fleet: [(appVersion: String, platform: SplitTestAttributes.Platform)] = [
        ("5.3.1", .ios), ("5.2.0", .ipados), ("5.1.4", .ios), ("5.3.1", .macos),
    ]
    var device = 0
    for (appVersion, platform) in fleet {
        var reasons: [AssignmentReason: Int] = [:]
        for _ in 0..<750 {
            let recorder = RecordingTrackingProvider()
            recorders.append(recorder)
            let service = SplitTestingService(configuration: .init(
                store: .inMemory,
                deviceID: Population.deviceID(device), catalog: SplitTestCatalog.all,
                tracking: TrackingClient(providers: [recorder])))
            device += 1
            service.setAttributes(SplitTestAttributes(appVersion: appVersion, platform: platform))
            let widget = service.fetchSplitTest(HomeWidgetSplitTest.self)
            widget.hitSplitTest()
            service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
            reasons[widget.assignment.reason, default: 0] += 1
        }
        rollout.append([appVersion, platform.rawValue] + [AssignmentReason.bucketed, .notEnrolled, .notTargeted, .holdout]
            .map { String(reasons[$0, default: 0]) })
    }
    print(rollout.render())
    let events = recorders.flatMap(\.events)
    let holdoutEvents = events.filter { $0.identifier == TrackingEvent.holdoutIdentifier }
    let heldOutDevices = Set(holdoutEvents.compactMap { $0.properties["unit"].map(String.init(describing:)) })
    let exposuresOfHeldOut = events.filter { event in
        event.identifier == TrackingEvent.exposureIdentifier
            && heldOutDevices.contains(event.properties["unit"].map(String.init(describing:)) ?? "")
    }
    print("global_2026_q4 (5% of devices): \(heldOutDevices.count) of \(device) installs held out "
        + "(\(percent(Double(heldOutDevices.count) / Double(device)))); \(holdoutEvents.count) split_test_holdout "
        + "events, one per held-out install though each hit two covered experiments; exposures of "
        + "held-out installs: \(exposuresOfHeldOut.count)")

    section("Targeting: annual_plan_offer (plan trial or pro, installed 7 days ago or more)")
    var offer = TextTable(header: ["plan", "days_since_install", "group", "reason"])
    for (plan, days) in [(SplitTestAttributes.Plan.free, 30), (.trial, 3), (.trial, 10), (.pro, 120)] {
        let service = SplitTestingService(configuration: .init(
            store: .inMemory,
            deviceID: Population.deviceID(7), catalog: SplitTestCatalog.all))
        service.associate(user: "user-7")
        service.setAttributes(SplitTestAttributes(plan: plan, daysSinceInstall: days))
        let test = service.fetchSplitTest(AnnualPlanOfferSplitTest.self)
        offer.append([plan.rawValue, String(days), test.currentGroup.rawValue, "\(test.assignment.reason)"])
    }
    // Attributes set after a resolution change nothing until the next start of the service.
    let service = SplitTestingService(configuration: .init(
        store: .inMemory,
        deviceID: Population.deviceID(7), catalog: SplitTestCatalog.all))
    service.associate(user: "user-7")
    let before = service.fetchSplitTest(AnnualPlanOfferSplitTest.self)
    service.setAttributes(SplitTestAttributes(plan: .pro, daysSinceInstall: 120))
    let after = service.fetchSplitTest(AnnualPlanOfferSplitTest.self)
    offer.append(["(none yet)", "-", before.currentGroup.rawValue, "\(before.assignment.reason)"])
    offer.append(["pro, set afterwards", "120", after.currentGroup.rawValue, "\(after.assignment.reason) (same service)"])
    print(offer.render())
}
