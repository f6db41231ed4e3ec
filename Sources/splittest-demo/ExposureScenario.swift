import Foundation
import SplitTesting
import SplitTestingTestSupport

/// Exposures are logged once per unit and group, only for enrolled units, and fan out to every
/// provider; goals carry the groups the unit was exposed to.
func runExposureScenario() {
    section("Exposures and goals: 1,000 installs, one in three opens the purchase screen")
    withScratchDirectory("events") { directory in
        let recorder = RecordingTrackingProvider()
        let eventsFile = JSONLinesTrackingProvider(fileURL: directory.appendingPathComponent("events.jsonl"))
        let userProperties = Collected<String>()
        let analytics = UserPropertyTrackingProvider { name, value in userProperties.append("\(name)=\(value)") }
        let tracking = TrackingClient(providers: [recorder, eventsFile, analytics])
        let population = Population(devices: 1_000, tracking: tracking)

        var hits = 0
        for (index, service) in population.services.enumerated() {
            let buttonColor = service.fetchSplitTest(ButtonColorSplitTest.self)
            let tutorial = service.fetchSplitTest(OnboardingTutorialSplitTest.self)
            tutorial.hitSplitTest()  // resolved: never reported
            guard index % 3 == 0 else { continue }
            buttonColor.hitSplitTest()
            buttonColor.hitSplitTest()  // the screen appears again: still one exposure
            hits += 2
            if index % 9 == 0 { service.trackGoal("purchase", value: 3.99) }
        }
        population.services[1].trackGoal("purchase", value: 0.99)  // never saw the test: credits nothing
        eventsFile.flush()

        let exposures = recorder.events.filter { $0.identifier == TrackingEvent.exposureIdentifier }
        let goals = recorder.events.filter { $0.identifier == TrackingEvent.goalIdentifier }
        let credited = goals.filter { $0.properties[TrackingEvent.groupPropertyName(experiment: "button_color")] != nil }
        let lines = (try? String(contentsOf: eventsFile.fileURL, encoding: .utf8))?
            .split(separator: "\n").count ?? 0
        print("hitSplitTest() calls on button_color: \(hits); exposures logged: \(exposures.count)")
        print("hits on the resolved onboarding_tutorial: 1,000; exposures logged: "
            + "\(exposures.filter { $0.properties["experiment"] == "onboarding_tutorial" }.count)")
        print("goals sent: \(goals.count), of which credited to a button_color group: \(credited.count)")
        print("events.jsonl: \(lines) lines (one per exposure and goal)")
        var properties = TextTable(header: ["user property set once", "units"])
        let counts = Dictionary(userProperties.all.map { ($0, 1) }, uniquingKeysWith: +)
        for (property, count) in counts.sorted(by: { $0.key < $1.key }) {
            properties.append([property, String(count)])
        }
        print(properties.render())
    }
}
