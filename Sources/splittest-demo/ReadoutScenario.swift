import Foundation
import SplitTestAnalysis
import SplitTestStatistics
import SplitTesting

/// The loop closed: installs see button_color, some buy (blue a little more often), the events go
/// to a JSON-lines file, and `SplitTestAnalysis` (what `splitc analyze` runs) reads the file back.
func runReadoutScenario() {
    section("Reading the results: 6,000 installs see button_color; blue is planted to sell a little more")
    withScratchDirectory("readout") { directory in
        let fileURL = directory.appendingPathComponent("events.jsonl")
        let eventsFile = JSONLinesTrackingProvider(fileURL: fileURL)
        let population = Population(devices: 6_000, tracking: TrackingClient(providers: [eventsFile]))
        var random = SplitMix64(seed: 42)
        for service in population.services {
            let test = service.fetchSplitTest(ButtonColorSplitTest.self)
            test.hitSplitTest()
            let rate = test.currentGroup == .blue ? 0.14 : 0.10
            if random.uniform() < rate { service.trackGoal("purchase", value: 2.99 + Double(random.next() % 3) * 5) }
            if random.uniform() < 0.3 { service.trackGoal("onboarding_done") }
        }
        eventsFile.flush()

        let definition = ButtonColorSplitTest.definition
        var accumulator = EventAccumulator(definitions: [definition])
        do {
            try EventFiles.read([fileURL.path], into: &accumulator)
        } catch {
            print("cannot read \(fileURL.lastPathComponent): \(error)")
            return
        }
        let readouts = ReadoutBuilder.readouts(accumulator.totals())
        print("splitc analyze events.jsonl --definitions experiments --experiment button_color:")
        print(TextReport.render(readouts.filter { $0.experiment == definition.identifier }))
    }
}
