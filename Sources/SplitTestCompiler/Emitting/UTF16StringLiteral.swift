/// String literals of the languages whose escapes name UTF-16 code units, Kotlin and TypeScript:
/// escaped as Swift's are (``SwiftLiteral/quoted(_:escaping:invisible:)``), except that a scalar
/// that is not plainly visible is `\uXXXX`, a surrogate pair beyond the Basic Multilingual Plane.
/// Visible text, `é` and `😀` included, is written as it is: both compilers read UTF-8 sources.
enum UTF16StringLiteral {
    /// The literal of `value`; with `escapingDollar`, `$` is escaped too (Kotlin, where it
    /// starts a template).
    static func quoted(_ value: String, escapingDollar: Bool) -> String {
        SwiftLiteral.quoted(value, escaping: { escapingDollar && $0 == "$" ? "\\$" : nil }) { scalar in
            String(scalar).utf16.map(unicodeEscape).joined()
        }
    }

    /// `\u00AD`: four uppercase hexadecimal digits.
    private static func unicodeEscape(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
