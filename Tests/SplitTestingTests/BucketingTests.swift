import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The reference vectors of the specification's bucketing table.
@Suite struct BucketingTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let key: String
        let seed: UInt32
        let hash: UInt32
        let bucket: Int
        var testDescription: String { "\(key) seed \(seed)" }
    }

    static let vectors: [Vector] = [
        Vector(key: "button_color:3f2504e0-4f89-11d3-9a0c-0305e82c3301", seed: 0, hash: 1_784_691_558, bucket: 4155),
        Vector(key: "button_color:user-42", seed: 0, hash: 3_071_382_207, bucket: 7151),
        Vector(key: "profile_redesign:user-42", seed: 0, hash: 1_876_876_763, bucket: 4369),
        Vector(key: "profile_redesign:user-42", seed: 1, hash: 2_467_707_866, bucket: 5745),
        Vector(key: "checkout:user-42", seed: 2, hash: 1_024_042_199, bucket: 2384),
        Vector(key: "feed_prefetch:ø-ünicode-ключ-🗻", seed: 0, hash: 3_487_500_991, bucket: 8119),
        Vector(key: ":", seed: 0, hash: 723_937_430, bucket: 1685),
    ]

    @Test(arguments: vectors)
    func specificationVector(_ vector: Vector) {
        let colon = vector.key.firstIndex(of: ":")!
        let salt = String(vector.key[..<colon])
        let unit = String(vector.key[vector.key.index(after: colon)...])
        #expect(MurmurHash3.hash(Array(vector.key.utf8), seed: vector.seed) == vector.hash)
        #expect(Bucketing.hash(salt: salt, unit: unit, seed: vector.seed) == vector.hash)
        #expect(Bucketing.bucket(forHash: vector.hash) == vector.bucket)
        let purpose = Bucketing.Purpose(rawValue: vector.seed)!
        #expect(Bucketing.bucket(salt: salt, unit: unit, purpose: purpose) == vector.bucket)
    }

    @Test func largestRemainderSumsToAllBucketsWithTiesToTheEarlierGroup() {
        #expect(BucketTable.bucketCounts(forWeights: [1, 1, 1]) == [3334, 3333, 3333])
        #expect(BucketTable.bucketCounts(forWeights: [10, 20, 70]) == [1000, 2000, 7000])
        #expect(BucketTable.bucketCounts(forWeights: [1, 0, 2]) == [3333, 0, 6667])
        #expect(BucketTable(weights: [1, 1, 1]).upperBounds == [3334, 6667, 10_000])
        #expect(BucketTable.bucketCounts(forWeights: [1, 1, 1, 1, 1, 1]) == [1667, 1667, 1667, 1667, 1666, 1666])
    }
}
