/// Unit ids for the quality tests: UUID-shaped strings derived from an index, so that every run
/// sees the same million units and a failure can be reproduced.
enum SyntheticUnits {
    /// How many units the statistical checks look at.
    static let count = 1_000_000

    /// A lowercase UUID-shaped id (8-4-4-4-12 hex digits) for `index`, scrambled by SplitMix64 so
    /// that neighbouring indices share no digits; distinct indices give distinct ids because
    /// the first 64 bits are a bijection of the index.
    static func id(_ index: Int) -> String {
        let high = splitMix64(UInt64(index))
        let low = splitMix64(high ^ 0x5851_f42d_4c95_7f2d)
        // Written byte by byte into the string's own storage: building it from pieces costs
        // tens of microseconds per id in a debug build, which a million ids cannot afford.
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for nibble in 0..<32 {
                if nibble == 8 || nibble == 12 || nibble == 16 || nibble == 20 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = nibble < 16 ? high : low
                let digit = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (nibble % 16))) & 0xF
                buffer[position] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                position += 1
            }
            return position
        }
    }

    /// The SplitMix64 finaliser: a fixed bijection of 64-bit integers that mixes every input bit.
    private static func splitMix64(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
