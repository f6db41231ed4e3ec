/// Turns group weights into whole bucket counts, so that no floating point is left at run time.
public enum BucketAllocation {
    /// The number of the 10,000 buckets each weight receives, by the largest-remainder method:
    /// every group gets the floor of its exact share, and the buckets left over go one each to the
    /// largest fractional parts, ties to the earlier group. The counts sum to 10,000.
    ///
    /// - Precondition: every weight is finite and non-negative, and at least one is positive.
    public static func bucketCounts(forWeights weights: [Double]) -> [Int] {
        precondition(
            weights.allSatisfy { $0.isFinite && $0 >= 0 } && weights.contains { $0 > 0 },
            "weights are validated to be finite, non-negative and not all zero"
        )
        let total = weights.reduce(0, +)
        let quotas = weights.map { $0 / total * Double(Bucketing.bucketCount) }
        var counts = quotas.map { Int($0) }  // truncation is the floor of a non-negative quota
        var left = Bucketing.bucketCount - counts.reduce(0, +)
        // Remainders that differ only by rounding noise count as ties, so equal weights
        // written differently (1 and 1.0, 10 and 10.000) always fall to the earlier group.
        let order = quotas.indices.sorted { a, b in
            let ra = quotas[a] - Double(counts[a])
            let rb = quotas[b] - Double(counts[b])
            if abs(ra - rb) > 1e-9 { return ra > rb }
            return a < b
        }
        for index in order where left > 0 && weights[index] > 0 {
            counts[index] += 1
            left -= 1
        }
        return counts
    }

    /// The exclusive upper bucket of each group, in declaration order: group `i` owns the buckets
    /// `bounds[i - 1]..<bounds[i]` (from 0 for the first); the last bound is 10,000.
    public static func upperBounds(forWeights weights: [Double]) -> [Int] {
        var bound = 0
        return bucketCounts(forWeights: weights).map { count in
            bound += count
            return bound
        }
    }
}
