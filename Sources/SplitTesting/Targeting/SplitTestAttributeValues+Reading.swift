import SplitTestFormats

extension SplitTestAttributeValues {
    /// Why attribute values given by name cannot be used, in words a user can act on.
    @_spi(Tools) public struct ReadingFailure: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The message.
        public var description: String { message }

        /// Creates a failure.
        public init(message: String) {
            self.message = message
        }
    }

    /// The values of the members of a JSON object of attribute name to value, as a decision
    /// service's request or `splitc assign --attributes` gives them: every value a scalar, then
    /// converted as ``init(reading:kinds:)`` does. Of several bad ones, the first by name is
    /// reported, whatever order they were written in.
    package init(readingObject members: [JSONValue.Member], kinds: [String: SplitTestAttributeKind]) throws(ReadingFailure) {
        let sorted = members.sorted { $0.key < $1.key }
        try Self.requireScalars(sorted)
        try self.init(reading: sorted.lazy.map { ($0.key, $0.value) }, kinds: kinds)
    }

    /// The largest whole number an int attribute may be given as, either way: 2⁵³ − 1, the largest
    /// that every JSON reader (a web client's among them) keeps exactly.
    package static let largestInt = 9_007_199_254_740_991

    /// The values of `members` (attribute name and JSON value, `null` leaving an attribute
    /// unset), each checked against the kind of its attribute in `kinds`: versions are strings
    /// (`"5.3.1"`: as a JSON number, `5.10` would be read as 5.1), ints whole numbers within
    /// ±(2⁵³ − 1), bools `true` or `false`, and strings with `values` one of them. The one conversion that a decision service's requests, `splitc assign --attributes`
    /// and test documents share, so that each resolves with exactly what an app would set.
    package init(
        reading members: some Sequence<(String, JSONValue)>, kinds: [String: SplitTestAttributeKind]
    ) throws(ReadingFailure) {
        self.init()
        for (name, value) in members {
            guard let kind = kinds[name] else {
                throw ReadingFailure(
                    message: "attribute '\(shownInMessage(name))' is not declared (known: "
                        + "\(kinds.keys.sorted().joined(separator: ", ")))"
                        + Suggestions.didYouMean(name, in: kinds.keys.sorted()))
            }
            if case .null = value { continue }
            self[name] = try Self.convert(value, name: name, kind: kind)
        }
    }

    /// Fails on the first of `members` whose value is a list or an object.
    private static func requireScalars(_ members: some Sequence<JSONValue.Member>) throws(ReadingFailure) {
        for member in members {
            switch member.value {
            case .object, .array:
                throw ReadingFailure(
                    message: "not a JSON object of attributes: the value of '\(shownInMessage(member.key))' must be "
                        + "a string, a number, true, false or null, not a list or an object")
            case .string, .number, .bool, .null:
                continue
            }
        }
    }

    private static func convert(
        _ value: JSONValue, name: String, kind: SplitTestAttributeKind
    ) throws(ReadingFailure) -> SplitTestAttributeValue {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number):
            switch kind {
            case .version:
                throw ReadingFailure(
                    message: "'\(name)' is a version: give it as a string of whole numbers joined by dots, like \"5.3.1\"; got \(shownInMessage(number))")
            case .int:
                guard let whole = value.integerValue, abs(whole) <= largestInt else {
                    throw ReadingFailure(message: "'\(name)' is an int: a whole number within ±\(largestInt); got \(shownInMessage(number))")
                }
                return .int(whole)
            default: text = number
            }
        case .bool(let flag):
            guard kind == .bool else { throw ReadingFailure(message: "'\(name)' is \(kind.described), not \(flag)") }
            return .bool(flag)
        case .null, .object, .array:
            preconditionFailure("null leaves an attribute unset, and containers are rejected, before conversion")
        }
        let shown = shownInMessage(text)
        switch kind {
        case .version:
            guard let version = SplitTestVersion(text) else {
                throw ReadingFailure(message: "'\(name)' must be a version like 5.2.0 (whole numbers joined by dots, no leading zeros); got '\(shown)'")
            }
            return .version(version)
        case .platform:
            guard case .string = value, platformNames.contains(text) else {
                throw ReadingFailure(
                    message: "'platform' must be one of \(platformNames.joined(separator: ", ")); got '\(shown)'"
                        + Suggestions.didYouMean(text.lowercased(), in: platformNames))
            }
            return .string(text)
        case .region:
            guard case .string = value, SplitTestAttributeKind.isRegionCode(text) else {
                throw ReadingFailure(message: "'region' must be two upper-case letters (ISO 3166-1 alpha-2) like \"US\"; got '\(shown)'")
            }
            return .string(text)
        case .string(let allowed):
            guard case .string = value else { throw ReadingFailure(message: "'\(name)' is a string; got \(shown)") }
            if let allowed, !allowed.contains(text) {
                throw ReadingFailure(
                    message: "'\(shown)' is not a value of '\(name)' (\(allowed.joined(separator: ", ")))"
                        + Suggestions.didYouMean(text, in: allowed))
            }
            return .string(text)
        case .int:
            // Numbers were read above: this is a string.
            throw ReadingFailure(message: "'\(name)' is an int: a whole number, not a string; got '\(shown)'")
        case .bool:
            throw ReadingFailure(message: "'\(name)' is a bool: true or false; got \(shown)")
        }
    }
}
