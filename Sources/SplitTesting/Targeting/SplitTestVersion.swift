/// A version of dot-separated numbers (`5.2.0`), compared numerically component by component,
/// with missing components read as zero: `5.10 > 5.9`, `5 == 5.0.0`.
///
/// Pre-release and build suffixes (`-beta`, `+42`) are not versions here: targeting compares
/// released versions only.
///
/// ```swift
/// SplitTestVersion("5.10")! > SplitTestVersion("5.9")!   // true
/// SplitTestVersion("5")! == SplitTestVersion("5.0.0")!   // true
/// SplitTestVersion("05.1")                              // nil: leading zeros are ambiguous
/// ```
///
/// The value of a version attribute (`app_version`, `os_version`), which the platform reports;
/// behind `@_spi(Generated)` with the other attribute values.
@_spi(Generated) public struct SplitTestVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numeric components, as written (trailing zeros are kept for display).
    @_spi(Generated) public let components: [Int]

    /// Creates a version from its components; at least one, none negative.
    @_spi(Generated) public init(components: [Int]) {
        precondition(!components.isEmpty && components.allSatisfy { $0 >= 0 }, "a version has non-negative components")
        self.components = components
    }

    /// What ``init(_:)`` reads, as a regular expression: one to nine digits per component, no
    /// leading zero but in 0 itself, joined by dots.
    package static let pattern = "^(0|[1-9][0-9]{0,8})(\\.(0|[1-9][0-9]{0,8}))*$"

    /// Parses `text`: one or more non-negative integers joined by dots, without leading zeros
    /// (`0` itself is fine), signs, spaces or suffixes; `nil` otherwise.
    public init?(_ text: some StringProtocol) {
        // One pass over the bytes: a component is 1 to 9 digits, and starts with 0 only when it
        // is 0.
        var components: [Int] = []
        components.reserveCapacity(4)
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                guard digits > 0 else { return nil }
                components.append(value)
                (value, digits) = (0, 0)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 9, !(digits == 1 && value == 0) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            default:
                return nil
            }
        }
        guard digits > 0 else { return nil }
        components.append(value)
        self.components = components
    }

    /// The version as written from its components, e.g. `5.2.0`.
    public var description: String {
        components.map(String.init).joined(separator: ".")
    }

    /// Equal when every component is, missing ones read as zero.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        compare(lhs, rhs) == 0
    }

    /// Hashes the components without trailing zeros, so that equal versions hash alike.
    public func hash(into hasher: inout Hasher) {
        var significant = components[...]
        while significant.count > 1, significant.last == 0 { significant = significant.dropLast() }
        hasher.combine(Array(significant))
    }

    /// Ordered by the first component that differs, missing ones read as zero.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        compare(lhs, rhs) < 0
    }

    private static func compare(_ lhs: Self, _ rhs: Self) -> Int {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right ? -1 : 1 }
        }
        return 0
    }
}
