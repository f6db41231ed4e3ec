@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTestServiceBodies
import Testing

/// The service's answers, byte for byte as Foundation's encoder wrote them (names sorted,
/// compact, `/` not escaped), so that clients see the same bytes.
@Suite struct ResponseBodiesTests {
    @Test func writesEachBody() {
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        #expect(text(ResponseBodies.accepted(2)) == #"{"accepted":2}"#)
        #expect(text(ResponseBodies.health(experiments: 3, controlSequence: nil)) == #"{"control_sequence":null,"experiments":3,"status":"ok"}"#)
        #expect(text(ResponseBodies.health(experiments: 0, controlSequence: 7)) == #"{"control_sequence":7,"experiments":0,"status":"ok"}"#)
        #expect(text(ResponseBodies.problem(title: "Bad request", status: 400, detail: "a/b \"c\"\n")) == #"{"detail":"a/b \"c\"\n","status":400,"title":"Bad request"}"#)
        let answers = [
            ResponseBodies.Assignment(
                experiment: "paywall", group: "b", reason: "bucketed", enrolled: true,
                params: ([
                    "title": .string("Go"), "ratio": .double(0.25), "size": .double(2), "count": .int(3), "on": .bool(false),
                ] as [String: ParameterValue]).mapValues(\.json),
                levels: nil),
            ResponseBodies.Assignment(
                experiment: "grid", group: "urgent+purple", reason: "not_targeted", enrolled: false, params: [:],
                levels: ["headline": "urgent", "button": "purple"]),
        ]
        #expect(text(ResponseBodies.assignments(answers)) == #"{"assignments":[{"enrolled":true,"experiment":"paywall","group":"b","params":{"count":3,"on":false,"ratio":0.25,"size":2,"title":"Go"},"reason":"bucketed"},{"enrolled":false,"experiment":"grid","group":"urgent+purple","levels":{"button":"purple","headline":"urgent"},"params":{},"reason":"not_targeted"}]}"#)
    }

    /// Answers joined from bytes written ahead for each group are the bytes the tree writer
    /// gives for the same answers: every group, enrolled or not, names that need escaping.
    @Test func answersWrittenAheadAreTheSameBytes() {
        let groups: [(name: String, params: [String: ParameterValue], levels: [String: String]?)] = [
            ("control", ["title": .string("Buy \"now\"/ü"), "ratio": .double(0.1), "count": .int(-2), "on": .bool(true)], nil),
            ("urgent+purple", [:], ["headline": "urgent", "button": "purple"]),
            ("e\u{1}scaped", ["big": .double(1e21), "small": .double(5e-324)], ["a": "b"]),
        ]
        let experiments = ["paywall", "grid\\x", "ünïcode"]
        var written: [ResponseBodies.PrewrittenAnswer] = []
        var expected: [ResponseBodies.Assignment] = []
        for experiment in experiments {
            let prewritten = ResponseBodies.PrewrittenExperiment(
                experiment: experiment, groups: groups.map { ($0.name, $0.params.mapValues(\.json), $0.levels) })
            #expect(prewritten.groupCount == groups.count)
            for (index, group) in groups.enumerated() {
                for (reason, enrolled) in [("bucketed", true), ("not_targeted", false), ("a \"quoted\" reason", false)] {
                    written.append(.init(experiment: prewritten, groupIndex: index, reason: reason, enrolled: enrolled))
                    expected.append(
                        .init(experiment: experiment, group: group.name, reason: reason, enrolled: enrolled,
                            params: group.params.mapValues(\.json), levels: group.levels))
                }
            }
        }
        #expect(ResponseBodies.assignments(written) == ResponseBodies.assignments(expected))
        #expect(ResponseBodies.assignments([ResponseBodies.PrewrittenAnswer]()) == ResponseBodies.assignments([ResponseBodies.Assignment]()))
    }
}
