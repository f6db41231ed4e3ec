import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestStatistics
import Testing

/// `splitc assign` and `splitc simulate` on a multivariate experiment: the group is a cell, and
/// each factor's levels are reported too.
@Suite struct MultivariateCommandTests {
    static let checkoutPage = """
        identifier: checkout_page
        type: user
        factors:
          headline: [classic, urgent]
          button: [green, orange, purple]
        weights: { "urgent+orange": 2 }
        force: { qa-user: urgent+purple }
        """

    static let cells = ["classic+green", "classic+orange", "classic+purple", "urgent+green", "urgent+orange", "urgent+purple"]

    /// The cell of `unit`, computed here from the normative bucketing: the group hash, and the
    /// bucket table of the weights 1, 1, 1, 1, 2, 1 over the cells in cell order.
    static func expectedCell(of unit: String) -> String {
        let bucket = Bucketing.bucket(salt: "checkout_page", unit: unit, purpose: .group)
        let bounds = [1429, 2858, 4287, 5715, 8572, 10_000]
        return cells[bounds.firstIndex { bucket < $0 } ?? 0]
    }

    @Test func assignAnswersTheCellAndItsLevels() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/checkout_page.yaml", Self.checkoutPage)
        for unit in ["user-42", "user-7", "user-1000"] {
            let cell = Self.expectedCell(of: unit)
            let levels = cell.split(separator: "+").map(String.init)
            let text = try folder.splitc("assign", "--experiment", "checkout_page", "--unit", unit)
            #expect(text.status == 0, "\(text.stderr)")
            let bucket = Bucketing.bucket(salt: "checkout_page", unit: unit, purpose: .group)
            #expect(text.stdout == "checkout_page: unit '\(unit)' is in cell '\(cell)' (headline: \(levels[0]), button: \(levels[1])) (bucketed, bucket \(bucket))\n")
            let json = try #require(try folder.splitc("assign", "--experiment", "checkout_page", "--unit", unit, "--format", "json").json() as? [String: Any])
            #expect(json["group"] as? String == cell)
            #expect(json["levels"] as? [String: String] == ["headline": levels[0], "button": levels[1]])
        }
        let forced = try #require(try folder.splitc("assign", "--experiment", "checkout_page", "--unit", "qa-user", "--format", "json").json() as? [String: Any])
        #expect(forced["group"] as? String == "urgent+purple")
        #expect(forced["reason"] as? String == "forced")
    }

    @Test func simulateReportsEachCellAndEachFactorsLevels() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/checkout_page.yaml", Self.checkoutPage)
        try folder.write("experiments/plain.yaml", "identifier: plain\ntype: device\ngroups: [a, b]\n")
        let outcome = try folder.splitc("simulate", "--units", "20000", "--format", "json")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let result = try #require(try outcome.json() as? [[String: Any]])
        let experiment = try #require(result.first { $0["experiment"] as? String == "checkout_page" })
        let groups = try #require(experiment["groups"] as? [[String: Any]])
        #expect(groups.map { $0["group"] as? String } == Self.cells)
        var expectedCounts = [String: Int]()
        for index in 0..<20_000 { expectedCounts[Self.expectedCell(of: "unit-\(index)"), default: 0] += 1 }
        #expect(groups.map { $0["units"] as? Int } == Self.cells.map { expectedCounts[$0] ?? 0 })

        let factors = try #require(experiment["factors"] as? [[String: Any]])
        #expect(factors.map { $0["factor"] as? String } == ["headline", "button"])
        let button = try #require(factors.last?["levels"] as? [[String: Any]])
        #expect(button.map { $0["level"] as? String } == ["green", "orange", "purple"])
        let orange = (expectedCounts["classic+orange"] ?? 0) + (expectedCounts["urgent+orange"] ?? 0)
        #expect(button[1]["units"] as? Int == orange)
        #expect(abs((button[1]["expectedShare"] as? Double ?? 0) - (1429.0 + 2857) / 10_000) < 1e-12)
        let counts = button.compactMap { $0["units"] as? Int }
        let shares = button.compactMap { $0["expectedShare"] as? Double }
        let pValue = try #require(factors.last?["sampleRatioPValue"] as? Double)
        #expect(abs(pValue - ChiSquareTest.goodnessOfFit(observed: counts, expected: shares.map { $0 * 20_000 }).pValue) < 1e-12)

        let plain = try #require(result.first { $0["experiment"] as? String == "plain" })
        #expect(plain["factors"] == nil, "an experiment with plain groups has no factors key")

        let text = try folder.splitc("simulate", "--units", "20000")
        #expect(text.stdout.contains("  factor button: sample-ratio p = \(String(format: "%.4f", pValue))\n"))
        #expect(text.stdout.contains("    orange  expected  42.86%  observed  \(String(format: "%5.2f", Double(orange) / 200))%  \(orange) units\n"))
    }
}
