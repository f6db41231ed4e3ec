import SplitTestCompiler
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// Multivariate experiments over a million units: every cell receives its weight's share, and in
/// an evenly weighted full factorial the factors are independent, so each factor's levels split
/// every other factor's units alike.
@Suite("Multivariate cells over a million units")
struct FactorialQualityTests {
    /// The definition the compiler builds from `factors`, under the sample's salt.
    static func definition(_ factors: String) throws -> SplitTestDefinition {
        let yaml = "identifier: quality\ntype: device\nsalt: \(UnitSample.salt)\n" + factors
        let result = DefinitionCompiler.compile(
            [SourceFile(path: "quality.yaml", contents: Array(yaml.utf8))], today: CalendarDate(year: 2026, month: 11, day: 23))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return try #require(result.experiments.first).definition
    }

    static let designs: [(name: String, factors: String, weights: [Double])] = [
        ("3×3×2", "factors: { a: [a0, a1, a2], b: [b0, b1, b2], c: [c0, c1] }\n", [Double](repeating: 1, count: 18)),
        ("2×3, one cell weighted 2", "factors: { headline: [classic, urgent], button: [green, orange, purple] }\nweights: { \"urgent+orange\": 2 }\n",
         [1, 1, 1, 1, 2, 1]),
        ("half of 2×2×2, weighted", """
            factors: { steps: [three, five], video: [off, on], reminder: [none, push] }
            cells: [five+off+push, three+off+none, five+on+none, three+on+push]
            weights: { "three+on+push": 3, "five+on+none": 0.5 }

            """, [1, 3, 1, 0.5]),
    ]

    @Test("each cell's share is within 0.3 points of its weight's, and the sample ratio fits", arguments: designs.indices)
    func cellSharesFollowWeights(design: Int) throws {
        let (name, factors, weights) = Self.designs[design]
        let definition = try Self.definition(factors)
        #expect(definition.groups.count == weights.count)
        #expect(definition.bucketTable == BucketTable(weights: weights), "\(name): the cells' table in cell order")
        let counts = UnitSample.groupCounts(of: UnitSample.shared.groupBuckets, rules: definition)
        let total = Double(counts.reduce(0, +))
        let weightSum = weights.reduce(0, +)
        for (index, weight) in weights.enumerated() {
            let share = Double(counts[index]) / total
            #expect(abs(share - weight / weightSum) <= 0.003, "\(name) \(definition.groups[index]): share \(share)")
        }
        let fit = ChiSquareTest.goodnessOfFit(observed: counts, weights: definition.bucketTable.bucketCounts.map(Double.init))
        #expect(fit.pValue >= 0.001, "\(name): χ² \(fit.statistic), p \(fit.pValue)")

        // The runtime's own resolution agrees with the bucket counting for the first units.
        let cells = (0..<Bucketing.bucketCount).map(definition.bucketTable.groupIndex(forBucket:))
        for index in 0..<2_000 {
            let resolution = definition.resolve(unit: SyntheticUnits.id(index))
            #expect(resolution.groupIndex == cells[Int(UnitSample.shared.groupBuckets[index])])
        }
    }

    @Test("in an evenly weighted full factorial, every pair of factors is independent")
    func factorsAreIndependent() throws {
        let definition = try Self.definition(Self.designs[0].factors)
        let design = try #require(definition.factorial)
        #expect(design.isFullFactorial)
        let cellOfBucket = (0..<Bucketing.bucketCount).map(definition.bucketTable.groupIndex(forBucket:))
        let cells = UnitSample.shared.groupBuckets.map { cellOfBucket[Int($0)] }
        let levelCounts = design.factors.map(\.levels.count)
        for first in design.factors.indices {
            // Each factor's levels on their own: equal thirds or halves.
            var marginal = [Int](repeating: 0, count: levelCounts[first])
            for cell in cells { marginal[design.cellLevels[cell][first]] += 1 }
            for count in marginal {
                #expect(abs(Double(count) / Double(cells.count) - 1 / Double(levelCounts[first])) <= 0.003)
            }
            for second in design.factors.indices where second > first {
                var table = [[Int]](repeating: [Int](repeating: 0, count: levelCounts[second]), count: levelCounts[first])
                for cell in cells { table[design.cellLevels[cell][first]][design.cellLevels[cell][second]] += 1 }
                let result = ChiSquareTest.independence(table)
                #expect(result.degreesOfFreedom == (levelCounts[first] - 1) * (levelCounts[second] - 1))
                #expect(result.pValue >= 0.001, "\(design.factors[first].name) × \(design.factors[second].name): p \(result.pValue)")
            }
        }
    }
}
