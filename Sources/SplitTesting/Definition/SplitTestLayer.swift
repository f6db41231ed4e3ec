/// A placement of an experiment in a layer: experiments of one layer own disjoint slices of it,
/// so they never share a unit.
@_spi(Generated) public struct SplitTestLayer: Sendable, Hashable {
    /// The layer's name; units are placed in it by hashing `"<name>:<unit id>"` with seed 2.
    public let name: String
    /// The slice of the layer's 10,000 buckets that this experiment owns.
    public let buckets: Range<Int>

    /// Creates a layer placement; `buckets` must lie within `0..<10_000`.
    public init(name: String, buckets: Range<Int>) {
        precondition(
            buckets.lowerBound >= 0 && buckets.upperBound <= Bucketing.bucketCount,
            "a layer placement lies within the layer's \(Bucketing.bucketCount) buckets"
        )
        self.name = name
        self.buckets = buckets
    }
}
