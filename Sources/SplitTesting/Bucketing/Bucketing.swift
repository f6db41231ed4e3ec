/// The normative bucketing of SplitTesting; other platforms must reproduce it bit for bit.
///
/// A unit lands in one of 10,000 buckets:
/// `bucket = (UInt64(MurmurHash3_x86_32(utf8("<salt>:<unit id>"), seed)) * 10_000) >> 32`.
/// The seed separates the three independent draws made for one unit: the group (seed 0),
/// traffic enrolment (seed 1, same key), the layer (seed 2, keyed by the layer's name) and the
/// holdout (seed 3, keyed by the holdout's name).
@_spi(Tools) public enum Bucketing {
    /// The number of buckets: a weight or a traffic share has a precision of 0.01%.
    public static let bucketCount = 10_000

    /// The independent draws made for a unit, each with its own MurmurHash3 seed.
    public enum Purpose: UInt32, Sendable, CaseIterable {
        /// Which group a unit is in (key `"<salt>:<unit id>"`).
        case group = 0
        /// Whether a unit is within the experiment's traffic (key `"<salt>:<unit id>"`).
        case traffic = 1
        /// Where a unit is in a layer (key `"<layer name>:<unit id>"`).
        case layer = 2
        /// Whether a unit is kept out by a holdout (key `"<holdout name>:<unit id>"`).
        case holdout = 3
    }

    /// The bucket, in `0..<10_000`, of `"<salt>:<unit>"` for `purpose`.
    @inlinable
    public static func bucket(salt: String, unit: String, purpose: Purpose) -> Int {
        bucket(forHash: hash(salt: salt, unit: unit, seed: purpose.rawValue))
    }

    /// MurmurHash3_x86_32 of the UTF-8 bytes of `"<salt>:<unit>"`, without building that string.
    @inlinable
    public static func hash(salt: String, unit: String, seed: UInt32) -> UInt32 {
        var hasher = MurmurHash3(seed: seed)
        hasher.combine(utf8: salt)
        hasher.combine(0x3A)  // ":"
        hasher.combine(utf8: unit)
        return hasher.finalize()
    }

    /// Maps a 32-bit hash onto `0..<10_000` without modulo bias towards low buckets.
    @inlinable
    public static func bucket(forHash hash: UInt32) -> Int {
        Int((UInt64(hash) &* UInt64(bucketCount)) >> 32)
    }
}
