import Foundation
import SplitTestFormats
import Testing

/// The store file's codec against what Foundation's `JSONSerialization` wrote and read: the same
/// layout for the same values (names in byte order rather than Foundation's locale order), and
/// every file it wrote (or failed to read) read as before.
@Suite struct StoreFileCodecTests {
    private static func foundationBytes(_ values: [String: String]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: values, options: [.sortedKeys, .prettyPrinted]))
    }

    /// How the store read a file with `JSONSerialization`.
    private static func foundationContents(_ bytes: [UInt8]) -> StoreFile.Contents {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return .corrupt(salvaged: [:])
        }
        var values: [String: String] = [:]
        for (key, value) in object {
            if let string = value as? String { values[key] = string }
        }
        return values.count == object.count ? .values(exact(values)) : .corrupt(salvaged: exact(values))
    }

    /// `values` keyed as the codec keys them.
    private static func exact(_ values: [String: String]) -> [UTF8Key: String] {
        Dictionary(uniqueKeysWithValues: values.map { (UTF8Key($0.key), $0.value) })
    }

    /// The names a store holds: its device id and assignments and periods per experiment and unit
    /// (units are device ids or the app's user ids).
    static let realisticValues: [String: String] = {
        var generator = SystemRandomNumberGenerator()
        var values: [String: String] = ["split_test.device_id": UUID().uuidString.lowercased()]
        let experiments = ["button_color", "onboarding_copy", "paywall_v2", "a", "price_test_10", "price_test_9", "Checkout"]
        let units = [
            "3f25c6e2-0d1b-4c7e-9a6e-1b2c3d4e5f60", "user-42", "user-7", "User_7", "u.1", "u-01", "u-1", "u/2", "ab", "aB", "Ab",
        ]
        for experiment in experiments {
            for unit in units where Bool.random(using: &generator) || unit.hasPrefix("u") {
                values["split_test.assignment.\(experiment).\(unit)"] = ["control", "treatment", "blue/green"].randomElement(using: &generator)
                values["split_test.period.\(experiment).\(unit)"] = String(Int.random(in: 0...12, using: &generator))
            }
        }
        return values
    }()

    /// The member lines of an indented object, without their separating commas.
    private static func memberLines(_ text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 2 else { return [] }
        return lines[1..<(lines.count - 1)].map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }.filter { !$0.isEmpty }
    }

    @Test func filesAreFoundationsLayoutInByteOrder() throws {
        let cases: [[String: String]] = [
            [:], ["k": ""], Self.realisticValues,
            ["a10": "1", "a9": "2", "a": "3", "A": "4", "_x": "5", "x.y": "6", "x_y": "7", "x-y": "8", "x1": "9", "x01": "10"],
            ["escapes": "\"\\/\u{1}\u{8}\u{9}\u{A}\u{C}\u{D}\u{1F}\u{7F}", "unicode": "ключ 🗻 é"],
        ]
        for values in cases {
            let written = StoreFile.encode(Self.exact(values))
            let ours = String(decoding: written, as: UTF8.self)
            let foundation = String(decoding: try Self.foundationBytes(values), as: UTF8.self)
            // Every member written as Foundation wrote it, and the whole file so when order cannot differ.
            #expect(Set(Self.memberLines(ours)) == Set(Self.memberLines(foundation)))
            if values.count <= 1 { #expect(ours == foundation) }
            #expect(ours.hasPrefix("{\n") && ours.hasSuffix("\n}"))
            // Names in the order of their UTF-8 bytes.
            let keys = Self.memberLines(ours).map { line in
                guard case .object(let members) = (try? JSONValue(parsing: Array("{\(line)}".utf8))) ?? .null, let key = members.first?.key
                else { return "" }
                return key
            }
            #expect(keys == values.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
            #expect(StoreFile.decode(written) == .values(Self.exact(values)))
        }
    }

    @Test func filesFoundationWroteReadTheSame() throws {
        var values = Self.realisticValues
        values["non-ascii ключ"] = "🗻"
        values["escapes"] = "\"\\/\u{1}\n"
        let bytes = try Self.foundationBytes(values)
        #expect(StoreFile.decode(bytes) == .values(Self.exact(values)))
        // And what the codec writes for names Foundation sorted otherwise still reads the same.
        #expect(StoreFile.decode(StoreFile.encode(Self.exact(values))) == .values(Self.exact(values)))
    }

    @Test func partlyBadFilesAreSalvagedAsBefore() {
        let inputs = [
            "{}", "{\"a\":\"x\"}", "{\"a\":\"x\",\"b\":1}", "{\"a\":\"x\",\"b\":{\"c\":\"d\"},\"e\":[\"f\"],\"g\":null,\"h\":true}",
            "{\"a\":\"x\",\"a\":\"y\"}", "{\"a\":1,\"a\":\"y\"}", "{\"a\":\"y\",\"a\":1}", "[\"a\"]", "\"a\"", "null", " ",
            "{\"a\":\"x\"} x", "{\"a\":\"x\"", "{\"a\":\"\\ud800\"}", "{\"a\":01}", "\u{FEFF}{\"a\":\"b\"}", "{\"a\":\"\u{1}\"}",
            " {\"a\" : \"\\/\\u00e9\\n\"} \n", "{\"a\":\"x\",}", "{,}", "{\"a\":-}", "{\"a\":\"x\",,}",
            "{\"a\":\"x\",\"b\":[1,],\"c\":{\"d\":2,}}", "{\"a\":\"x\" , }",
        ]
        for input in inputs {
            let bytes = Array(input.utf8)
            #expect(StoreFile.decode(bytes) == Self.foundationContents(bytes), "\(input)")
        }
        let cut = Array(StoreFile.encode(Self.exact(Self.realisticValues)))
        for length in 1..<cut.count {
            let prefix = Array(cut[..<length])
            #expect(StoreFile.decode(prefix) == Self.foundationContents(prefix), "cut at \(length)")
        }
    }
}
