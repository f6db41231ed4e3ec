import SplitTestFormats
import Testing

/// "Did you mean": close words only, by the optimal-string-alignment distance.
@Suite struct SuggestionsTests {
    @Test func suggestsCloseWordsOnly() {
        #expect(Suggestions.closest(to: "wieght", in: ["weight", "description", "params"]) == "weight")
        #expect(Suggestions.closest(to: "blu", in: ["red", "blue"]) == "blue")
        #expect(Suggestions.closest(to: "c", in: ["a", "b"]) == nil)
        #expect(Suggestions.closest(to: "colour_scheme", in: ["identifier", "traffic"]) == nil)
        #expect(Suggestions.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }
}
