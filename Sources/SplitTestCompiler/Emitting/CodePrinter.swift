/// Accumulates Swift source line by line, so that indentation lives in one place instead of in
/// every string the emitter builds.
struct CodePrinter {
    /// What has been printed so far; every line ends in a newline.
    private(set) var output = ""
    private var depth = 0
    private static let indentUnit = "    "

    /// Prints one line at the current indentation; an empty line carries no trailing spaces.
    mutating func line(_ text: String = "") {
        if !text.isEmpty {
            for _ in 0..<depth { output += Self.indentUnit }
            output += text
        }
        output += "\n"
    }

    /// Prints each line of `text` as a `///` doc comment; nothing for `nil`.
    mutating func docComment(_ text: String?) {
        guard let text else { return }
        for docLine in CommentText.lines(of: text) {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
    }

    /// Indents what `body` prints by one level.
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// Prints `opener {`, the indented body, and the closing brace.
    mutating func block(_ opener: String, _ body: (inout CodePrinter) -> Void) {
        line(opener + " {")
        indented(body)
        line("}")
    }
}
