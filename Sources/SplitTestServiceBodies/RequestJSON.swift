import SplitTestFormats

/// The one JSON reading of request bodies, with a problem that says where the JSON broke.
enum RequestJSON {
    static func parse(_ body: [UInt8]) throws(RequestProblem) -> JSONValue {
        do {
            return try JSONValue(parsing: body)
        } catch {
            throw RequestProblem("the body is not valid JSON: \(error.reason) at character \(error.offset + 1)")
        }
    }
}

extension JSONValue {
    /// The JSON type's name, for the messages of the service, which name the type rather than
    /// the value (a value may be a client's secret).
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
