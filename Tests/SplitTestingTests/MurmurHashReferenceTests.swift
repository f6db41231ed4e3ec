import Foundation
import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting

/// Checks the hash against vectors made by an independent implementation (PyPI's `mmh3`, see
/// Fixtures/make_murmur3_vectors.py), so that other platforms can rely on reproducing it.
@Suite struct MurmurHashReferenceTests {
    struct Vector: Decodable {
        let key: String
        let seed: UInt32
        let hash: UInt32
        let bucket: Int
    }

    static func loadVectors() throws -> [Vector] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/murmur3_vectors.json")
        return try JSONDecoder().decode([Vector].self, from: Data(contentsOf: url))
    }

    @Test func fixtureCoversEveryTailLengthAndUnusualKeys() throws {
        let vectors = try Self.loadVectors()
        #expect(vectors.count >= 300)
        let lengths = Set(vectors.map { $0.key.utf8.count % 4 })
        #expect(lengths == [0, 1, 2, 3])
        #expect(vectors.contains { $0.key.isEmpty })
        #expect(vectors.contains { $0.key.utf8.count > 1000 })
        #expect(vectors.contains { $0.key.contains("🗻") })
        #expect(vectors.contains { $0.key.unicodeScalars.contains { !$0.isASCII } && !$0.key.contains("🗻") })
        #expect(Set(vectors.map(\.seed)) == [0, 1, 2])
    }

    @Test func everyVectorMatchesMurmurHash3AndBucketing() throws {
        var mismatches: [String] = []
        var keyed = 0
        for vector in try Self.loadVectors() {
            let whole = MurmurHash3.hash(Array(vector.key.utf8), seed: vector.seed)
            if whole != vector.hash { mismatches.append("hash(\(vector.key.debugDescription), \(vector.seed)) = \(whole)") }
            if Bucketing.bucket(forHash: vector.hash) != vector.bucket {
                mismatches.append("bucket(\(vector.hash)) != \(vector.bucket)")
            }
            // Keys of the form "<salt>:<unit>" also go through the key-building path.
            guard let colon = vector.key.firstIndex(of: ":") else { continue }
            let salt = String(vector.key[..<colon])
            let unit = String(vector.key[vector.key.index(after: colon)...])
            keyed += 1
            let split = Bucketing.hash(salt: salt, unit: unit, seed: vector.seed)
            if split != vector.hash { mismatches.append("Bucketing.hash(\(salt), \(unit.debugDescription), \(vector.seed)) = \(split)") }
            if let purpose = Bucketing.Purpose(rawValue: vector.seed),
                Bucketing.bucket(salt: salt, unit: unit, purpose: purpose) != vector.bucket
            {
                mismatches.append("Bucketing.bucket(\(salt), \(unit.debugDescription), \(purpose)) != \(vector.bucket)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(keyed >= 100, "\(keyed) vectors went through the key-building path")
    }
}
