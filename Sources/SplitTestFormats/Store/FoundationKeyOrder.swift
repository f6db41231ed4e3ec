/// The order in which Foundation's `JSONSerialization` sorts an object's names on Linux (a
/// numeric, case-insensitive collation of the root locale, ties broken so that no two names are
/// equal), for names of ASCII characters: punctuation and symbols first in the root collation's
/// order, then numbers by value, then letters whatever their case; on a tie, lowercase first, then
/// fewer leading zeros, then code points. Names with other characters order after those letters
/// by code point, which reads back the same but need not be where Foundation put them.
package enum FoundationKeyOrder {
    /// A name's place in the order, computed once so that sorting many names compares only these.
    package struct Key: Comparable {
        let primary: [UInt32]
        let tertiary: [UInt8]
        let zeros: [Int]
        let scalars: [UInt32]

        package init(_ text: String) {
            (primary, tertiary, zeros) = FoundationKeyOrder.weights(text)
            scalars = text.unicodeScalars.map(\.value)
        }

        package static func < (left: Key, right: Key) -> Bool {
            if left.primary != right.primary { return left.primary.lexicographicallyPrecedes(right.primary) }
            if left.tertiary != right.tertiary { return left.tertiary.lexicographicallyPrecedes(right.tertiary) }
            if left.zeros != right.zeros { return left.zeros.lexicographicallyPrecedes(right.zeros) }
            return left.scalars.lexicographicallyPrecedes(right.scalars)
        }
    }

    /// The root collation's order of the ASCII punctuation and symbols.
    private static let punctuation = Array("_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".utf8)

    /// Weights: punctuation from 1, a number from 100 (then its digits without leading zeros,
    /// longer numbers after shorter ones), letters from 1_000, other scalars after them.
    fileprivate static func weights(_ text: String) -> (primary: [UInt32], tertiary: [UInt8], zeros: [Int]) {
        var primary: [UInt32] = []
        var tertiary: [UInt8] = []
        var zeros: [Int] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value < 0x20 || value == 0x7F {
                // Control characters weigh nothing.
                index += 1
            } else if value >= 0x30 && value <= 0x39 {
                var end = index
                while end < scalars.count, scalars[end].value >= 0x30, scalars[end].value <= 0x39 { end += 1 }
                var first = index
                while first < end - 1, scalars[first].value == 0x30 { first += 1 }
                zeros.append(first - index)
                primary.append(100)
                primary.append(UInt32(end - first))
                primary.append(contentsOf: scalars[first..<end].map { $0.value })
                index = end
            } else if let letter = Self.letterWeight(value) {
                primary.append(1_000 + letter)
                tertiary.append(value >= 0x61 ? 0 : 1)
                index += 1
            } else if let rank = punctuation.firstIndex(of: UInt8(truncatingIfNeeded: value)), value < 0x80 {
                primary.append(1 + UInt32(rank))
                index += 1
            } else if value == 0x20 {
                primary.append(0)
                index += 1
            } else {
                primary.append(2_000 + value)
                index += 1
            }
        }
        return (primary, tertiary, zeros)
    }

    private static func letterWeight(_ value: UInt32) -> UInt32? {
        switch value {
        case 0x41...0x5A: value - 0x41
        case 0x61...0x7A: value - 0x61
        default: nil
        }
    }
}
