/// MurmurHash3, x86 32-bit variant (Austin Appleby's public-domain design), fed incrementally so
/// that a key made of several strings is hashed without concatenating them.
@usableFromInline package struct MurmurHash3: Sendable {
    @usableFromInline var state: UInt32
    @usableFromInline var pending: UInt32 = 0
    @usableFromInline var pendingCount: UInt32 = 0
    @usableFromInline var length: UInt32 = 0

    @usableFromInline static let c1: UInt32 = 0xcc9e_2d51
    @usableFromInline static let c2: UInt32 = 0x1b87_3593

    /// Starts a hash with `seed`.
    @inlinable
    package init(seed: UInt32) {
        state = seed
    }

    /// Hashes `bytes` in one call.
    @inlinable
    package static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, seed: UInt32) -> UInt32 {
        var hasher = MurmurHash3(seed: seed)
        for byte in bytes { hasher.combine(byte) }
        return hasher.finalize()
    }

    /// Adds the UTF-8 bytes of `string`.
    @inlinable
    package mutating func combine(utf8 string: String) {
        var string = string
        string.withUTF8 { combine(bytes: $0) }
    }

    /// Adds `bytes`, a whole 32-bit block at a time where the blocks line up, so that hashing a
    /// unit id costs tens of nanoseconds rather than a call per byte.
    @inlinable
    package mutating func combine(bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while pendingCount != 0, index < bytes.count {
            combine(bytes[index])
            index += 1
        }
        guard let base = bytes.baseAddress else { return }
        while bytes.count - index >= 4 {
            let block = UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self))
            mixBlock(block)
            length &+= 4
            index += 4
        }
        while index < bytes.count {
            combine(bytes[index])
            index += 1
        }
    }

    /// Adds one byte; bytes form little-endian 32-bit blocks.
    @inlinable
    package mutating func combine(_ byte: UInt8) {
        pending |= UInt32(byte) &<< (pendingCount &* 8)
        pendingCount &+= 1
        length &+= 1
        if pendingCount == 4 {
            mixBlock(pending)
            pending = 0
            pendingCount = 0
        }
    }

    /// Mixes one complete little-endian block into the state (the caller counts its length).
    @inlinable
    mutating func mixBlock(_ block: UInt32) {
        state ^= Self.scramble(block)
        state = (state << 13 | state >> 19) &* 5 &+ 0xe654_6b64
    }

    /// The hash of everything added so far.
    @inlinable
    package func finalize() -> UInt32 {
        var h = state
        if pendingCount > 0 { h ^= Self.scramble(pending) }
        h ^= length
        h ^= h >> 16
        h &*= 0x85eb_ca6b
        h ^= h >> 13
        h &*= 0xc2b2_ae35
        h ^= h >> 16
        return h
    }

    @inlinable
    static func scramble(_ block: UInt32) -> UInt32 {
        var k = block &* c1
        k = k << 15 | k >> 17
        return k &* c2
    }
}
