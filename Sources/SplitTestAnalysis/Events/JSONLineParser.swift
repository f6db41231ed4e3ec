import SplitTesting

/// Reads one event line, a JSON object, without Foundation and without building a tree: the
/// fields the readout needs are copied out, everything else is skipped.
///
/// Nesting is skipped with a counter, not recursion, so no line can exhaust the stack.
public struct JSONLineParser {
    /// Why a line could not be read.
    public enum Problem: Error, Sendable, Hashable {
        /// Not a JSON object, or not well-formed; the message says where.
        case malformed(String)
        /// Well-formed, but without `event` or a readable `date`.
        case missingField(String)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var event = RawEvent(name: "", time: 0)
    private var sawName = false
    private var sawTime = false
    private var lineUser: String?

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Parses `line` (without its newline).
    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<RawEvent, Problem> {
        var parser = JSONLineParser(bytes: line)
        do {
            try parser.parseTopLevel()
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(.malformed("unreadable"))
        }
        guard parser.sawName else { return .failure(.missingField("no \"event\"")) }
        guard parser.sawTime else { return .failure(.missingField("no readable \"date\"")) }
        if parser.event.user == nil { parser.event.user = parser.lineUser }
        return .success(parser.event)
    }

    /// Parses `line`, a convenience for tests and tools.
    public static func parse(_ line: String) -> Result<RawEvent, Problem> {
        var copy = Array(line.utf8)
        return copy.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    private mutating func parseTopLevel() throws {
        skipSpace()
        try expect(0x7B)
        try parseMembers(topLevel: true)
        skipSpace()
        guard index == bytes.count else { throw Problem.malformed("text after the object at byte \(index + 1)") }
    }

    private mutating func parseMembers(topLevel: Bool) throws {
        skipSpace()
        if peek == 0x7D {
            index += 1
            return
        }
        while true {
            skipSpace()
            let key = try readStringRange()
            skipSpace()
            try expect(0x3A)
            skipSpace()
            try parseValue(key: key, topLevel: topLevel)
            skipSpace()
            guard let next = peek else { throw Problem.malformed("unterminated object") }
            index += 1
            if next == 0x7D { return }
            guard next == 0x2C else { throw Problem.malformed("expected ',' or '}' at byte \(index)") }
        }
    }

    private enum Field { case event, date, properties, lineUser, experiment, group, unit, goal, value, device, user, holdout, period, other }

    /// The names read, as the runtime writes them (``JSONLinesTrackingProvider/Field`` and
    /// ``TrackingEvent/Property``), as bytes: a key is compared without building a string.
    private static let topLevelNames: [(name: [UInt8], field: Field)] = [
        (Array(JSONLinesTrackingProvider.Field.event.utf8), .event),
        (Array(JSONLinesTrackingProvider.Field.date.utf8), .date),
        (Array(JSONLinesTrackingProvider.Field.properties.utf8), .properties),
        (Array(JSONLinesTrackingProvider.Field.user.utf8), .lineUser),
    ]
    private static let propertyNames: [(name: [UInt8], field: Field)] = [
        (Array(TrackingEvent.Property.experiment.utf8), .experiment),
        (Array(TrackingEvent.Property.group.utf8), .group),
        (Array(TrackingEvent.Property.unit.utf8), .unit),
        (Array(TrackingEvent.Property.goal.utf8), .goal),
        (Array(TrackingEvent.Property.value.utf8), .value),
        (Array(TrackingEvent.Property.device.utf8), .device),
        (Array(TrackingEvent.Property.user.utf8), .user),
        (Array(TrackingEvent.Property.holdout.utf8), .holdout),
        (Array(TrackingEvent.Property.period.utf8), .period),
    ]

    private func field(_ key: Range<Int>, topLevel: Bool) -> Field {
        let name = UnsafeBufferPointer(rebasing: bytes[key])
        func find(in names: [(name: [UInt8], field: Field)]) -> Field? {
            candidates: for candidate in names where candidate.name.count == name.count {
                for offset in 0..<name.count where candidate.name[offset] != name[offset] { continue candidates }
                return candidate.field
            }
            return nil
        }
        if topLevel, let field = find(in: Self.topLevelNames) { return field }
        return find(in: Self.propertyNames) ?? .other
    }

    private mutating func parseValue(key: Range<Int>?, topLevel: Bool) throws {
        let field = key.map { self.field($0, topLevel: topLevel) } ?? .other
        guard let first = peek else { throw Problem.malformed("missing value") }
        switch first {
        case 0x22:
            switch field {
            case .other, .properties:
                // Not needed: skipped without building a string.
                _ = try readStringRange()
                return
            case .date:
                let range = try readStringRange()
                guard let time = EventTime.parse(UnsafeBufferPointer(rebasing: bytes[range])) else {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                    throw Problem.missingField("\"date\" is not an ISO 8601 time: \(text)")
                }
                event.time = time
                sawTime = true
                return
            default: break
            }
            let text = try readString()
            switch field {
            case .event:
                event.name = text
                sawName = true
            case .date: break
            case .lineUser: lineUser = text
            case .experiment: event.experiment = text
            case .group: event.group = text
            case .unit: event.unit = text
            case .goal: event.goal = text
            case .device: event.device = text
            case .user: event.user = text
            case .holdout: event.holdout = text
            case .value: event.valueIsInvalid = true
            case .period: event.periodIsInvalid = true
            case .properties, .other: break
            }
        case 0x7B:
            index += 1
            if field == .properties {
                try parseMembers(topLevel: false)
            } else {
                try skipNested(opening: 0x7B)
                if field == .period { event.periodIsInvalid = true }
                // An object is no more a number than an array is.
                if field == .value { event.valueIsInvalid = true }
            }
        case 0x5B:
            index += 1
            try skipNested(opening: 0x5B)
            if field == .value { event.valueIsInvalid = true }
            if field == .period { event.periodIsInvalid = true }
        default:
            let start = index
            while let byte = peek, byte != 0x2C, byte != 0x7D, byte != 0x5D, !Self.isSpace(byte) { index += 1 }
            let literal = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard let number = Self.number(literal) else {
                guard Self.isKeyword(literal) else { throw Problem.malformed("bad value at byte \(start + 1)") }
                if field == .value, !Self.isNull(literal) { event.valueIsInvalid = true }
                if field == .period, !Self.isNull(literal) { event.periodIsInvalid = true }
                return
            }
            switch field {
            case .value:
                if number.isFinite { event.value = number } else { event.valueIsInvalid = true }
            case .period:
                if number >= 0, number <= Double(Int32.max), number == number.rounded() { event.period = Int(number) } else { event.periodIsInvalid = true }
            case .date:
                event.time = number
                sawTime = true
            default: break
            }
        }
    }

    /// Skips an object or array whose opening bracket was just read, strings included.
    private mutating func skipNested(opening: UInt8) throws {
        var depth = 1
        while depth > 0 {
            guard let byte = peek else { throw Problem.malformed("unterminated \(opening == 0x7B ? "object" : "array")") }
            switch byte {
            case 0x22: _ = try readStringRange()
            case 0x7B, 0x5B:
                depth += 1
                index += 1
            case 0x7D, 0x5D:
                depth -= 1
                index += 1
            default: index += 1
            }
        }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }

    private mutating func skipSpace() {
        while let byte = peek, Self.isSpace(byte) { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard peek == byte else {
            throw Problem.malformed("expected '\(Character(Unicode.Scalar(byte)))' at byte \(index + 1)")
        }
        index += 1
    }

    /// Reads a string without escapes as a range of the line, or throws; a key is read this way.
    private mutating func readStringRange() throws -> Range<Int> {
        try expect(0x22)
        let start = index
        while let byte = peek {
            if byte == 0x22 {
                index += 1
                return start..<(index - 1)
            }
            if byte == 0x5C { index += 1 }
            guard byte >= 0x20 else { throw Problem.malformed("control character in a string at byte \(index + 1)") }
            index += 1
        }
        throw Problem.malformed("unterminated string")
    }

    /// Reads a string value, decoding escapes.
    private mutating func readString() throws -> String {
        let range = try readStringRange()
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard raw.contains(0x5C) else {
            return String(decoding: raw, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var decoded: [UInt8] = []
        var position = 0
        func flush() {
            scalars.append(contentsOf: String(decoding: decoded, as: UTF8.self).unicodeScalars)
            decoded.removeAll(keepingCapacity: true)
        }
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 4 <= raw.count else { throw Problem.malformed("short \\u escape") }
            var value: UInt32 = 0
            for byte in raw[at..<(at + 4)] {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
                default: throw Problem.malformed("bad \\u escape")
                }
                value = value * 16 + digit
            }
            return value
        }
        while position < raw.count {
            let byte = raw[position]
            guard byte == 0x5C else {
                decoded.append(byte)
                position += 1
                continue
            }
            guard position + 1 < raw.count else { throw Problem.malformed("bad escape") }
            let escaped = raw[position + 1]
            position += 2
            switch escaped {
            case 0x22, 0x5C, 0x2F: decoded.append(escaped)
            case 0x62: decoded.append(0x08)
            case 0x66: decoded.append(0x0C)
            case 0x6E: decoded.append(0x0A)
            case 0x72: decoded.append(0x0D)
            case 0x74: decoded.append(0x09)
            case 0x75:
                var code = try hex4(position)
                position += 4
                if (0xD800..<0xDC00).contains(code), position + 6 <= raw.count, raw[position] == 0x5C,
                    raw[position + 1] == 0x75
                {
                    let low = try hex4(position + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        position += 6
                    }
                }
                flush()
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: throw Problem.malformed("bad escape '\\\(Character(Unicode.Scalar(escaped)))'")
            }
        }
        flush()
        return String(scalars)
    }

    private static func isKeyword(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = String(decoding: literal, as: UTF8.self)
        return text == "true" || text == "false" || text == "null"
    }

    private static func isNull(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        literal.count == 4 && String(decoding: literal, as: UTF8.self) == "null"
    }

    /// A JSON number, or `nil`.
    private static func number(_ literal: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let first = literal.first, first == 0x2D || (first >= 0x30 && first <= 0x39) else { return nil }
        for byte in literal {
            switch byte {
            case 0x30...0x39, 0x2D, 0x2B, 0x2E, 0x45, 0x65: continue
            default: return nil
            }
        }
        return Double(String(decoding: literal, as: UTF8.self))
    }
}
