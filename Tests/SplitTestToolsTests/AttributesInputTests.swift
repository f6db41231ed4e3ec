import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestTools
import TestTools
import Testing

/// `splitc assign --attributes`: JSON read strictly and checked against the declarations.
@Suite struct AttributesInputTests {
    static let declarations: [AttributeDeclaration] = compile([(
        "attributes.yaml",
        "attributes:\n  plan: { type: string, values: [free, trial, pro] }\n  carrier: { type: string }\n"
            + "  days_since_install: { type: int }\n  beta_tester: { type: bool }\n"
    )]).attributes

    static func read(_ json: String) throws(AttributesInput.Failure) -> SplitTestAttributeValues {
        try AttributesInput.read(Array(json.utf8), declarations: declarations)
    }

    @Test func readsEveryTypeAndKeepsTheWrittenVersion() throws {
        let values = try Self.read(#"""
            {"app_version": "5.10", "os_version": "17.0.1", "platform": "ipados", "region": "GB",
             "plan": "trial", "carrier": "caf\u00e9 \ud83d\uddfb \"x\"", "days_since_install": -3,
             "beta_tester": true}
            """#)
        #expect(values == SplitTestAttributeValues([
            "app_version": .version(SplitTestVersion(components: [5, 10])),
            "os_version": .version(SplitTestVersion(components: [17, 0, 1])),
            "platform": .string("ipados"), "region": .string("GB"), "plan": .string("trial"),
            "carrier": .string("café 🗻 \"x\""), "days_since_install": .int(-3), "beta_tester": .bool(true),
        ]))
        #expect(try Self.read(#"{"plan": null}"#) == SplitTestAttributeValues(), "null leaves it unset")
        #expect(try Self.read(" { } ") == SplitTestAttributeValues())
    }

    @Test(arguments: [
        (#"{"plan": "pro", "plan": "free"}"#, #"not a JSON object of attributes: duplicate member "plan" at character 17"#),
        (#"{"carrier": "\ud800"}"#, "not a JSON object of attributes: a \\u escape of a high surrogate is not followed by its low surrogate at character 20"),
        ("{\"carrier\": \"a\nb\"}", "not a JSON object of attributes: a string holds a control character (byte 0xA); escape it at character 15"),
        (#"{"days_since_install": 01}"#, "not a JSON object of attributes: a number must not start with 0 followed by digits at character 25"),
        (#"{"days_since_install": 1e400}"#, "'days_since_install' is an int: a whole number within ±9007199254740991; got 1e400"),
        (#"{"days_since_install": 9007199254740992}"#, "'days_since_install' is an int: a whole number within ±9007199254740991; got 9007199254740992"),
        (#"{"days_since_install": "7"}"#, "'days_since_install' is an int: a whole number, not a string; got '7'"),
        (#"{"app_version": 5.3}"#, "'app_version' is a version: give it as a string of whole numbers joined by dots, like \"5.3.1\"; got 5.3"),
        (#"{"beta_tester": "true"}"#, "'beta_tester' is a bool: true or false; got true"),
        (#"{"plan": true}"#, "'plan' is a string, not true"),
        (#"{} {}"#, "not a JSON object of attributes: unexpected '{' after the JSON value at character 4"),
        (#"{"plan": tru}"#, "not a JSON object of attributes: expected a value; found 't' at character 10"),
        ("", "not a JSON object of attributes: expected a JSON object such as {\"plan\": \"pro\"}; found nothing"),
    ])
    func rejectsWithAMessage(json: String, message: String) {
        #expect(throws: AttributesInput.Failure(message: message)) { try Self.read(json) }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes = Array(#"{"carrier": "a"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(throws: AttributesInput.Failure(
            message: "not a JSON object of attributes: a string holds bytes that are not UTF-8 at character 14"
        )) { try AttributesInput.read(bytes, declarations: Self.declarations) }
    }

    /// The fuzzer's seeds, read as the fuzzer reads them: values or a message, never a crash.
    @Test func theFuzzSeedsGiveValuesOrAMessage() throws {
        let folder = Oracle.repositoryRoot.appendingPathComponent("Fuzzing/seeds/attributes")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(seeds.count >= 8)
        var accepted = 0
        for seed in seeds {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(seed)))
            do {
                _ = try AttributesInput.read(bytes, declarations: Self.declarations)
                accepted += 1
            } catch {
                #expect(!error.message.isEmpty, "\(seed)")
            }
        }
        #expect(accepted >= 4 && accepted < seeds.count, "the seeds hold valid and invalid inputs")
    }
}
