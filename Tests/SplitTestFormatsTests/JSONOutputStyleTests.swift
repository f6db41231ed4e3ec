import Foundation
import SplitTestFormats
import Testing

/// What `splitc` prints as JSON (diagnostics, assignments, simulations): the package's encoder and
/// writer give the bytes Foundation's `JSONEncoder` gave with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]`.
@Suite struct JSONOutputStyleTests {
    enum Severity: String, Encodable { case error, warning }

    struct Record: Encodable {
        var file: String
        var line: Int
        var column: Int
        var severity: Severity
        var message: String
    }

    struct Share: Encodable {
        var group: String
        var expectedShare: Double
        var observedShare: Double
        var units: Int
    }

    struct Simulation: Encodable {
        var experiment: String
        var units: Int
        var groups: [Share]
        var pValue: Double?
        var levels: [String]?
        var counts: [String: Int]
        var flags: [Bool]
        var empty: [Int]
        var nested: [[String: [Double]]]

        enum CodingKeys: String, CodingKey { case experiment, units, groups, pValue, levels, counts, flags, empty, nested }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(experiment, forKey: .experiment)
            try container.encode(units, forKey: .units)
            try container.encode(groups, forKey: .groups)
            // `encode` writes null for nil; `encodeIfPresent` leaves the member out.
            try container.encode(pValue, forKey: .pValue)
            try container.encodeIfPresent(levels, forKey: .levels)
            try container.encode(counts, forKey: .counts)
            try container.encode(flags, forKey: .flags)
            try container.encode(empty, forKey: .empty)
            try container.encode(nested, forKey: .nested)
        }
    }

    private static func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static func package(_ value: some Encodable) throws -> String {
        try JSONValue(encoding: value).text(style: .foundationPretty)
    }

    @Test func diagnosticsPrintAsFoundationPrintedThem() throws {
        let records = [
            Record(file: "experiments/a b/c.yaml", line: 3, column: 14, severity: .error, message: "unknown key 'gruops'; did you mean \"groups\"?"),
            Record(file: "ключ/🗻.yaml", line: 1, column: 1, severity: .warning, message: "tab\there, newline\n, back\\slash, \u{1}\u{8}\u{C}\u{1F}\u{7F}"),
        ]
        #expect(try Self.package(records) == Self.foundation(records))
        #expect(try Self.package(records[0]) == Self.foundation(records[0]))
    }

    @Test func nestedValuesPrintAsFoundationPrintedThem() throws {
        let values = [
            Simulation(
                experiment: "button_color", units: 10_000,
                groups: [Share(group: "red", expectedShare: 0.5, observedShare: 0.4987, units: 4_987),
                         Share(group: "blue/green", expectedShare: 1.0 / 3, observedShare: 1e-7, units: 0)],
                pValue: nil, levels: ["a", "B", "_"], counts: ["b": 2, "a": 1, "B": 3, "ä": 4, "a10": 5, "a9": 6],
                flags: [true, false], empty: [], nested: [["x": [1, 2.5, -0.0, 1e20]], [:]]),
            Simulation(
                experiment: "e", units: 0, groups: [], pValue: 0.8091498346314981, levels: nil, counts: [:], flags: [],
                empty: [], nested: []),
        ]
        #expect(try Self.package(values) == Self.foundation(values))
    }

    @Test func aNumberThatIsNotFiniteIsAnError() {
        #expect(throws: EncodingError.self) { try JSONValue(encoding: [Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONValue(encoding: ["x": Double.infinity]) }
    }
}
