import SplitTestFormats
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The body of `POST /v1/assignments`, checked: a unit, known experiments, declared attributes
/// of the right types.
///
/// ```swift
/// let request = try AssignmentRequest(
///     body: Array(#"{"device": "d1", "attributes": {"platform": "android"}}"#.utf8),
///     experiments: ["checkout_button"], attributeKinds: AttributeDeclaration.kinds(result.attributes))
/// ```
@_spi(Tools) public struct AssignmentRequest: Sendable, Hashable {
    /// The device id, which device-level experiments resolve.
    public var device: String?
    /// The signed-in user's id, which user-level experiments resolve.
    public var user: String?
    /// The targeting attributes, as an app sets them.
    public var attributes: SplitTestAttributeValues
    /// The identifiers of the experiments asked for, in definition order.
    public var experiments: [String]

    static let fields = ["device", "user", "attributes", "experiments"]

    /// A request read some other way (an OFREP evaluation): its units, attributes and the
    /// experiments asked for, in definition order.
    public init(device: String?, user: String?, attributes: SplitTestAttributeValues, experiments: [String]) {
        self.device = device
        self.user = user
        self.attributes = attributes
        self.experiments = experiments
    }

    /// Reads `body` against the experiments defined (their identifiers, in definition order) and
    /// the kind of every attribute a value may be given for (the built-ins and those declared);
    /// every mistake is a ``RequestProblem`` that says what to change.
    public init(
        body: [UInt8], experiments defined: [String], attributeKinds: [String: SplitTestAttributeKind]
    ) throws(RequestProblem) {
        guard case .object(let members) = try RequestJSON.parse(body) else {
            throw RequestProblem("the body must be a JSON object: {\"device\", \"user\", \"attributes\", \"experiments\"}")
        }
        let root = JSONValue.object(members)
        if let unknown = members.map(\.key).sorted().first(where: { !Self.fields.contains($0) }) {
            throw RequestProblem("unknown field '\(unknown)'; the fields are \(Self.fields.joined(separator: ", "))")
        }
        device = try Self.unit(root["device"], field: "device")
        user = try Self.unit(root["user"], field: "user")
        guard device != nil || user != nil else {
            throw RequestProblem("no unit: give \"device\" (the device id) or \"user\" (the signed-in user's id), or both")
        }
        switch root["attributes"] {
        case nil, .null?:
            attributes = SplitTestAttributeValues()
        case .object(let values)?:
            do {
                attributes = try SplitTestAttributeValues(readingObject: values, kinds: attributeKinds)
            } catch {
                throw RequestProblem("attributes: \(error.message)")
            }
        case let other?:
            throw RequestProblem("\"attributes\" must be an object of attribute name to value, not \(other.typeName)")
        }
        experiments = try Self.experiments(root["experiments"], defined: defined)
    }

    private static func unit(_ value: JSONValue?, field: String) throws(RequestProblem) -> String? {
        switch value {
        case nil, .null?:
            return nil
        case .string(let unit)?:
            guard !unit.isEmpty else { throw RequestProblem("\"\(field)\" is empty: give the id, or leave the field out") }
            if let problem = UnitID.problem(with: unit) { throw RequestProblem("\"\(field)\" \(problem)") }
            return unit
        case let other?:
            throw RequestProblem("\"\(field)\" must be a string id, not \(other.typeName)")
        }
    }

    private static func experiments(_ value: JSONValue?, defined: [String]) throws(RequestProblem) -> [String] {
        let identifiers: [JSONValue]
        switch value {
        case nil, .null?:
            return defined
        case .array(let items)?:
            identifiers = items
        case let other?:
            throw RequestProblem("\"experiments\" must be an array of experiment identifiers, not \(other.typeName)")
        }
        let known = Set(defined)
        var asked: Set<String> = []
        for item in identifiers {
            guard case .string(let identifier) = item else {
                throw RequestProblem("\"experiments\" must hold experiment identifiers (strings), not \(item.typeName)")
            }
            guard known.contains(identifier) else {
                let list = defined.joined(separator: ", ")
                throw RequestProblem(
                    "no experiment '\(identifier)' is defined (defined: \(list.isEmpty ? "none" : list))"
                        + Suggestions.didYouMean(identifier, in: defined))
            }
            asked.insert(identifier)
        }
        return defined.filter { asked.contains($0) }
    }
}
