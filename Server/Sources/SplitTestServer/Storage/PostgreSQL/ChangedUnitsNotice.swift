/// What an instance of the service tells the others, through PostgreSQL's `NOTIFY`, when it
/// changes units' stored groups: which instance it is and which units changed, so that each
/// other instance drops what it keeps of them in memory.
///
/// A payload is the instance's token, a space, then each unit as its length in UTF-8 bytes, a
/// colon and its bytes: a unit id may hold any character but U+0000, spaces and colons included,
/// and is read back byte for byte. PostgreSQL limits a payload to 8,000 bytes, so a long list is
/// cut into several.
enum ChangedUnitsNotice {
    /// The channel every instance listens on.
    static let channel = "split_test_units"

    /// The most bytes of one payload: under PostgreSQL's 8,000.
    static let payloadLimit = 7_900

    /// The payloads that say `units` changed, from the instance whose token is `instance`; none
    /// for no unit. A unit is at most 1,024 bytes (256 scalars), so each fits in one.
    static func payloads(units: some Sequence<String>, instance: String) -> [String] {
        var payloads: [String] = []
        var current = instance + " "
        var holdsUnits = false
        for unit in units {
            let entry = "\(unit.utf8.count):" + unit
            if holdsUnits, current.utf8.count + entry.utf8.count > payloadLimit {
                payloads.append(current)
                current = instance + " "
            }
            current += entry
            holdsUnits = true
        }
        if holdsUnits { payloads.append(current) }
        return payloads
    }

    /// The instance and units a payload names; `nil` for a payload this service did not write.
    static func read(_ payload: String) -> (instance: Substring, units: [String])? {
        let bytes = Array(payload.utf8)
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let instance = Substring(decoding: bytes[..<space], as: UTF8.self)
        var units: [String] = []
        var position = space + 1
        while position < bytes.count {
            var length = 0
            while position < bytes.count, bytes[position] != UInt8(ascii: ":") {
                let digit = Int(bytes[position]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit), length < payloadLimit else { return nil }
                length = length * 10 + digit
                position += 1
            }
            let start = position + 1
            guard position < bytes.count, start + length <= bytes.count else { return nil }
            units.append(String(decoding: bytes[start..<start + length], as: UTF8.self))
            position = start + length
        }
        return (instance, units)
    }
}
