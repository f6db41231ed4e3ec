import Testing
@testable import SplitTestCompiler

@Suite struct EmitterLiteralTests {
    @Test func stringEscapes() {
        #expect(SwiftLiteral.string("plain") == #""plain""#)
        #expect(SwiftLiteral.string(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(SwiftLiteral.string("a\nb\rc\td\0e") == #""a\nb\rc\td\0e""#)
        #expect(SwiftLiteral.string("bell\u{07} del\u{7F}") == #""bell\u{7} del\u{7F}""#)
        #expect(SwiftLiteral.string("\\(interpolation)") == #""\\(interpolation)""#)
        #expect(SwiftLiteral.string("#\"raw\"#") == ##""#\"raw\"#""##)
    }

    @Test func visibleNonASCIIIsKeptAndInvisibleIsEscaped() {
        #expect(SwiftLiteral.string("ø-ünicode-ключ-🗻 €") == "\"ø-ünicode-ключ-🗻 €\"")
        #expect(SwiftLiteral.string("a\u{202E}b\u{200B}c\u{2028}d\u{00A0}e") == #""a\u{202E}b\u{200B}c\u{2028}d\u{A0}e""#)
        #expect(SwiftLiteral.string("\u{301}accent") == #""\u{301}accent""#)
        #expect(SwiftLiteral.string("\u{E000}\u{10FFFF}") == #""\u{E000}\u{10FFFF}""#)
    }

    @Test func integers() {
        #expect(SwiftLiteral.int(0) == "0")
        #expect(SwiftLiteral.int(9999) == "9999")
        #expect(SwiftLiteral.int(10_000) == "10_000")
        #expect(SwiftLiteral.int(-123_456) == "-123_456")
        #expect(SwiftLiteral.int(Int.max) == "9_223_372_036_854_775_807")
        #expect(SwiftLiteral.int(Int.min) == "-9_223_372_036_854_775_808")
    }

    @Test func doublesRoundTripAndStayDoubles() {
        let values: [Double] = [1, 2.5, 0.1, 1.1, 1e-7, 1e16, 123_456_789.125, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0]
        for value in values where !value.isSubnormal {
            let literal = SwiftLiteral.double(value)
            #expect(literal.contains(".") || literal.contains("e"), "\(literal) reads as a Double")
            #expect(Double(literal)?.bitPattern == value.bitPattern, "\(literal) round-trips")
        }
        #expect(SwiftLiteral.double(1) == "1.0")
        #expect(SwiftLiteral.double(.leastNonzeroMagnitude) == "Double(bitPattern: 0x1)")
        #expect(SwiftLiteral.double(.infinity) == "Double.infinity")
        #expect(SwiftLiteral.double(-.infinity) == "-Double.infinity")
        #expect(SwiftLiteral.double(.nan) == "Double.nan")
    }

    @Test func parameterValues() {
        #expect(SwiftLiteral.value(.bool(true)) == "true")
        #expect(SwiftLiteral.value(.int(10_000)) == "10_000")
        #expect(SwiftLiteral.value(.double(5)) == "5.0")
        #expect(SwiftLiteral.value(.string("yes")) == #""yes""#)
    }
}
