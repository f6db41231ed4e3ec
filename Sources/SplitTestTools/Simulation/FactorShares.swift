@_spi(Tools) import SplitTestCompiler
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) import SplitTesting

/// How synthetic units spread over the levels of one factor of a multivariate experiment: each
/// level's units are those of its cells, against the shares of those cells' weights.
public struct FactorShares: Sendable, Hashable, Encodable {
    /// One level's share.
    public struct LevelShare: Sendable, Hashable, Encodable {
        /// The level's name as written in YAML.
        public var level: String
        /// The share of enrolled units the cells' weights promise the level, in `0...1`.
        public var expectedShare: Double
        /// The share of enrolled units its cells received, in `0...1` (0 when nobody was enrolled).
        public var observedShare: Double
        /// How many enrolled units its cells received.
        public var units: Int
    }

    /// The factor's name.
    public var factor: String
    /// One entry per level, in declaration order.
    public var levels: [LevelShare]
    /// The chi-square goodness-of-fit p-value of the levels' counts against their shares; `nil`
    /// when nothing was bucketed.
    public var sampleRatioPValue: Double?

    /// The shares of every factor of `design`, from the enrolled units of each cell (`counts`,
    /// in the definition's group order) and each cell's share of the buckets (`shares`).
    static func all(design: SplitTestFactorialDesign, counts: [Int], shares: [Double]) -> [FactorShares] {
        let enrolled = counts.reduce(0, +)
        return design.factors.indices.map { factor in
            var levelCounts = [Int](repeating: 0, count: design.factors[factor].levels.count)
            var levelShares = [Double](repeating: 0, count: levelCounts.count)
            for (cell, levels) in design.cellLevels.enumerated() {
                levelCounts[levels[factor]] += counts[cell]
                levelShares[levels[factor]] += shares[cell]
            }
            return FactorShares(
                factor: design.factors[factor].name,
                levels: levelCounts.indices.map { level in
                    LevelShare(
                        level: design.factors[factor].levels[level], expectedShare: levelShares[level],
                        observedShare: enrolled == 0 ? 0 : Double(levelCounts[level]) / Double(enrolled),
                        units: levelCounts[level])
                },
                sampleRatioPValue: enrolled == 0
                    ? nil
                    : ChiSquareTest.goodnessOfFit(observed: levelCounts, expected: levelShares.map { $0 * Double(enrolled) }).pValue)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case factor, levels, sampleRatioPValue
    }

    /// Encodes every key, the p-value as `null` when there is none.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(factor, forKey: .factor)
        try container.encode(levels, forKey: .levels)
        try container.encode(sampleRatioPValue, forKey: .sampleRatioPValue)
    }
}
