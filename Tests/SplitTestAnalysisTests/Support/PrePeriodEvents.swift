import Foundation
import SplitTestStatistics

/// Seeded events with a pre-period, for the CUPED readouts: units whose goals before their first
/// exposure predict their goals after it (a latent propensity per device), some older than the
/// window, some on its edges, and the cases where an effect has nothing to measure.
///
/// - `checkout` (devices; control, fast, slow): a lift in `fast`, repeated exposures, 2% of units
///   exposed in two groups (conflicts), values on `purchase`, none on `signup`.
/// - `profile` (users, every third device signed in; control, redesign): goals carry the device
///   and the user, so one goal credits a unit of each experiment.
/// - `tiny` (one unit in control, two in treatment): every effect `null`.
/// - `dormant` (control never converts after exposure, though it did before): the control's mean
///   is 0, so gbstats gives its default.
/// - goals on the window's edges: exactly `days` before the first exposure (in), a millisecond
///   earlier (out), and at the first exposure itself (after); a goal whose value is not a number.
enum PrePeriodEvents {
    static let day = 86_400.0

    /// The event lines for `devices` devices; `window` is the window whose edges get goals.
    static func lines(devices: Int = 2_400, seed: UInt64 = 15, window days: Double = 14) -> [String] {
        var generator = SplitMix64(seed: seed)
        var lines: [String] = []
        func normal() -> Double {
            (-2 * log(1 - generator.uniform())).squareRoot() * cos(2 * Double.pi * generator.uniform())
        }
        func milliseconds(_ seconds: Double) -> Double { (seconds * 1_000).rounded() / 1_000 }
        func logistic(_ x: Double) -> Double { 1 / (1 + exp(-x)) }
        let lifts = ["control": 0.0, "fast": 0.35, "slow": -0.1, "redesign": 0.2]
        for index in 0..<devices {
            let device = "device-\(index)"
            let user = index % 3 == 0 ? "user-\(index / 3)" : nil
            let propensity = 1.6 * normal()
            // First exposures spread over 30 days, starting 25 days after the clock's origin, so
            // that pre-periods of up to 20 days lie within the events.
            let first = milliseconds(25 * day + generator.uniform() * 30 * day)
            var exposures: [(String, String, String)] = []
            let checkout = ["control", "fast", "slow"][Int(generator.next() % 3)]
            exposures.append(("checkout", checkout, device))
            if let user { exposures.append(("profile", ["control", "redesign"][Int(generator.next() % 2)], user)) }
            if index < 3 { exposures.append(("tiny", index == 0 ? "control" : "treatment", device)) }
            let dormant = index % 10 == 4 ? ["control", "woken"][Int(generator.next() % 2)] : nil
            if let dormant { exposures.append(("dormant", dormant, device)) }
            for (offset, (experiment, group, unit)) in exposures.enumerated() {
                let at = first + Double(offset) * 0.25
                lines.append(EventLines.exposure(experiment, group, unit: unit, at: at))
                // Seen again later: the first exposure counts.
                if generator.uniform() < 0.3 { lines.append(EventLines.exposure(experiment, group, unit: unit, at: at + 3_600)) }
                if experiment == "checkout", generator.uniform() < 0.02 {
                    let other = ["control", "fast", "slow"].first { $0 != group } ?? group
                    lines.append(EventLines.exposure(experiment, other, unit: unit, at: at + 7_200))
                }
            }
            let lift = lifts[checkout] ?? 0
            // Before exposure: up to 20 days back, so that some goals fall outside a 14-day window.
            for _ in 0..<Int(generator.next() % 4) where generator.uniform() < logistic(-0.8 + propensity) {
                let at = milliseconds(first - generator.uniform() * 20 * day)
                let value = generator.uniform() < 0.9 ? (exp(0.6 * propensity + 0.5 * normal()) * 1_000).rounded() / 100 : nil
                lines.append(EventLines.goal("purchase", value: value, device: device, user: user, at: at))
            }
            if generator.uniform() < logistic(-1.2 + propensity) {
                lines.append(EventLines.goal("signup", device: device, user: user, at: milliseconds(first - generator.uniform() * 10 * day)))
            }
            // After exposure, with the group's lift; dormant's control never converts after it.
            let awake = dormant != "control"
            for _ in 0..<Int(generator.next() % 4) where awake && generator.uniform() < logistic(-0.9 + propensity + lift) {
                let at = milliseconds(first + 1 + generator.uniform() * 20 * day)
                let value = generator.uniform() < 0.9
                    ? (exp(0.6 * propensity + 0.2 * lift + 0.5 * normal()) * 1_000).rounded() / 100 : nil
                lines.append(EventLines.goal("purchase", value: value, device: device, user: user, at: at))
            }
            if awake, generator.uniform() < logistic(-1.4 + propensity + lift) {
                lines.append(EventLines.goal("signup", device: device, user: user, at: milliseconds(first + 1 + generator.uniform() * 5 * day)))
            }
            // The window's edges, on a few devices.
            switch index % 97 {
            case 5: lines.append(EventLines.goal("purchase", value: 7, device: device, at: first - days * day))
            case 6: lines.append(EventLines.goal("purchase", value: 11, device: device, at: first - days * day - 0.001))
            case 7: lines.append(EventLines.goal("signup", device: device, at: first))
            case 8:
                lines.append(EventLines.line(
                    "split_test_goal", at: first + 60, ["goal": "purchase", "device": device, "value": "not a number"]))
            default: break
            }
        }
        return lines
    }
}
