/// A string as a dictionary or set key that equals another only when their UTF-8 bytes are the
/// same.
///
/// Swift's `String` compares and hashes by canonical equivalence: `"josé-0"` written with U+00E9
/// and written with `e` + U+0301 are one `String` key. Bucketing hashes the UTF-8 bytes of a unit
/// id, so those are two units with groups of their own, and every store and cache keyed by a unit
/// id (or by a key that contains one, such as a store key `split_test.assignment.<experiment>.<unit>`)
/// keys by this type instead, so that it never serves one unit another's group or exposure.
///
/// ```swift
/// var groups: [UTF8Key: String] = [:]
/// groups[UTF8Key("jos\u{E9}-0")] = "blue"
/// groups[UTF8Key("jose\u{301}-0")]  // nil: another unit
/// ```
public struct UTF8Key: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The string, with the very bytes it was made of.
    public let string: String

    @inlinable
    public init(_ string: String) {
        self.string = string
    }

    public init(stringLiteral string: String) {
        self.string = string
    }

    public var description: String { string }

    @inlinable
    public static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        let left = lhs.string.utf8
        let right = rhs.string.utf8
        // A native string knows its UTF-8 count without counting.
        guard left.count == right.count else { return false }
        let compared = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in
                sameBytes(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right))
            }
        }
        return (compared ?? nil) ?? left.elementsEqual(right)
    }

    /// Whether two buffers of the same length hold the same bytes, compared eight at a time: a
    /// byte at a time, a lookup by a store key (some fifty bytes) took twice as long as with `String`.
    @inlinable
    public static func sameBytes(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= left.count {
            guard left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < left.count {
            guard left[offset] == right[offset] else { return false }
            offset += 1
        }
        return true
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        // Every key hashes its bytes in one call, contiguous or not, so that equal keys hash alike
        // whatever their storage (a string bridged from Objective-C may not be contiguous).
        let hashed: Void? = string.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            Array(string.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        // A byte that UTF-8 never uses ends the key, so that the keys of a value holding several
        // (an experiment, a unit and a group) cannot run into one another.
        hasher.combine(0xFF as UInt8)
    }
}
