import Foundation
import Testing

/// `splitc analyze --format json` byte for byte: events of plain experiments, holdouts, a flat
/// export, a skewed split, and names that need escaping (quotes, backslashes, a slash, control
/// characters, non-ASCII) against the output committed when the report had a writer of its own
/// (since updated twice, on purpose: without definitions the sample-ratio check is not computed,
/// and says why, instead of assuming equal weights; and each entry says whether its control was
/// assumed, and why it is the control).
@Suite struct ReadoutGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test func theJSONReadoutIsUnchanged() throws {
        let outcome = try ExternalProcess.splitc(
            ["analyze", Self.golden.appendingPathComponent("readout-events.jsonl").path, "--format", "json"],
            in: Self.golden)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("readout.json"), encoding: .utf8)
        #expect(outcome.stdout == expected)
    }
}
