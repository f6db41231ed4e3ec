/// A JSON document whose objects keep their keys in the order written, so that the printed schema
/// is stable and reads in the order a person would document the language.
indirect enum JSONValue: Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The document pretty-printed with two-space indentation, ending in a newline.
    var prettyPrinted: String {
        var output = ""
        write(into: &output, depth: 0)
        return output + "\n"
    }

    private func write(into output: inout String, depth: Int) {
        switch self {
        case .string(let string):
            output += Self.quoted(string)
        case .number(let number):
            output += number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : number.description
        case .bool(let bool):
            output += bool ? "true" : "false"
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", into: &output, depth: depth) { element, output in
                element.write(into: &output, depth: depth + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", into: &output, depth: depth) { member, output in
                output += Self.quoted(member.key) + ": "
                member.value.write(into: &output, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, into output: inout String, depth: Int,
        writeElement: (Element, inout String) -> Void
    ) {
        guard !elements.isEmpty else {
            output += open + close
            return
        }
        let indent = String(repeating: "  ", count: depth + 1)
        output += open + "\n"
        for (index, element) in elements.enumerated() {
            output += indent
            writeElement(element, &output)
            output += index == elements.count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: "  ", count: depth) + close
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Dictionary literal syntax, but the keys stay in the order written.
    init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}
