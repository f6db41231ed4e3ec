import Foundation
import SplitTestStatistics
import Testing

/// CUPED end to end: each unit spends before its first exposure an amount correlated about 0.5
/// with what it spends after, and `splitc analyze --cuped` narrows the value effect's interval
/// by about `√(1 − ρ²)` (≈ 0.866) against the same readout without CUPED, as theory says for an
/// adjustment by a covariate of correlation ρ.
@Suite struct CUPEDNarrowingTests {
    @Test func intervalNarrowsBySquareRootOfOneMinusRhoSquared() throws {
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = SplitMix64(seed: 42)
        func normal() -> Double {
            (-2 * log(1 - generator.uniform())).squareRoot() * cos(2 * Double.pi * generator.uniform())
        }
        let rho = 0.5
        let day = 86_400.0
        // One formatter for the 60,000 lines (the shared helper makes one per line).
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        func time(_ seconds: Double) -> String { formatter.string(from: Date(timeIntervalSince1970: 1_772_000_000 + seconds)) }
        var lines: [String] = []
        var pre: [Double] = []
        var post: [Double] = []
        for index in 0..<20_000 {
            let device = "d\(index)"
            let exposure = 30 * day + Double(index)
            let shared = normal()
            // Cents, as amounts are: the rounding barely moves the correlation.
            let before = ((20 + 6 * shared) * 100).rounded() / 100
            let after = ((20 + 6 * (rho * shared + (1 - rho * rho).squareRoot() * normal())) * 100).rounded() / 100
            pre.append(before)
            post.append(after)
            let group = index % 2 == 0 ? "control" : "treatment"
            lines.append(#"{"date":"\#(time(exposure - 5 * day))","event":"split_test_goal","properties":{"device":"\#(device)","goal":"spend","value":\#(before)}}"#)
            lines.append(#"{"date":"\#(time(exposure))","event":"split_test_exposure","properties":{"experiment":"pricing","group":"\#(group)","unit":"\#(device)"}}"#)
            lines.append(#"{"date":"\#(time(exposure + 3_600))","event":"split_test_goal","properties":{"device":"\#(device)","goal":"spend","value":\#(after)}}"#)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        func halfWidth(_ options: [String]) throws -> Double {
            let outcome = try ExternalProcess.splitc(["analyze", "events.jsonl", "--format", "json"] + options, in: folder)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
            let groups = WarehouseTests.groups(of: try #require(json.first))
            let effect = try #require((groups.last?["vs_control"] as? [String: Any])?["value_effect"] as? [String: Any])
            let absolute = try #require(effect["absolute"] as? [String: Any])
            return (try #require(absolute["ci_high"] as? Double) - (try #require(absolute["ci_low"] as? Double))) / 2
        }
        let ratio = try halfWidth(["--cuped"]) / halfWidth([])
        let sampleRho = Self.correlation(pre, post)
        print("CUPED narrowing: interval half-width ratio \(ratio) at sample correlation \(sampleRho); sqrt(1 - rho^2) = \((1 - sampleRho * sampleRho).squareRoot())")
        #expect(abs(sampleRho - rho) < 0.02, "sample correlation \(sampleRho)")
        // Against the drawn correlation, and (closer) against the sample's.
        #expect(abs(ratio - (1 - rho * rho).squareRoot()) < 0.02, "ratio \(ratio)")
        #expect(abs(ratio - (1 - sampleRho * sampleRho).squareRoot()) < 0.002, "ratio \(ratio), sample ρ \(sampleRho)")
    }

    static func correlation(_ x: [Double], _ y: [Double]) -> Double {
        let n = Double(x.count)
        let mx = x.reduce(0, +) / n
        let my = y.reduce(0, +) / n
        let sxy = zip(x, y).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = x.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        let syy = y.reduce(0) { $0 + ($1 - my) * ($1 - my) }
        return sxy / (sxx * syy).squareRoot()
    }
}
