import Testing
@_spi(Tools) import SplitTesting
@testable import SplitTestServer

/// The assignments body written from answers kept once written: the same bytes as encoding the
/// whole object, the first time and every time after.
@Suite struct AnswerJSONTests {
    static let decisions = [
        Decider.Decision(
            experiment: "checkout_button", group: "blue", reason: .bucketed,
            params: ["color": .string("#007AFF"), "url": .string("https://example.com/a/b"), "corner_radius": .int(8)],
            levels: nil),
        Decider.Decision(
            experiment: "banner_style", group: "orange+large", reason: .sticky,
            params: ["height": .int(80), "ratio": .double(0.75), "title": .string("Größer \"neu\"\n"), "shown": .bool(true)],
            levels: ["color": "orange", "size": "large"]),
        Decider.Decision(experiment: "plan_offer", group: "standard", reason: .notTargeted, params: [:], levels: nil),
    ]

    static func encodedWhole(_ decisions: [Decider.Decision]) -> [UInt8] {
        JSONValue.object(["assignments": .array(decisions.map(\.json))]).bytes
    }

    @Test func theBodyIsWhatEncodingTheWholeGives() {
        let answers = AnswerJSON()
        #expect(answers.body(Self.decisions) == Self.encodedWhole(Self.decisions))
        // Again, from the answers kept, and in another order and number.
        #expect(answers.body(Self.decisions) == Self.encodedWhole(Self.decisions))
        let other = [Self.decisions[2], Self.decisions[0]]
        #expect(answers.body(other) == Self.encodedWhole(other))
        #expect(answers.body([]) == Self.encodedWhole([]))
    }

    @Test func anAnswerWithOtherParamsIsWrittenAnew() {
        let answers = AnswerJSON()
        var changed = Self.decisions[0]
        _ = answers.body([changed])
        changed.params["color"] = .string("#34C759")
        #expect(answers.body([changed]) == Self.encodedWhole([changed]))
        #expect(String(decoding: answers.body([changed]), as: UTF8.self).contains("#34C759"))
    }
}
