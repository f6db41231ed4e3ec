import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) import SplitTesting

/// The body of `POST /v1/assignments`, checked: a unit, known experiments, declared attributes
/// of the right types.
struct AssignmentRequest {
    /// The device id, which device-level experiments resolve.
    var device: String?
    /// The signed-in user's id, which user-level experiments resolve.
    var user: String?
    /// The targeting attributes, as an app sets them.
    var attributes: SplitTestAttributeValues
    /// The experiments asked for, in definition order.
    var experiments: [Catalog.Served]

    private static let fields = ["device", "user", "attributes", "experiments"]

    /// Reads `body` against `catalog`; every mistake is a ``Problem`` (400) that says what to change.
    init(body: [UInt8], catalog: Catalog) throws(Problem) {
        guard case .object(let members) = try RequestJSON.parse(body) else {
            throw .badRequest("the body must be a JSON object: {\"device\", \"user\", \"attributes\", \"experiments\"}")
        }
        if let unknown = members.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw .badRequest("unknown field '\(unknown)'; the fields are \(Self.fields.joined(separator: ", "))")
        }
        device = try Self.unit(members["device"], field: "device")
        user = try Self.unit(members["user"], field: "user")
        guard device != nil || user != nil else {
            throw .badRequest("no unit: give \"device\" (the device id) or \"user\" (the signed-in user's id), or both")
        }
        switch members["attributes"] {
        case nil, .null?:
            attributes = SplitTestAttributeValues()
        case .object(let values)?:
            do {
                attributes = try AttributesInput.read(JSONValue.object(values).bytes, declarations: catalog.attributes)
            } catch {
                throw .badRequest("attributes: \(error.message)")
            }
        case let other?:
            throw .badRequest("\"attributes\" must be an object of attribute name to value, not \(other.typeName)")
        }
        experiments = try Self.experiments(members["experiments"], catalog: catalog)
    }

    private static func unit(_ value: JSONValue?, field: String) throws(Problem) -> String? {
        switch value {
        case nil, .null?:
            return nil
        case .string(let unit)?:
            guard !unit.isEmpty else { throw .badRequest("\"\(field)\" is empty: give the id, or leave the field out") }
            if let problem = UnitID.problem(with: unit) { throw .badRequest("\"\(field)\" \(problem)") }
            return unit
        case let other?:
            throw .badRequest("\"\(field)\" must be a string id, not \(other.typeName)")
        }
    }

    private static func experiments(_ value: JSONValue?, catalog: Catalog) throws(Problem) -> [Catalog.Served] {
        let identifiers: [JSONValue]
        switch value {
        case nil, .null?:
            return catalog.experiments
        case .array(let items)?:
            identifiers = items
        case let other?:
            throw .badRequest("\"experiments\" must be an array of experiment identifiers, not \(other.typeName)")
        }
        var asked: Set<String> = []
        for item in identifiers {
            guard case .string(let identifier) = item else {
                throw .badRequest("\"experiments\" must hold experiment identifiers (strings), not \(item.typeName)")
            }
            guard catalog.experiments.contains(where: { $0.definition.identifier == identifier }) else {
                let defined = catalog.experiments.map(\.definition.identifier)
                let known = defined.joined(separator: ", ")
                throw .badRequest(
                    "no experiment '\(identifier)' is defined (defined: \(known.isEmpty ? "none" : known))"
                        + Suggestions.didYouMean(identifier, in: defined))
            }
            asked.insert(identifier)
        }
        return catalog.experiments.filter { asked.contains($0.definition.identifier) }
    }
}

/// What a unit's id may be: the databases index it, so it has a bounded length, and PostgreSQL
/// text cannot hold U+0000.
enum UnitID {
    /// The most Unicode scalars an id may have (at most 4 bytes each, within any index's limit).
    static let maximumLength = 256

    /// Why `unit` cannot be stored, or `nil` when it can.
    static func problem(with unit: String) -> String? {
        let length = unit.unicodeScalars.count
        if length > maximumLength {
            return "is \(length) characters long; an id has at most \(maximumLength)"
        }
        if unit.unicodeScalars.contains("\u{0}") {
            return "contains the character U+0000, which an id cannot hold"
        }
        return nil
    }
}

/// Parsing request bodies, with a message that says where the JSON broke.
enum RequestJSON {
    static func parse(_ body: [UInt8]) throws(Problem) -> JSONValue {
        let data = Data(body)
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .badRequest("the body is not valid JSON: \(describe(data))")
        }
    }

    /// Where the JSON broke, in the words of Foundation's parser, which names the place.
    private static func describe(_ data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "it is nested too deeply"
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        }
    }
}
