/// Which group owns each of the 10,000 buckets: consecutive ranges in declaration order, so
/// that no floating point is left at run time.
///
/// Group `i` owns the buckets `upperBounds[i - 1]..<upperBounds[i]` (from 0 for the first); a
/// group whose range is empty has weight 0 and receives no units. The one place where weights
/// become buckets, buckets become groups, and a percentage (traffic, a layer's range, a control
/// document's weights, a bandit's least weight) becomes buckets and back: the compiler, control
/// documents, the runtime and the readout all go through it.
package struct BucketTable: Sendable, Hashable {
    /// The exclusive upper bucket of each group; non-decreasing, the last is 10,000.
    package let upperBounds: [Int]

    /// A table from its upper bounds.
    package init(upperBounds: [Int]) {
        precondition(
            upperBounds.last == Bucketing.bucketCount
                && zip(upperBounds, upperBounds.dropFirst()).allSatisfy { $0 <= $1 }
                && (upperBounds.first ?? 0) >= 0,
            "bucket bounds are non-decreasing and end at \(Bucketing.bucketCount)")
        self.upperBounds = upperBounds
    }

    /// A table whose ranges are the bucket counts of `weights` (see ``bucketCounts(forWeights:)``).
    package init(weights: [Double]) {
        var bound = 0
        self.init(upperBounds: Self.bucketCounts(forWeights: weights).map { count in
            bound += count
            return bound
        })
    }

    /// The number of groups.
    package var groupCount: Int { upperBounds.count }

    /// How many buckets each group owns, in declaration order; they sum to 10,000.
    package var bucketCounts: [Int] {
        var previous = 0
        return upperBounds.map { bound in
            defer { previous = bound }
            return bound - previous
        }
    }

    /// The share of units each group receives, in `0...1`.
    package var shares: [Double] {
        bucketCounts.map { Double($0) / Double(Bucketing.bucketCount) }
    }

    /// The index of the group that owns `bucket`, which lies in `0..<10_000`.
    package func groupIndex(forBucket bucket: Int) -> Int {
        guard let index = upperBounds.firstIndex(where: { bucket < $0 }) else {
            preconditionFailure("bucket \(bucket) lies below the last bound, \(Bucketing.bucketCount)")
        }
        return index
    }

    /// The number of the 10,000 buckets each weight receives, by the largest-remainder method:
    /// every group gets the floor of its exact share, and the buckets left over go one each to
    /// the largest fractional parts, ties to the earlier group. The counts sum to 10,000.
    ///
    /// - Precondition: every weight is finite and non-negative, and at least one is positive.
    package static func bucketCounts(forWeights weights: [Double]) -> [Int] {
        precondition(
            weights.allSatisfy { $0.isFinite && $0 >= 0 } && weights.contains { $0 > 0 },
            "weights are validated to be finite, non-negative and not all zero")
        let total = weights.reduce(0, +)
        return largestRemainder(quotas: weights.map { $0 / total * Double(Bucketing.bucketCount) }, total: Bucketing.bucketCount)
    }

    /// Whole numbers summing to `total` from `quotas` (non-negative, summing to `total` up to
    /// rounding), by the largest-remainder method: every quota's floor, then the units left over
    /// one each to the largest fractional parts, ties to the earlier quota, never to a quota of 0.
    package static func largestRemainder(quotas: [Double], total: Int) -> [Int] {
        var counts = quotas.map { Int($0) }  // truncation is the floor of a non-negative quota
        var left = total - counts.reduce(0, +)
        // Remainders that differ only by rounding noise count as ties, so equal weights
        // written differently (1 and 1.0, 10 and 10.000) always fall to the earlier group.
        let order = quotas.indices.sorted { a, b in
            let ra = quotas[a] - Double(counts[a])
            let rb = quotas[b] - Double(counts[b])
            if abs(ra - rb) > 1e-9 { return ra > rb }
            return a < b
        }
        for index in order where left > 0 && quotas[index] > 0 {
            counts[index] += 1
            left -= 1
        }
        return counts
    }

    /// The buckets of `percent` (one bucket is 0.01 percent): `12.34` → 1,234; `nil` when the
    /// number is not finite or is finer than 0.01 percent. Ranges are the caller's to check.
    package static func buckets(percent: Double) -> Int? {
        guard percent.isFinite, abs(percent) <= 1e12 else { return nil }
        let scaled = percent * Double(Bucketing.bucketCount) / 100
        let buckets = scaled.rounded()
        guard abs(scaled - buckets) < 1e-6 else { return nil }
        return Int(buckets)
    }

    /// `buckets` in percent: 1,234 → 12.34.
    package static func percent(buckets: Int) -> Double {
        Double(buckets) / Double(Bucketing.bucketCount / 100)
    }

    /// `buckets` in percent as the definitions and control documents write it, without trailing
    /// zeros: 2,000 → `20`, 1,250 → `12.5`, 333 → `3.33`, 1 → `0.01`.
    package static func percentText(buckets: Int) -> String {
        let perPercent = Bucketing.bucketCount / 100
        let sign = buckets < 0 ? "-" : ""
        let magnitude = buckets.magnitude
        var text = sign + String(magnitude / UInt(perPercent))
        let hundredths = Int(magnitude % UInt(perPercent))
        if hundredths != 0 {
            text += hundredths % 10 == 0 ? ".\(hundredths / 10)" : (hundredths < 10 ? ".0\(hundredths)" : ".\(hundredths)")
        }
        return text
    }

    /// `buckets` in percent with two decimals: 3,334 → `33.34`.
    package static func percentTextWithTwoDecimals(buckets: Int) -> String {
        let hundredths = buckets % 100
        return "\(buckets / 100)." + (hundredths < 10 ? "0\(hundredths)" : "\(hundredths)")
    }
}
