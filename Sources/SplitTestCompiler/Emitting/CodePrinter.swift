/// Accumulates Swift source line by line, so that indentation lives in one place instead of in
/// every string the emitter builds.
struct CodePrinter {
    /// What has been printed so far; every line ends in a newline.
    private(set) var output = ""
    private var indentation = ""
    private static let indentUnit = "    "

    /// Prints one line at the current indentation; an empty line carries no trailing spaces.
    mutating func line(_ text: String = "") {
        if !text.isEmpty {
            output += indentation
            output += text
        }
        output += "\n"
    }

    /// Prints lines that are already safe in a comment (from `CommentText`) as `///` lines.
    mutating func docLines(_ lines: [String]) {
        for docLine in lines {
            line(docLine.isEmpty ? "///" : "/// " + docLine)
        }
    }

    /// Indents what `body` prints by one level.
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        indentation += Self.indentUnit
        body(&self)
        indentation.removeLast(Self.indentUnit.count)
    }

    /// Prints `opener {`, the indented body, and the closing brace.
    mutating func block(_ opener: String, _ body: (inout CodePrinter) -> Void) {
        line(opener + " {")
        indented(body)
        line("}")
    }

    /// Reserves room for about `count` more bytes, when the caller can estimate the output.
    mutating func reserveCapacity(_ count: Int) {
        output.reserveCapacity(output.utf8.count + count)
    }
}
