import Foundation
@_spi(Tools) import SplitTestAnalysis
import Testing

/// The cases where a formula divides by zero: each figure is a number or `null`, never NaN.
@Suite struct EdgeCaseTests {
    static func totals(units: [Int], converted: [Int], values: [Double], squares: [Double]) -> ExperimentTotals {
        ExperimentTotals(
            experiment: "edge", kind: .experiment, groups: ["control", "treatment"], weights: [1, 1],
            control: "control", units: units, conflicts: 0,
            goals: [GoalTotals(goal: "purchase", converted: converted, valueSum: values, valueSumOfSquares: squares)])
    }

    static func comparison(_ totals: ExperimentTotals) throws -> Comparison {
        try #require(ReadoutBuilder.readout(totals).goals[0].groups[1].vsControl)
    }

    static func assertNoNaN(_ totals: ExperimentTotals) throws {
        let json = JSONReport.render([ReadoutBuilder.readout(totals)])
        #expect(!json.lowercased().contains("nan"))
        #expect(!json.lowercased().contains("inf"))
        _ = try JSONSerialization.jsonObject(with: Data(json.utf8))
    }

    @Test func zeroConversionsGiveNoPValueButAnInterval() throws {
        let totals = Self.totals(units: [100, 100], converted: [0, 0], values: [0, 0], squares: [0, 0])
        let comparison = try Self.comparison(totals)
        #expect(comparison.difference == 0)
        #expect(comparison.pValue == nil)
        #expect(comparison.relativeDifference == nil)
        #expect(comparison.ciLow == 0 && comparison.ciHigh == 0)
        #expect(comparison.valuePValue == nil)
        #expect(abs((comparison.probabilityToBeatControl ?? 0) - 0.5) < 1e-12)
        try Self.assertNoNaN(totals)
    }

    @Test func everyoneConvertedGivesNoPValue() throws {
        let totals = Self.totals(units: [10, 12], converted: [10, 12], values: [10, 24], squares: [12, 60])
        let comparison = try Self.comparison(totals)
        #expect(comparison.pValue == nil)
        #expect(comparison.relativeDifference == 0)
        #expect(comparison.valuePValue != nil)
        try Self.assertNoNaN(totals)
    }

    @Test func oneUnitGivesNullStatistics() throws {
        let totals = Self.totals(units: [1, 5], converted: [1, 2], values: [3, 4], squares: [9, 8])
        let comparison = try Self.comparison(totals)
        #expect(comparison.difference == nil && comparison.pValue == nil && comparison.probabilityToBeatControl == nil)
        #expect(comparison.valueDifference == nil)
        try Self.assertNoNaN(totals)
    }

    @Test func emptyGroupHasNoRate() throws {
        let totals = Self.totals(units: [0, 5], converted: [0, 2], values: [0, 4], squares: [0, 8])
        let readout = ReadoutBuilder.readout(totals)
        #expect(readout.goals[0].groups[0].conversionRate == nil)
        #expect(readout.goals[0].groups[0].valueMean == nil)
        // 0 and 5 units where equal weights expect 2.5 each: χ² = 2 × 2.5² / 2.5 = 5 on one degree
        // of freedom, p = 0.0253 (SciPy's chi2.sf(5, 1)): unlikely, but not a mismatch at 0.001.
        #expect(abs((readout.srm.chiSquare ?? .nan) - 5) < 1e-12)
        #expect(abs(readout.srm.pValue - 0.025347318677468325) < 1e-12)
        #expect(readout.srm.flagged == false)
        try Self.assertNoNaN(totals)
    }

    @Test func valuesAllZeroGiveNoValueTest() throws {
        let totals = Self.totals(units: [50, 50], converted: [5, 7], values: [0, 0], squares: [0, 0])
        let comparison = try Self.comparison(totals)
        #expect(comparison.valueDifference == 0)
        #expect(comparison.valuePValue == nil && comparison.valueCILow == nil)
        #expect(comparison.pValue != nil)
        try Self.assertNoNaN(totals)
    }

    @Test func valuesWhoseSquaresOverflowGiveNoValueTest() throws {
        let totals = Self.totals(units: [3, 3], converted: [1, 2], values: [1e300, 2e300], squares: [.infinity, .infinity])
        let comparison = try Self.comparison(totals)
        #expect(comparison.valuePValue == nil && comparison.valueCILow == nil)
        try Self.assertNoNaN(totals)
    }

    @Test func aaCheckFlagsADifferenceBetweenTwoControls() {
        let totals = ExperimentTotals(
            experiment: "aa", kind: .experiment, groups: ["control", "control_check", "blue"], weights: [1, 1, 1],
            control: "control", units: [10_000, 10_000, 10_000], conflicts: 0,
            goals: [GoalTotals(goal: "signup", converted: [1_000, 1_200, 1_100], valueSum: [0, 0, 0], valueSumOfSquares: [0, 0, 0])])
        let check = ReadoutBuilder.readout(totals).aaCheck
        #expect(check?.flagged == true)
        #expect((check?.pValues.first?.pValue ?? 1) < 0.01)
        var balanced = totals
        balanced.goals[0].converted = [1_000, 1_010, 1_100]
        #expect(ReadoutBuilder.readout(balanced).aaCheck?.flagged == false)
    }
}
