import SplitTestFormats
@_spi(Generated) @_spi(Tools) import SplitTesting

extension AssignmentRequest {
    /// The request as a body that reads back as this request: every field given, the attributes
    /// as a client writes them (versions as strings).
    public var body: [UInt8] {
        var members: [(String, JSONValue)] = []
        if let device { members.append(("device", .string(device))) }
        if let user { members.append(("user", .string(user))) }
        let attributes = self.attributes.values.sorted { $0.key < $1.key }.map { name, value in
            (name, Self.json(value))
        }
        members.append(("attributes", .object(pairs: attributes)))
        members.append(("experiments", .array(experiments.map(JSONValue.string))))
        return JSONValue.object(pairs: members).compactSortedBytes
    }

    private static func json(_ value: SplitTestAttributeValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .int(let number): .integer(number)
        case .double(let number): .number(number)
        case .bool(let flag): .bool(flag)
        case .version(let version): .string(version.description)
        }
    }
}
