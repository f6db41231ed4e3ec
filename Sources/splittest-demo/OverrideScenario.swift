import SplitTesting
import SplitTestingTestSupport

/// Overrides win over everything, are never reported as exposures, and bad ones are reported
/// through the logging hook and ignored.
func runOverrideScenario() {
    section("Overrides: SPLIT_TEST_OVERRIDES, as a UI test or a QA build would set it")
    let issues = Collected<String>()
    let recorder = RecordingTrackingProvider()
    let overrides = "button_color=blue,profile_redesign=new_profile_v9,price_test=cheap"
    let service = SplitTestingService(configuration: .init(
        store: .inMemory,
        deviceID: Population.deviceID(7),
        catalog: SplitTestCatalog.all,
        tracking: TrackingClient(providers: [recorder]),
        launchOverrides: LaunchOverrides(environment: [LaunchOverrides.name: overrides]),
        report: { issue in issues.append(issue.description) }))
    print("SPLIT_TEST_OVERRIDES=\"\(overrides)\"")
    let buttonColor = service.fetchSplitTest(ButtonColorSplitTest.self)
    buttonColor.hitSplitTest()
    print("button_color → \(buttonColor.currentGroup.rawValue) (\(buttonColor.assignment.reason)), "
        + "exposures logged: \(recorder.events.count)")
    for issue in issues.all { print("reported: \(issue)") }

    service.setOverride(FeedPrefetchSplitTest.self, group: .aggressive)
    let feed = service.fetchSplitTest(FeedPrefetchSplitTest.self)
    print("setOverride(FeedPrefetchSplitTest.self, group: .aggressive) → \(feed.currentGroup.rawValue) "
        + "(\(feed.assignment.reason))")
    service.removeOverride(FeedPrefetchSplitTest.self)
    let bucketed = service.fetchSplitTest(FeedPrefetchSplitTest.self)
    print("removeOverride → \(bucketed.currentGroup.rawValue) (\(bucketed.assignment.reason))")
}
