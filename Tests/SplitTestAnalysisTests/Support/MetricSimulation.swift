import Foundation
import SplitTestStatistics

/// Simulated typed events of `checkout` (control, blue) for the metric tests: each unit is
/// exposed with a `country`, buys with a group's probability (revenue around a group's mean, in
/// one to three purchases), and loads screens whose times are slower in `slowerGroup`.
struct MetricSimulation {
    var unitsPerGroup = 2_000
    var purchaseRate: [String: Double] = ["control": 0.10, "blue": 0.13]
    var revenueMean: [String: Double] = ["control": 20, "blue": 22]
    var loadMilliseconds: [String: Double] = ["control": 400, "blue": 480]
    var countries = ["us", "fr", "de", "jp"]
    var seed: UInt64 = 7

    /// The lines, exposures first, in a shuffled order of units.
    func lines() -> [String] {
        var generator = SplitMix64(seed: seed)
        var lines: [String] = []
        for index in 0..<(2 * unitsPerGroup) {
            let group = index % 2 == 0 ? "control" : "blue"
            let device = "unit-\(index)"
            let start = Double(index % 500)
            let country = countries[Int(generator.next() % UInt64(countries.count))]
            lines.append(MetricFixtures.exposure("checkout", group, unit: device, at: start, ["country": country]))
            if generator.uniform() < purchaseRate[group]! {
                for purchase in 0..<(1 + Int(generator.next() % 3)) {
                    let revenue = (revenueMean[group]! * (0.5 + generator.uniform())).rounded() / 1
                    lines.append(MetricFixtures.event(
                        "purchase", ["revenue": revenue, "currency": "usd"], device: device, at: start + 60 + Double(purchase)))
                }
            }
            for screen in 0..<(1 + Int(generator.next() % 4)) {
                let milliseconds = (loadMilliseconds[group]! * (0.5 + generator.uniform())).rounded()
                lines.append(MetricFixtures.event(
                    "screen_loaded", ["milliseconds": milliseconds], device: device, at: start + 10 + Double(screen)))
            }
        }
        return lines
    }
}
