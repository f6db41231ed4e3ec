/// How the p-values of a family of comparisons are adjusted, so that looking at many of them
/// does not find effects by chance: `splitc analyze --correction`.
///
/// The adjusted p-values are those of statsmodels' `multipletests` (`holm`, `fdr_bh`): compare
/// an adjusted p-value with 0.05 as one would the plain one.
///
/// ```swift
/// MultipleComparisonCorrection.holm.adjust([0.01, 0.04, 0.03])  // [0.03, 0.06, 0.06]
/// ```
public enum MultipleComparisonCorrection: String, Sendable, Hashable, CaseIterable {
    /// Holm's step-down method: controls the chance of any false positive in the family (the
    /// family-wise error rate), uniformly more powerful than Bonferroni.
    case holm
    /// Benjamini and Hochberg's step-up method: controls the expected share of false positives
    /// among the comparisons called significant (the false discovery rate); less strict.
    case bh
    /// No adjustment: each p-value as it is.
    case none

    /// The adjusted p-values of `pValues`, in their order.
    public func adjust(_ pValues: [Double]) -> [Double] {
        let count = pValues.count
        guard count > 1, self != .none else { return pValues }
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var adjusted = [Double](repeating: 0, count: count)
        switch self {
        case .holm:
            // Sorted ascending, the i-th (from 0) times (n − i), then a running maximum.
            var running = 0.0
            for (rank, index) in order.enumerated() {
                running = max(running, pValues[index] * Double(count - rank))
                adjusted[index] = min(1, running)
            }
        case .bh:
            // Sorted ascending, the i-th (from 1) over i/n, then a running minimum from the largest.
            var running = Double.infinity
            for (rank, index) in order.enumerated().reversed() {
                running = min(running, pValues[index] / (Double(rank + 1) / Double(count)))
                adjusted[index] = min(1, running)
            }
        case .none:
            return pValues
        }
        return adjusted
    }
}
