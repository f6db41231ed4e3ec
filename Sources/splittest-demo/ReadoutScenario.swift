import Foundation
import SplitTestAnalysis
import SplitTesting

/// The loop closed: installs see button_color, some buy (blue a little more often), the events go
/// to a JSON-lines file, and `SplitTestAnalysis` (what `splitc analyze` runs) reads the file back.
func runReadoutScenario() {
    section("Reading the results: 6,000 installs see button_color; blue is planted to sell a little more")
    withScratchDirectory("readout") { directory in
        let fileURL = directory.appendingPathComponent("events.jsonl")
        let eventsFile = JSONLinesTrackingProvider(fileURL: fileURL)
        let population = Population(devices: 6_000, tracking: TrackingClient(providers: [eventsFile]))
        var random = DemoRandom(seed: 42)
        for service in population.services {
            let test = service.fetchSplitTest(ButtonColorSplitTest.self)
            test.hitSplitTest()
            let rate = test.currentGroup == .blue ? 0.14 : 0.10
            if random.uniform() < rate { service.trackGoal("purchase", value: 2.99 + Double(random.next() % 3) * 5) }
            if random.uniform() < 0.3 { service.trackGoal("onboarding_done") }
        }
        eventsFile.flush()

        let definition = ButtonColorSplitTest.definition
        let bounds = definition.bucketUpperBounds
        let weights = bounds.indices.map { Double(bounds[$0] - ($0 == 0 ? 0 : bounds[$0 - 1])) }
        var accumulator = EventAccumulator(definitions: [
            AnalysisDefinition(
                experiment: definition.identifier, groups: ButtonColorSplitTest.Group.allCases.map(\.rawValue),
                weights: weights, control: definition.control.rawValue)
        ])
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

/// SplitMix64, so that every run of the demo prints the same figures.
struct DemoRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func uniform() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
