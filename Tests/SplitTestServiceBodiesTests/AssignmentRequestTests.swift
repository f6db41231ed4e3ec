import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The body of `POST /v1/assignments`, read strictly: a request, or a problem that says what to change.
@Suite struct AssignmentRequestTests {
    static let experiments = ["banner_style", "checkout_button", "tutorial_length"]

    static let declarations: [AttributeDeclaration] = DefinitionCompiler.compile(
        [SourceFile(
            path: "attributes.yaml",
            contents: Array("attributes:\n  plan: { type: string, values: [free, trial, pro] }\n  days: { type: int }\n".utf8))],
        today: CalendarDate(year: 2026, month: 1, day: 1)
    ).attributes

    static func read(_ body: String) throws(RequestProblem) -> AssignmentRequest {
        try AssignmentRequest(body: Array(body.utf8), experiments: experiments, attributeKinds: AttributeDeclaration.kinds(declarations))
    }

    @Test func readsEveryFieldAndWritesABodyThatReadsTheSame() throws {
        let request = try Self.read(#"""
            {"user": "u1", "device": "d1", "experiments": ["tutorial_length", "banner_style", "banner_style"],
             "attributes": {"app_version": "5.10", "platform": "android", "plan": "pro", "days": -3, "region": null}}
            """#)
        #expect(request.device == "d1")
        #expect(request.user == "u1")
        #expect(request.experiments == ["banner_style", "tutorial_length"], "definition order, once each")
        #expect(request.attributes == SplitTestAttributeValues([
            "app_version": .version(SplitTestVersion(components: [5, 10])), "platform": .string("android"),
            "plan": .string("pro"), "days": .int(-3),
        ]))
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body == #"{"attributes":{"app_version":"5.10","days":-3,"plan":"pro","platform":"android"},"device":"d1","experiments":["banner_style","tutorial_length"],"user":"u1"}"#)
        #expect(try AssignmentRequest(body: request.body, experiments: Self.experiments, attributeKinds: AttributeDeclaration.kinds(Self.declarations)) == request)
        #expect(try Self.read(#"{"device": "d"}"#).experiments == Self.experiments, "all when none are named")
        #expect(try Self.read(#"{"device": "d", "experiments": []}"#).experiments == [])
    }

    @Test(arguments: [
        ("{\"device\": ", "the body is not valid JSON: expected a value; found the end of the document at character 12"),
        ("{\"device\" \"d\"}", "the body is not valid JSON: expected ':' after a member name; found '\"' at character 11"),
        (#"{"device": "a", "device": "b"}"#, #"the body is not valid JSON: duplicate member "device" at character 17"#),
        ("[1]", "the body must be a JSON object: {\"device\", \"user\", \"attributes\", \"experiments\"}"),
        (#"{"attributes": {}}"#, "no unit: give \"device\" (the device id) or \"user\" (the signed-in user's id), or both"),
        (#"{"device": 7}"#, "\"device\" must be a string id, not a number"),
        (#"{"device": ""}"#, "\"device\" is empty: give the id, or leave the field out"),
        (#"{"user": "a\u0000b"}"#, "\"user\" contains the character U+0000, which an id cannot hold"),
        (#"{"device": "d", "colour": "red"}"#, "unknown field 'colour'; the fields are device, user, attributes, experiments"),
        (#"{"device": "d", "experiments": "banner_style"}"#, "\"experiments\" must be an array of experiment identifiers, not a string"),
        (#"{"device": "d", "experiments": [true]}"#, "\"experiments\" must hold experiment identifiers (strings), not a Boolean"),
        (#"{"device": "d", "experiments": ["chekout_button"]}"#,
         "no experiment 'chekout_button' is defined (defined: banner_style, checkout_button, tutorial_length); did you mean 'checkout_button'?"),
        (#"{"device": "d", "attributes": []}"#, "\"attributes\" must be an object of attribute name to value, not an array"),
        (#"{"device": "d", "attributes": {"plan": 3}}"#, "attributes: 'plan' is a string; got 3"),
        (#"{"device": "d", "attributes": {"plan": "gold"}}"#, "attributes: 'gold' is not a value of 'plan' (free, trial, pro)"),
        (#"{"device": "d", "attributes": {"platform": "andriod"}}"#,
         "attributes: 'platform' must be one of ios, ipados, macos, tvos, watchos, visionos, linux, android, web; got 'andriod'; did you mean 'android'?"),
        (#"{"device": "d", "attributes": {"days": 1, "colour": "red"}}"#,
         "attributes: attribute 'colour' is not declared (known: app_version, days, os_version, plan, platform, region)"),
        (#"{"device": "d", "attributes": {"plan": {"a": 1}}}"#,
         "attributes: not a JSON object of attributes: the value of 'plan' must be a string, a number, true, false or null, not a list or an object"),
    ])
    func rejectsWithADetailThatSaysWhatToChange(body: String, detail: String) {
        #expect(throws: RequestProblem(detail)) { try Self.read(body) }
    }

    @Test func boundsAUnitIdAndTheNesting() throws {
        #expect(throws: RequestProblem("\"device\" is 257 characters long; an id has at most 256")) {
            try Self.read(#"{"device": "\#(String(repeating: "d", count: 257))"}"#)
        }
        #expect(try Self.read(#"{"device": "\#(String(repeating: "é", count: 256))"}"#).device?.count == 256)
        let deep = #"{"device": "d", "attributes": {"plan": "# + String(repeating: "[", count: 100_000)
        #expect(throws: RequestProblem(
            "the body is not valid JSON: arrays and objects nest more than 64 levels deep at character 102"
        )) { try Self.read(deep) }
    }

    @Test func rejectsBytesThatAreNotUTF8() {
        let bytes = Array(#"{"device": "d"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        #expect(throws: RequestProblem("the body is not valid JSON: a string holds bytes that are not UTF-8 at character 13")) {
            try AssignmentRequest(body: bytes, experiments: Self.experiments, attributeKinds: AttributeDeclaration.kinds(Self.declarations))
        }
    }

    /// The fuzzer's seeds, read as the fuzzer reads them: a request that reads back the same from
    /// its own body, or a problem with a detail.
    @Test func theFuzzSeedsGiveARequestOrAProblem() throws {
        let seeds = try FuzzSeeds.files(in: "assignments")
        #expect(seeds.count >= 10)
        var accepted = 0
        for (name, bytes) in seeds {
            do {
                let request = try AssignmentRequest(body: bytes, experiments: Self.experiments, attributeKinds: AttributeDeclaration.kinds(Self.declarations))
                accepted += 1
                #expect(name.hasPrefix("valid-"), "\(name) is read")
                let again = try AssignmentRequest(body: request.body, experiments: Self.experiments, attributeKinds: AttributeDeclaration.kinds(Self.declarations))
                #expect(again == request, "\(name) reads back the same")
            } catch {
                #expect(name.hasPrefix("invalid-"), "\(name): \(error.detail)")
                #expect(!error.detail.isEmpty)
            }
        }
        #expect(accepted > 0)
    }
}

/// The seed files of a fuzzer, by name.
enum FuzzSeeds {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzzing/seeds")

    static func files(in folder: String) throws -> [(name: String, bytes: [UInt8])] {
        let directory = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted().map { name in
            (name, Array(try Data(contentsOf: directory.appendingPathComponent(name))))
        }
    }
}
