/// SplitMix64: a small generator with a fixed seed, so that simulated data, the demo's figures and
/// a failing random test input are the same on every run. Not for anything that must be
/// unpredictable.
///
/// ```swift
/// var generator = SplitMix64(seed: 2_026)
/// let group = ["control", "blue"].randomElement(using: &generator)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniform draw in `0..<1`, from the top 53 bits of ``next()``.
    public mutating func uniform() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
