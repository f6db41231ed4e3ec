@_spi(Generated) import SplitTesting
import SplitTestFormats

/// Attribute values given as JSON, as `splitc assign --attributes` takes them, checked against
/// the built-in attributes and the declared ones: the same values an app sets, so that the tool
/// resolves as the app does.
///
/// ```swift
/// let values = try AttributesInput.read(
///     Array(#"{"app_version": "5.3.1", "platform": "ios", "plan": "pro"}"#.utf8),
///     declarations: result.attributes)
/// ```
public enum AttributesInput {
    /// Why the JSON cannot be used, in words a user can act on.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        public var message: String
        /// The message.
        public var description: String { message }

        /// Creates a failure.
        public init(message: String) {
            self.message = message
        }
    }

    /// The values `bytes` give: one JSON object of attribute name to value (`null` leaves an
    /// attribute unset). Versions are strings or numbers, ints whole numbers, bools `true` or
    /// `false`, and string attributes with `values` one of them.
    @_spi(Tools) public static func read(
        _ bytes: [UInt8], declarations: [AttributeDeclaration]
    ) throws(Failure) -> SplitTestAttributeValues {
        let members = try members(of: bytes)
        return try values(members, kinds: kinds(declarations))
    }

    /// The values of the members of a JSON object already read (a request body's `attributes`),
    /// checked as ``read(_:declarations:)`` checks them; of several bad ones, the first by name is
    /// reported, whatever order they were written in.
    package static func read(
        members: [JSONValue.Member], declarations: [AttributeDeclaration]
    ) throws(Failure) -> SplitTestAttributeValues {
        let sorted = members.sorted { $0.key < $1.key }
        try requireScalars(sorted)
        return try values(sorted.lazy.map { ($0.key, $0.value) }, kinds: kinds(declarations))
    }

    /// The kind of each attribute a value may be given for: the built-ins and `declarations`.
    private static func kinds(_ declarations: [AttributeDeclaration]) -> [String: AttributeKind] {
        var kinds: [String: AttributeKind] = [:]
        kinds.reserveCapacity(BuiltInAttributes.kinds.count + declarations.count)
        for (name, kind) in BuiltInAttributes.kinds { kinds[name] = kind }
        for declaration in declarations { kinds[declaration.name] = AttributeKind(declaration) }
        return kinds
    }

    /// The values of `members`, each checked against the kind of its attribute: the one
    /// conversion `--attributes` and test documents share.
    static func values(
        _ members: some Sequence<(String, JSONValue)>, kinds: [String: AttributeKind]
    ) throws(Failure) -> SplitTestAttributeValues {
        var values = SplitTestAttributeValues()
        for (name, value) in members {
            guard let kind = kinds[name] else {
                throw Failure(
                    message: "attribute '\(ExperimentParser.shown(name))' is not declared (known: "
                        + "\(kinds.keys.sorted().joined(separator: ", ")))"
                        + Suggestions.didYouMean(name, in: kinds.keys.sorted()))
            }
            if case .null = value { continue }
            values[name] = try convert(value, name: name, kind: kind)
        }
        return values
    }

    /// The most bytes read: attributes are a handful of short values.
    static let maximumByteCount = 65_536

    /// The members of the one JSON object `bytes` hold, every value a scalar.
    private static func members(of bytes: [UInt8]) throws(Failure) -> [(name: String, value: JSONValue)] {
        func failure(_ reason: String) -> Failure { Failure(message: "not a JSON object of attributes: " + reason) }
        guard bytes.count <= maximumByteCount else {
            throw failure("the JSON is \(bytes.count) bytes; at most \(maximumByteCount) are read")
        }
        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw failure("expected a JSON object such as {\"plan\": \"pro\"}; found nothing")
        }
        let root: JSONValue
        do {
            root = try JSONValue(parsing: bytes)
        } catch {
            throw failure("\(error.reason) at character \(error.offset + 1)")
        }
        guard case .object(let members) = root else {
            throw failure("expected a JSON object such as {\"plan\": \"pro\"}; found \(root.kindDescription)")
        }
        try requireScalars(members)
        return members.map { ($0.key, $0.value) }
    }

    /// Fails on the first of `members` whose value is a list or an object.
    private static func requireScalars(_ members: [JSONValue.Member]) throws(Failure) {
        for member in members {
            switch member.value {
            case .object, .array:
                throw Failure(
                    message: "not a JSON object of attributes: the value of '\(ExperimentParser.shown(member.key))' must be "
                        + "a string, a number, true, false or null, not a list or an object")
            case .string, .number, .bool, .null:
                continue
            }
        }
    }

    private static func convert(
        _ value: JSONValue, name: String, kind: AttributeKind
    ) throws(Failure) -> SplitTestAttributeValue {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        case .bool(let flag):
            guard kind == .bool else { throw Failure(message: "'\(name)' is \(kind.described), not \(flag)") }
            return .bool(flag)
        case .null, .object, .array:
            preconditionFailure("null leaves an attribute unset, and containers are rejected, before conversion")
        }
        let shown = ExperimentParser.shown(text)
        switch kind {
        case .version:
            guard let version = SplitTestVersion(text) else {
                throw Failure(message: "'\(name)' must be a version like 5.2.0 (whole numbers joined by dots, no leading zeros); got '\(shown)'")
            }
            return .version(version)
        case .platform:
            guard case .string = value, BuiltInAttributes.platforms.contains(text) else {
                throw Failure(
                    message: "'platform' must be one of \(BuiltInAttributes.platforms.joined(separator: ", ")); got '\(shown)'"
                        + Suggestions.didYouMean(text.lowercased(), in: BuiltInAttributes.platforms))
            }
            return .string(text)
        case .region:
            guard case .string = value, BuiltInAttributes.isRegionCode(text) else {
                throw Failure(message: "'region' must be two upper-case letters (ISO 3166-1 alpha-2) like \"US\"; got '\(shown)'")
            }
            return .string(text)
        case .string(let allowed):
            guard case .string = value else { throw Failure(message: "'\(name)' is a string; got \(shown)") }
            if let allowed, !allowed.contains(text) {
                throw Failure(
                    message: "'\(shown)' is not a value of '\(name)' (\(allowed.joined(separator: ", ")))"
                        + Suggestions.didYouMean(text, in: allowed))
            }
            return .string(text)
        case .int:
            guard case .number = value, let number = Int(text) else {
                throw Failure(message: "'\(name)' is an int; got \(shown)")
            }
            return .int(number)
        case .bool:
            throw Failure(message: "'\(name)' is a bool: true or false; got \(shown)")
        }
    }
}
