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
                params: ["title": .string("Go"), "ratio": .double(0.25), "size": .double(2), "count": .int(3), "on": .bool(false)],
                levels: nil),
            ResponseBodies.Assignment(
                experiment: "grid", group: "urgent+purple", reason: "not_targeted", enrolled: false, params: [:],
                levels: ["headline": "urgent", "button": "purple"]),
        ]
        #expect(text(ResponseBodies.assignments(answers)) == #"{"assignments":[{"enrolled":true,"experiment":"paywall","group":"b","params":{"count":3,"on":false,"ratio":0.25,"size":2,"title":"Go"},"reason":"bucketed"},{"enrolled":false,"experiment":"grid","group":"urgent+purple","levels":{"button":"purple","headline":"urgent"},"params":{},"reason":"not_targeted"}]}"#)
    }
}
