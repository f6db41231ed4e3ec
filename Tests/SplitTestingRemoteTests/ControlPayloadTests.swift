import Foundation
import SplitTestStatistics
@_spi(Generated) @_spi(Tools) @testable import SplitTesting
@_spi(Tools) import SplitTestingRemote
import Testing

/// Reading and writing a control document's payload (the document of RemoteControl.md): every
/// field, every way it can be wrong, and bytes no publisher would write.
@Suite struct ControlPayloadTests {
    static let specExample = """
        {"sequence": 42, "generated": "2026-11-23T10:00:00Z",
         "experiments": {
           "button_color":     {"status": "resolved", "winner": "blue"},
           "profile_redesign": {"status": "stopped"},
           "feed_prefetch":    {"status": "running", "traffic": 20},
           "projection_banner":{"status": "running", "force": {"user-42": "show_notification"}}}}
        """

    static func read(_ text: String) throws(SplitTestControl.PayloadError) -> SplitTestControl {
        try SplitTestControl(payloadJSON: Data(text.utf8))
    }

    /// The error of reading `text`, or nil when it reads.
    static func error(_ text: String) -> SplitTestControl.PayloadError? {
        error(bytes: Array(text.utf8))
    }

    static func error(bytes: [UInt8]) -> SplitTestControl.PayloadError? {
        do {
            _ = try SplitTestControl(payloadJSON: Data(bytes))
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheSpecificationsExample() throws {
        let control = try Self.read(Self.specExample)
        #expect(control == SplitTestControl(sequence: 42, generated: "2026-11-23T10:00:00Z", experiments: [
            "button_color": .init(status: .resolved(winner: "blue")),
            "profile_redesign": .init(status: .stopped),
            "feed_prefetch": .init(status: .running, trafficBuckets: 2_000),
            "projection_banner": .init(status: .running, force: ["user-42": "show_notification"]),
        ]))
    }

    @Test func writesCompactJSONWithSortedKeys() throws {
        let control = try Self.read(Self.specExample)
        let written = String(decoding: control.payloadJSON(), as: UTF8.self)
        #expect(written == #"{"experiments":{"button_color":{"status":"resolved","winner":"blue"},"#
            + #""feed_prefetch":{"status":"running","traffic":20},"#
            + #""profile_redesign":{"status":"stopped"},"#
            + #""projection_banner":{"force":{"user-42":"show_notification"},"status":"running"}},"#
            + #""generated":"2026-11-23T10:00:00Z","sequence":42}"#)
        #expect(try SplitTestControl(payloadJSON: control.payloadJSON()) == control)
    }

    @Test(arguments: [(1, "0.01"), (1_250, "12.5"), (1_234, "12.34"), (1_205, "12.05"), (10_000, "100"), (5, "0.05")])
    func trafficIsWrittenAsAPercentageAndReadBack(buckets: Int, text: String) throws {
        let control = SplitTestControl(sequence: 1, experiments: ["x": .init(trafficBuckets: buckets)])
        let written = String(decoding: control.payloadJSON(), as: UTF8.self)
        #expect(written == #"{"experiments":{"x":{"traffic":"# + text + #"}},"sequence":1}"#)
        #expect(try SplitTestControl(payloadJSON: control.payloadJSON()) == control)
    }

    @Test func equalControlsGiveEqualBytesWhateverTheInsertionOrder() {
        var forward: [String: SplitTestControl.Entry] = [:]
        var backward: [String: SplitTestControl.Entry] = [:]
        let names = (0..<200).map { "experiment_\($0)" }
        for name in names { forward[name] = .init(status: .stopped, force: ["b": "x", "a": "y", "é": "z", "Z": "w"]) }
        for name in names.reversed() { backward[name] = .init(status: .stopped, force: ["Z": "w", "é": "z", "a": "y", "b": "x"]) }
        let first = SplitTestControl(sequence: 7, experiments: forward).payloadJSON()
        #expect(first == SplitTestControl(sequence: 7, experiments: backward).payloadJSON())
        #expect(String(decoding: first, as: UTF8.self).contains(#"{"force":{"Z":"w","a":"y","b":"x","é":"z"}"#))
    }

    @Test func stringsAreEscapedAndReadBack() throws {
        let odd = "quote \" backslash \\ newline \n tab \t nul \u{0} bell \u{7} emoji 🧪 é"
        let control = SplitTestControl(sequence: 3, generated: odd, experiments: [odd: .init(force: [odd: odd])])
        let written = control.payloadJSON()
        #expect(!written.contains(0x00) && !written.contains(0x0A))
        #expect(try SplitTestControl(payloadJSON: written) == control)
        // An independent reader agrees.
        let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(object["generated"] as? String == odd)
    }

    @Test func readsEscapesSurrogatePairsAndWhitespace() throws {
        let control = try Self.read(
            " \r\n\t{ \"sequence\" : 9 , \"experiments\" : { \"\\u0062utton\\/x\" : { \"force\" : { \"\\ud83e\\uddea\" : \"a\\nb\" } } } } \n")
        #expect(control.experiments["button/x"]?.force == ["🧪": "a\nb"])
    }

    @Test func unknownExperimentsAndEmptyEntriesAreKept() throws {
        let control = try Self.read(#"{"sequence":1,"experiments":{"not_in_this_build":{"status":"stopped"},"empty":{}}}"#)
        #expect(control.experiments["not_in_this_build"] == .init(status: .stopped))
        #expect(control.experiments["empty"] == .init())
        #expect(control.generated == nil)
    }

    static let malformed: [(json: String, field: String, reason: String)] = [
        (#"[]"#, "", "a payload must be a JSON object; found an array"),
        (#"{"experiments":{}}"#, "sequence", "is missing; a payload needs a positive integer 'sequence'"),
        (#"{"sequence":0,"experiments":{}}"#, "sequence", "must be a positive integer; found 0"),
        (#"{"sequence":-3,"experiments":{}}"#, "sequence", "must be a positive integer, written without sign, fraction or exponent; found the number -3"),
        (#"{"sequence":4.5,"experiments":{}}"#, "sequence", "must be a positive integer, written without sign, fraction or exponent; found the number 4.5"),
        (#"{"sequence":1e3,"experiments":{}}"#, "sequence", "must be a positive integer, written without sign, fraction or exponent; found the number 1e3"),
        (#"{"sequence":"42","experiments":{}}"#, "sequence", "must be a positive integer; found a string"),
        (#"{"sequence":true,"experiments":{}}"#, "sequence", "must be a positive integer; found true"),
        (#"{"sequence":99999999999999999999,"experiments":{}}"#, "sequence", "is larger than 9223372036854775807; found the number 99999999999999999999"),
        (#"{"sequence":1}"#, "experiments", "is missing; a payload needs an object 'experiments' (it may be empty)"),
        (#"{"sequence":1,"experiments":[]}"#, "experiments", "must be an object of experiment identifiers to entries; found an array"),
        (#"{"sequence":1,"generated":5,"experiments":{}}"#, "generated", "must be a string (a date in ISO 8601); found the number 5"),
        (#"{"sequence":1,"experiments":{},"signature":"x"}"#, "signature", "is not a field of a payload (known: 'sequence', 'generated', 'experiments', 'environment')"),
        (#"{"sequence":1,"experiments":{"a":"stopped"}}"#, "experiments.a", "must be an object; found a string"),
        (#"{"sequence":1,"experiments":{"a":{"trafic":20}}}"#, "experiments.a.trafic", "is not a field of an entry (known: 'status', 'winner', 'traffic', 'force', 'weights', 'period', 'schedule')"),
        (#"{"sequence":1,"experiments":{"a":{"status":"paused"}}}"#, "experiments.a.status", "must be one of 'running', 'stopped', 'resolved'; found \"paused\""),
        (#"{"sequence":1,"experiments":{"a":{"status":null}}}"#, "experiments.a.status", "must be one of 'running', 'stopped', 'resolved'; found null"),
        (#"{"sequence":1,"experiments":{"a":{"status":"resolved"}}}"#, "experiments.a.winner", "is missing; status 'resolved' needs a winner"),
        (#"{"sequence":1,"experiments":{"a":{"status":"stopped","winner":"b"}}}"#, "experiments.a.winner", "is allowed with status 'resolved' only"),
        (#"{"sequence":1,"experiments":{"a":{"winner":"b"}}}"#, "experiments.a.winner", "is allowed with status 'resolved' only"),
        (#"{"sequence":1,"experiments":{"a":{"status":"resolved","winner":""}}}"#, "experiments.a.winner", "must be a group name (a non-empty string); found \"\""),
        (#"{"sequence":1,"experiments":{"a":{"traffic":0}}}"#, "experiments.a.traffic", "must be more than 0 and at most 100; found the number 0"),
        (#"{"sequence":1,"experiments":{"a":{"traffic":100.01}}}"#, "experiments.a.traffic", "must be more than 0 and at most 100; found the number 100.01"),
        (#"{"sequence":1,"experiments":{"a":{"traffic":-5}}}"#, "experiments.a.traffic", "must be more than 0 and at most 100; found the number -5"),
        (#"{"sequence":1,"experiments":{"a":{"traffic":33.333}}}"#, "experiments.a.traffic", "is finer than 0.01 percent (one of the 10,000 buckets); found the number 33.333"),
        (#"{"sequence":1,"experiments":{"a":{"traffic":1e400}}}"#, "experiments.a.traffic", "must be a number of percent, more than 0 and at most 100; found the number 1e400"),
        (#"{"sequence":1,"experiments":{"a":{"traffic":"20"}}}"#, "experiments.a.traffic", "must be a number of percent, more than 0 and at most 100; found a string"),
        (#"{"sequence":1,"experiments":{"a":{"force":["u"]}}}"#, "experiments.a.force", "must be an object of unit ids to group names; found an array"),
        (#"{"sequence":1,"experiments":{"a":{"force":{"":"b"}}}}"#, "experiments.a.force", "a unit id must not be empty"),
        (#"{"sequence":1,"experiments":{"a":{"force":{"u":7}}}}"#, "experiments.a.force.u", "must be a group name (a non-empty string); found the number 7"),
    ]

    @Test(arguments: malformed)
    func malformedFieldsAreNamed(_ testCase: (json: String, field: String, reason: String)) {
        let error = Self.error(testCase.json)
        #expect(error == SplitTestControl.PayloadError(field: testCase.field, reason: testCase.reason))
    }

    @Test func errorsDescribeThemselves() {
        #expect(Self.error(#"{"sequence":0,"experiments":{}}"#)?.description
            == "payload field 'sequence': must be a positive integer; found 0")
        #expect(Self.error("[]")?.description == "payload: a payload must be a JSON object; found an array")
        #expect(Self.error(#"{"sequence":1 "experiments":{}}"#)?.description
            == "payload is not valid JSON at byte 14: expected ',' or '}' after an object member; found '\"'")
    }

    static let brokenJSON: [(json: String, offset: Int, reason: String)] = [
        ("", 0, "expected a value; found the end of the document"),
        ("{", 1, "expected a member name in quotes; found the end of the document"),
        (#"{"sequence":1,}"#, 14, "expected a member name in quotes; found '}'"),
        (#"{"a":1}x"#, 7, "unexpected 'x' after the JSON value"),
        (#"{"a":01}"#, 6, "a number must not start with 0 followed by digits"),
        (#"{"a":1.}"#, 7, "a number needs a digit after '.'"),
        (#"{"a":-}"#, 6, "a number needs a digit after '-'"),
        (#"{"a":tru}"#, 5, "expected a value; found 't'"),
        (#"{"a":NaN}"#, 5, "expected a value; found 'N'"),
        (#"{"a":"x"#, 7, "a string is not closed before the end of the document"),
        (#"{"a":"\x"}"#, 7, #"unknown escape '\'x'' in a string"#),
        (#"{"a":"\u12"}"#, 10, #"a \u escape needs four hexadecimal digits"#),
        (#"{"a":"\ud800"}"#, 12, #"a \u escape of a high surrogate is not followed by its low surrogate"#),
        (#"{"a":"\udc00"}"#, 12, #"a \u escape is a lone low surrogate"#),
        (#"{"a":1,"a":2}"#, 7, #"duplicate member "a""#),
        ("{\"a\":\"tab\there\"}", 9, "a string holds a control character (byte 0x9); escape it"),
    ]

    @Test(arguments: brokenJSON)
    func brokenJSONIsReportedAtItsByte(_ testCase: (json: String, offset: Int, reason: String)) {
        #expect(Self.error(testCase.json) == SplitTestControl.PayloadError(field: "", byteOffset: testCase.offset, reason: testCase.reason))
    }

    @Test func invalidUTF8AndNULBytesAreRejected() {
        let prefix = Array(#"{"sequence":1,"experiments":{""#.utf8)
        let suffix = Array(#"":{}}}"#.utf8)
        for bad: [UInt8] in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xC0, 0xAF]] {
            #expect(Self.error(bytes: prefix + bad + suffix)?.reason == "a string holds bytes that are not UTF-8")
        }
        #expect(Self.error(bytes: prefix + [0x00] + suffix)?.reason == "a string holds a control character (byte 0x0); escape it")
        #expect(Self.error(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"sequence":1,"experiments":{}}"#.utf8))?.byteOffset == 0)
    }

    @Test func deepNestingIsRejectedWithoutRecursingFurther() {
        for opener in ["[", "{\"a\":"] {
            let deep = String(repeating: opener, count: 200_000)
            let error = Self.error(deep)
            #expect(error?.reason == "arrays and objects nest more than 64 levels deep")
        }
        let nested = #"{"sequence":1,"experiments":{"a":{"force":{"u":"# + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "}}}}"
        #expect(Self.error(nested)?.field == "experiments.a.force.u")
    }

    @Test func everyPrefixOfAValidPayloadIsRejectedCleanly() {
        let bytes = Array(Self.specExample.utf8)
        for length in 0..<bytes.count {
            let prefix = Array(bytes[0..<length])
            #expect(Self.error(bytes: prefix) != nil, "a payload cut at byte \(length) must be rejected")
        }
    }

    @Test func randomBytesAndMutationsNeverTrap() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let valid = Array(Self.specExample.utf8)
        var read = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round.isMultiple(of: 2) {
                bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[index] = Array(#"{}[]":,0123456789.eE-+"\ tnul"#.utf8).randomElement(using: &generator) ?? 0
                }
            }
            if let control = try? SplitTestControl(payloadJSON: Data(bytes)) {
                read += 1
                // Whatever reads writes back to bytes that read as the same control.
                #expect(try SplitTestControl(payloadJSON: control.payloadJSON()) == control)
            }
        }
        #expect(read > 0, "some mutations keep the payload valid")
    }
}

/// The fuzzer's seeds are what their names say: `valid-*` read, `broken-*` are rejected.
@Suite struct ControlFuzzSeedTests {
    static let seeds = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzzing/seeds/control")

    @Test func seedsAreValidOrBrokenAsNamed() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).sorted()
        #expect(names.filter { $0.hasPrefix("valid-") }.count >= 3)
        #expect(names.filter { $0.hasPrefix("broken-") }.count >= 3)
        for name in names {
            let bytes = try Data(contentsOf: Self.seeds.appendingPathComponent(name))
            let reads = (try? SplitTestControl(payloadJSON: bytes)) != nil
            #expect(reads == name.hasPrefix("valid-"), "\(name)")
        }
    }
}
