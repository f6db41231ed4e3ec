import Foundation
import SplitTestAnalysis
import Testing

/// The aggregates fuzzer's seeds say what they are: a `refused-*` file is refused with a line of
/// its own, every other one reads (each version of the columns, quoted fields, holdouts), and the
/// CUPED seed carries its window and covariates.
@Suite struct AggregatesSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzzing/seeds/aggregates")

    @Test func seedsReadOrAreRefusedAsNamed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(names.count >= 8, "\(names)")
        for name in names {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            if name.hasPrefix("refused-") {
                #expect(throws: AggregatesCSV.Failure.self, "\(name)") { try AggregatesCSV.read(text, definitions: nil) }
            } else {
                let aggregates = try AggregatesCSV.read(text, definitions: nil)
                #expect(!aggregates.totals.isEmpty, "\(name)")
                #expect((aggregates.preExposureWindow?.days == 7) == name.hasPrefix("cuped"), "\(name)")
                #expect(aggregates.totals.allSatisfy { $0.goals.allSatisfy { ($0.covariates != nil) == name.hasPrefix("cuped") } })
            }
        }
    }
}
