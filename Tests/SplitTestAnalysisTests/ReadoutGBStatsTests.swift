import Foundation
import Testing
import TestTools

/// `splitc analyze` end to end against GrowthBook's engine: events with a pre-period read plain,
/// with `--cuped`, with `--sequential` and with both (and with other window and tuning numbers);
/// `Scripts/check_readout_gbstats.py` recomputes every unit's figures from the same events with
/// pandas and every effect with gbstats 0.8.0, absolute and relative, conversion and value.
@Suite struct ReadoutGBStatsTests {
    static let variants: [(name: String, options: [String], days: String, tuning: String)] = [
        ("plain", [], "-", "-"),
        ("cuped", ["--cuped"], "14", "-"),
        ("sequential", ["--sequential"], "-", "5000"),
        ("cuped-sequential", ["--cuped", "--sequential"], "14", "5000"),
        ("cuped7-sequential2000", ["--cuped", "--cuped-days", "7", "--sequential", "--sequential-tuning", "2000"], "7", "2000"),
    ]

    @Test(.requires(.gbstats)) func everyEffectMatchesGBStatsFromTheEvents() throws {
        try Oracle.gbstats.require()
        let folder = try ExternalProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((PrePeriodEvents.lines().joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("events.jsonl"))
        var arguments = [folder.appendingPathComponent("events.jsonl").path]
        for variant in Self.variants {
            let outcome = try ExternalProcess.splitc(
                ["analyze", "events.jsonl", "--format", "json", "--output", "\(variant.name).json"] + variant.options, in: folder)
            #expect(outcome.status == 0, "\(variant.name): \(outcome.stderr)")
            arguments.append("\(folder.appendingPathComponent("\(variant.name).json").path):\(variant.days):\(variant.tuning)")
        }
        let check = try ExternalProcess.run(
            Oracle.gbstatsPython, [ExternalProcess.scripts.appendingPathComponent("check_readout_gbstats.py").path] + arguments)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("\(Self.variants.count) readouts, 0 mismatches"), "\(check.stdout)\(check.stderr)")
    }
}
