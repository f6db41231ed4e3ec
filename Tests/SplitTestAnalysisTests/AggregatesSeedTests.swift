import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestAnalysis
import Testing

/// The aggregates fuzzer's seeds say what they are: a `refused-*` file is refused with a line of
/// its own, every other one reads (each version of the columns, quoted fields, holdouts), and the
/// CUPED seeds carry their window and covariates, and the bandit's its allocation periods.
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
                #expect((aggregates.preExposureWindow?.days == 7) == name.hasPrefix("cuped-window-7"), "\(name)")
                #expect(aggregates.totals.allSatisfy { $0.goals.allSatisfy { ($0.covariates != nil) == name.contains("cuped") } })
            }
        }
    }

    @Test func theBanditSeedHasItsPeriods() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("bandit-periods-cuped.csv"), encoding: .utf8)
        let bandit = SplitTestDefinition(
            identifier: "onboarding_copy", unitType: .device, salt: "onboarding_copy", groups: ["short", "story", "video"],
            bucketTable: BucketTable(weights: [1, 1, 1]), controlIndex: 0, allocation: .bandit(SplitTestBandit(goal: "signup")))
        let totals = try AggregatesCSV.read(text, definitions: [bandit]).totals
        let experiment = try #require(totals.first { $0.experiment == "onboarding_copy" })
        #expect(experiment.periods?.map(\.period) == [0, 1, 2, 3])
        #expect(experiment.periods?.reduce(0) { $0 + $1.units.reduce(0, +) } == experiment.units.reduce(0, +))
        // Without the definition the period rows are not the bandit's: no periods.
        #expect(try AggregatesCSV.read(text, definitions: nil).totals.allSatisfy { $0.periods == nil })
    }
}
