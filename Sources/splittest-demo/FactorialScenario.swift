import Foundation
import SplitTestAnalysis
import SplitTestStatistics
import SplitTesting

/// A multivariate experiment end to end: signed-in users see checkout_page, whose headline and
/// button colour vary together (a 2×3 full factorial). Each user's cell is one group hash; the
/// page reads each factor's typed params; the exposure carries each factor's level; and the
/// readout estimates each factor's main effect and their interaction. The urgent headline and the
/// orange button are planted to sell more, and together a little more again.
func runFactorialScenario() {
    section("A multivariate experiment: 9,000 users see checkout_page (headline × button)")
    withScratchDirectory("factorial") { directory in
        let fileURL = directory.appendingPathComponent("events.jsonl")
        let eventsFile = JSONLinesTrackingProvider(fileURL: fileURL)
        var random = SplitMix64(seed: 2_027)
        var headlines: [String: Int] = [:]
        for index in 0..<9_000 {
            let service = SplitTestingService(configuration: .init(
                store: .inMemory,
                deviceID: Population.deviceID(index), catalog: SplitTestCatalog.all,
                tracking: TrackingClient(providers: [eventsFile])))
            service.associate(user: "user-\(index)")
            let checkout = service.fetchSplitTest(CheckoutPageSplitTest.self)
            headlines[checkout.currentGroup.headline.text, default: 0] += 1
            checkout.hitSplitTest()
            let cell = checkout.currentGroup
            var rate = 0.08
            if cell.headline == .urgent { rate += 0.02 }
            if cell.button == .orange { rate += 0.01 }
            if cell.headline == .urgent && cell.button == .orange { rate += 0.015 }
            if random.uniform() < rate { service.trackGoal("purchase", value: 19.99 + Double(random.next() % 4) * 10) }
        }
        eventsFile.flush()

        print("The page reads each factor's params, e.g. checkout.currentGroup.headline.text:")
        for (text, users) in headlines.sorted(by: { $0.key < $1.key }) { print("  \"\(text)\": \(users) users") }
        let lines = (try? String(contentsOf: fileURL, encoding: .utf8))?.split(separator: "\n") ?? []
        if let exposure = lines.first(where: { $0.contains(TrackingEvent.exposureIdentifier) }) {
            print("One exposure per user, with the cell as its group and each factor's level:")
            print("  " + exposure)
        }

        var accumulator = EventAccumulator(definitions: [CheckoutPageSplitTest.definition])
        do {
            try EventFiles.read([fileURL.path], into: &accumulator)
        } catch {
            print("cannot read \(fileURL.lastPathComponent): \(error)")
            return
        }
        print("\nsplitc analyze events.jsonl --definitions experiments --experiment checkout_page:")
        print(TextReport.render(ReadoutBuilder.readouts(accumulator.totals())))
    }
}
