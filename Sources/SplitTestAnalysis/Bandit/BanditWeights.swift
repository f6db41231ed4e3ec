@_spi(Tools) import SplitTesting

/// A bandit's next weights from its arms' top-two chances: the `min_weight` floor, then whole
/// hundredths of a percent (the unit of the 10,000 buckets) that sum to exactly 100 percent.
public enum BanditWeights {
    /// The weights in hundredths of a percent (summing to 10,000) for shares that sum to 1, with
    /// no arm under `minimumBuckets`.
    ///
    /// First every share below the minimum is raised to it and the others are scaled to fill the
    /// rest, again while one of them falls below (``clamped(_:minimum:)``); then the hundredths are
    /// rounded by the largest-remainder method, ties to the earlier arm, as the compiler turns
    /// weights into buckets.
    ///
    /// - Precondition: `minimumBuckets × arms ≤ 10,000` (the compiler checks `min_weight`).
    public static func hundredths(shares: [Double], minimumBuckets: Int) -> [Int] {
        let total = Bucketing.bucketCount
        precondition(minimumBuckets >= 0 && minimumBuckets * shares.count <= total, "every arm can have the minimum")
        let quotas = clamped(shares.map { $0 * Double(total) }, minimum: Double(minimumBuckets))
        return BucketTable.largestRemainder(quotas: quotas, total: total)
    }

    /// `values` (non-negative, summing to a total) with every value below `minimum` raised to it
    /// and the others scaled in proportion so that the total stays, repeated while a scaled value
    /// falls below the minimum. A raised value is exactly `minimum`.
    public static func clamped(_ values: [Double], minimum: Double) -> [Double] {
        let total = values.reduce(0, +)
        var raised = [Bool](repeating: false, count: values.count)
        var result = values
        while true {
            let newlyRaised = result.indices.filter { !raised[$0] && result[$0] < minimum }
            guard !newlyRaised.isEmpty else { return result }
            for index in newlyRaised { raised[index] = true }
            let free = total - Double(raised.filter { $0 }.count) * minimum
            let rest = values.indices.filter { !raised[$0] }.reduce(0) { $0 + values[$1] }
            for index in values.indices {
                if raised[index] {
                    result[index] = minimum
                } else {
                    // A rest of 0 cannot happen with a free share left; both 0 when every arm is raised.
                    result[index] = rest > 0 ? values[index] * free / rest : free / Double(values.count - raised.filter { $0 }.count)
                }
            }
        }
    }
}
