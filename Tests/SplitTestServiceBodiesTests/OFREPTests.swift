import Foundation
@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The OpenFeature Remote Evaluation Protocol's bodies: the context read as `POST
/// /v1/assignments` reads its request, each mistake with OFREP's error code, and the answers
/// written from the same answers written ahead.
@Suite struct OFREPTests {
    static let kinds = SplitTestAttributeKind.table(declared: [("plan", .string(values: ["free", "pro"])), ("days", .int)])

    static func read(_ body: String) throws(OFREPProblem) -> OFREPRequest {
        try OFREPRequest(body: Array(body.utf8), attributeKinds: kinds)
    }

    @Test func readsTheTargetingKeyTheUserAndTheAttributes() throws {
        let request = try Self.read(#"{"context": {"targetingKey": "d1", "user": "u1", "platform": "web", "plan": "pro", "days": 3, "region": null}}"#)
        #expect(request.device == "d1" && request.user == "u1")
        #expect(request.attributes == SplitTestAttributeValues(["platform": .string("web"), "plan": .string("pro"), "days": .int(3)]))
        // Other members of the body are left for later versions of the protocol.
        #expect(try Self.read(#"{"context": {"targetingKey": "d1"}, "flags": []}"#).user == nil)
    }

    @Test(arguments: [
        ("{", OFREPProblem.Code.parseError),
        ("[1]", .parseError),
        ("", .parseError),
        ("{}", .targetingKeyMissing),
        (#"{"context": null}"#, .targetingKeyMissing),
        (#"{"context": {}}"#, .targetingKeyMissing),
        (#"{"context": {"targetingKey": ""}}"#, .targetingKeyMissing),
        (#"{"context": {"targetingKey": null, "plan": "pro"}}"#, .targetingKeyMissing),
        (#"{"context": 5}"#, .invalidContext),
        (#"{"context": {"targetingKey": 5}}"#, .invalidContext),
        (#"{"context": {"targetingKey": "d", "user": []}}"#, .invalidContext),
        (#"{"context": {"targetingKey": "a\u0000b"}}"#, .invalidContext),
        (#"{"context": {"targetingKey": "d", "plam": "pro"}}"#, .invalidContext),
        (#"{"context": {"targetingKey": "d", "days": "3"}}"#, .invalidContext),
        (#"{"context": {"targetingKey": "d", "platform": "andriod"}}"#, .invalidContext),
    ])
    func eachMistakeHasItsCode(body: String, code: OFREPProblem.Code) {
        #expect {
            try Self.read(body)
        } throws: { error in
            (error as? OFREPProblem)?.code == code && !((error as? OFREPProblem)?.details.isEmpty ?? true)
        }
    }

    @Test func anUndeclaredAttributeSaysWhichAndSuggests() {
        #expect(throws: OFREPProblem(.invalidContext, "attribute 'plam' is not declared (known: app_version, days, os_version, plan, platform, region); did you mean 'plan'?")) {
            try Self.read(#"{"context": {"targetingKey": "d", "plam": "pro"}}"#)
        }
    }

    static let experiment = ResponseBodies.PrewrittenExperiment(
        experiment: "button_color",
        groups: [("red", ["color": .string("#FF3B30"), "corner_radius": .integer(8)], nil), ("blue", [:], nil)])

    static func json(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func anEvaluationIsAStringFlagWithTheRuntimesReasonInItsMetadata() throws {
        let answer = ResponseBodies.PrewrittenAnswer(experiment: Self.experiment, groupIndex: 0, reason: "bucketed", enrolled: true, period: 3)
        let bytes = OFREPAnswers.evaluation(answer)
        #expect(String(decoding: bytes, as: UTF8.self) == ##"{"key":"button_color","metadata":{"assignmentReason":"bucketed","enrolled":true,"params.color":"#FF3B30","params.corner_radius":8,"period":3},"reason":"SPLIT","value":"red","variant":"red"}"##)
        let object = try Self.json(bytes)
        #expect(object["value"] as? String == "red" && object["variant"] as? String == "red")
        let bulk = try Self.json(OFREPAnswers.bulk([answer, .init(experiment: Self.experiment, groupIndex: 1, reason: "notTargeted", enrolled: false)]))
        let flags = try #require(bulk["flags"] as? [[String: Any]])
        #expect(flags.map { $0["reason"] as? String } == ["SPLIT", "DEFAULT"])
        #expect((flags[1]["metadata"] as? [String: Any])?.count == 2, "blue has no parameters and no period")
    }

    @Test func everyReasonMapsToAnOpenFeatureReason() {
        let expected: [AssignmentReason: String] = [
            .bucketed: "SPLIT", .sticky: "SPLIT", .forced: "STATIC", .resolved: "STATIC", .override: "STATIC",
            .stopped: "DISABLED", .ended: "DISABLED", .notEnrolled: "DEFAULT", .noUser: "DEFAULT",
            .notStarted: "DEFAULT", .holdout: "DEFAULT", .notTargeted: "DEFAULT", .prerequisite: "DEFAULT",
        ]
        for reason in AssignmentReason.allCases { #expect(reason.openFeatureReason == expected[reason], "\(reason)") }
    }

    @Test func theTagChangesWithTheAnswersButNotFromBucketedToSticky() {
        func answers(_ group: Int, _ reason: String, period: Int? = nil) -> [ResponseBodies.PrewrittenAnswer] {
            [.init(experiment: Self.experiment, groupIndex: group, reason: reason, enrolled: reason == "bucketed" || reason == "sticky", period: period)]
        }
        let first = OFREPAnswers.etag(of: answers(0, "bucketed"), generation: 1)
        #expect(first == OFREPAnswers.etag(of: answers(0, "sticky"), generation: 1))
        #expect(first != OFREPAnswers.etag(of: answers(1, "sticky"), generation: 1))
        #expect(first != OFREPAnswers.etag(of: answers(0, "stopped"), generation: 1))
        #expect(first != OFREPAnswers.etag(of: answers(0, "sticky", period: 2), generation: 1))
        #expect(first != OFREPAnswers.etag(of: answers(0, "sticky"), generation: 2), "new definitions, new tag")
        #expect(first.hasPrefix("\"") && first.hasSuffix("\""))
    }

    @Test func aFailureNamesItsKeyCodeAndDetails() throws {
        let single = try Self.json(OFREPAnswers.failure(key: "nope", OFREPProblem(.flagNotFound, "no experiment 'nope'")))
        #expect(single["key"] as? String == "nope" && single["errorCode"] as? String == "FLAG_NOT_FOUND")
        let bulk = try Self.json(OFREPAnswers.failure(key: nil, OFREPProblem(.targetingKeyMissing, "x")))
        #expect(bulk["key"] == nil && bulk["errorCode"] as? String == "TARGETING_KEY_MISSING" && bulk["errorDetails"] as? String == "x")
    }
}

/// The OFREP fuzzer's seeds, read as the fuzzer reads them: `valid-*` give a request, `invalid-*`
/// a problem that says why.
@Suite struct OFREPFuzzSeedTests {
    @Test func theSeedsGiveARequestOrAProblem() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzzing/seeds/ofrep")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(seeds.count >= 8)
        for name in seeds {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            do {
                _ = try OFREPRequest(body: bytes, attributeKinds: OFREPTests.kinds.merging(["plan": .string(values: ["free", "trial", "pro"])]) { $1 })
                #expect(name.hasPrefix("valid-"), "\(name) is read")
            } catch {
                #expect(name.hasPrefix("invalid-"), "\(name): \(error.details)")
            }
        }
    }
}
