import SplitTestFormats
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The body of an OpenFeature Remote Evaluation Protocol (OFREP) evaluation, single or bulk:
/// `{"context": {"targetingKey": DEVICE, "user": USER, …attributes}}`, checked as
/// `POST /v1/assignments` checks its request.
///
/// `targetingKey` is the device (or a web visitor) and resolves device-level experiments; `user`,
/// when present, is the signed-in user and resolves user-level ones (without it, they answer as
/// the runtime does with no user); every other key of the context is a targeting attribute.
///
/// ```swift
/// let request = try OFREPRequest(body: body, attributeKinds: kinds)
/// ```
@_spi(Tools) public struct OFREPRequest: Sendable, Hashable {
    /// The device or visitor id: `targetingKey`.
    public var device: String
    /// The signed-in user's id, if given.
    public var user: String?
    /// The targeting attributes: the context's other keys.
    public var attributes: SplitTestAttributeValues

    /// The context's keys that are units rather than attributes.
    static let targetingKey = "targetingKey"
    static let userKey = "user"

    /// Reads `body` against the kind of every attribute a value may be given for; every mistake
    /// is an ``OFREPProblem`` with OFREP's error code and words that say what to change.
    public init(body: [UInt8], attributeKinds: [String: SplitTestAttributeKind]) throws(OFREPProblem) {
        let root: JSONValue
        do {
            root = try RequestJSON.parse(body)
        } catch {
            throw OFREPProblem(.parseError, error.detail)
        }
        guard case .object = root else {
            throw OFREPProblem(.parseError, "the body must be a JSON object: {\"context\": {\"targetingKey\": \"…\", …}}")
        }
        let members: [JSONValue.Member]
        switch root["context"] {
        case nil, .null?:
            throw OFREPProblem(.targetingKeyMissing, "no context: give {\"context\": {\"targetingKey\": \"<device or visitor id>\"}}")
        case .object(let context)?:
            members = context
        case let other?:
            throw OFREPProblem(.invalidContext, "\"context\" must be an object of targetingKey, user and attributes, not \(other.typeName)")
        }
        var attributes: [JSONValue.Member] = []
        var device: String?
        var user: String?
        for member in members {
            switch member.key {
            case Self.targetingKey: device = try Self.unit(member.value, field: Self.targetingKey)
            case Self.userKey: user = try Self.unit(member.value, field: Self.userKey)
            default: attributes.append(member)
            }
        }
        guard let device else {
            throw OFREPProblem(.targetingKeyMissing, "no \"targetingKey\" in the context: give the device or visitor id")
        }
        self.device = device
        self.user = user
        do {
            self.attributes = try SplitTestAttributeValues(readingObject: attributes, kinds: attributeKinds)
        } catch {
            throw OFREPProblem(.invalidContext, error.message)
        }
    }

    /// A unit from the context: `nil` when absent, null or empty (a missing targeting key).
    private static func unit(_ value: JSONValue, field: String) throws(OFREPProblem) -> String? {
        switch value {
        case .null:
            return nil
        case .string(let unit):
            guard !unit.isEmpty else { return nil }
            if let problem = UnitID.problem(with: unit) { throw OFREPProblem(.invalidContext, "\"\(field)\" \(problem)") }
            return unit
        default:
            throw OFREPProblem(.invalidContext, "\"\(field)\" must be a string id, not \(value.typeName)")
        }
    }
}

/// Why an OFREP evaluation cannot be made: an OpenFeature error code and its details.
@_spi(Tools) public struct OFREPProblem: Error, Sendable, Hashable {
    /// The error codes of OFREP's failures.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The body is not the JSON of an evaluation request.
        case parseError = "PARSE_ERROR"
        /// The context gives no targeting key.
        case targetingKeyMissing = "TARGETING_KEY_MISSING"
        /// The context gives a unit or an attribute that cannot be used.
        case invalidContext = "INVALID_CONTEXT"
        /// The flag is not one of the experiments served (404).
        case flagNotFound = "FLAG_NOT_FOUND"
        /// Anything else.
        case general = "GENERAL"
    }

    /// OFREP's error code.
    public var code: Code
    /// What is wrong and what to change.
    public var details: String

    /// Creates a problem.
    public init(_ code: Code, _ details: String) {
        self.code = code
        self.details = details
    }
}

extension OFREPRequest {
    /// The request of `POST /v1/assignments` that asks the same of `experiments` (identifiers in
    /// definition order): one resolution, one set of stored groups for both protocols.
    public func assignmentRequest(for experiments: [String]) -> AssignmentRequest {
        AssignmentRequest(device: device, user: user, attributes: attributes, experiments: experiments)
    }
}

extension OFREPProblem {
    /// The problem of a flag key that names no experiment of `served` (identifiers), with a
    /// suggestion when one is close.
    public static func flagNotFound(_ key: String, served: [String]) -> OFREPProblem {
        OFREPProblem(
            .flagNotFound,
            "no experiment '\(shownInMessage(key))' is served (served: \(served.joined(separator: ", ")))"
                + Suggestions.didYouMean(key, in: served))
    }
}
