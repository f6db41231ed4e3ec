/// Accumulates Swift source line by line, so that indentation lives in one place instead of in
/// every string the emitter builds.
///
/// A line's pieces are appended to the output one after another: building each line as a
/// `String` first (interpolations, concatenations) cost more than everything else the emitter
/// does on thousands of experiments. The output stays a `String`, whose appends are compiled
/// code even in a debug build (where the build plugin runs the compiler) and need no final
/// UTF-8 validation pass.
struct CodePrinter {
    /// What has been printed so far; every line ends in a newline.
    private(set) var output = ""
    /// Four spaces per level.
    private var indentation = ""

    /// Prints one line at the current indentation; an empty line carries no trailing spaces.
    mutating func line(_ text: String = "") {
        if !text.isEmpty {
            openLine()
            write(text)
        }
        closeLine()
    }

    /// Prints one line made of two pieces.
    mutating func line(_ a: String, _ b: String) {
        openLine()
        write(a)
        write(b)
        closeLine()
    }

    /// Prints one line made of three pieces.
    mutating func line(_ a: String, _ b: String, _ c: String) {
        openLine()
        write(a)
        write(b)
        write(c)
        closeLine()
    }

    /// Prints one line made of four pieces.
    mutating func line(_ a: String, _ b: String, _ c: String, _ d: String) {
        openLine()
        write(a)
        write(b)
        write(c)
        write(d)
        closeLine()
    }

    /// Starts a line: writes the indentation that the pieces written next follow.
    mutating func openLine() {
        output.append(indentation)
    }

    /// Ends the line that `openLine` started.
    mutating func closeLine() {
        output.append("\n")
    }

    /// Writes a piece of the current line.
    mutating func write(_ text: String) {
        output.append(text)
    }

    /// Writes a part of a string.
    mutating func write(_ text: Substring) {
        output.append(contentsOf: text)
    }

    /// Writes one ASCII character.
    mutating func write(ascii byte: UInt8) {
        output.unicodeScalars.append(Unicode.Scalar(byte))
    }

    /// Writes `value` in decimal, without grouping.
    mutating func writeDecimal(_ value: Int) {
        if value < 0 { output.append("-") }
        writeDigits(value.magnitude, grouped: false)
    }

    /// Writes the decimal digits of `magnitude`, with `_` between thousands when `grouped`.
    mutating func writeDigits(_ magnitude: UInt, grouped: Bool) {
        // UInt.max has 20 digits; 19 separators at most would fit as well.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var position = buffer.count
            var rest = magnitude
            var digits = 0
            repeat {
                if grouped && digits > 0 && digits % 3 == 0 {
                    position -= 1
                    buffer[position] = UInt8(ascii: "_")
                }
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                digits += 1
            } while rest > 0
            output.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[position...]), as: UTF8.self))
        }
    }

    /// Prints lines that are already safe in a comment (from `CommentText`) as `///` lines.
    mutating func docLines(_ lines: [String]) {
        for docLine in lines { self.docLine(docLine) }
    }

    /// Prints one `///` line; an empty line has no trailing space.
    mutating func docLine(_ text: String) {
        openLine()
        write(text.isEmpty ? "///" : "/// ")
        write(text)
        closeLine()
    }

    /// Indents what `body` prints by one level.
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        indentation.append("    ")
        body(&self)
        indentation.removeLast(4)
    }

    /// Prints `opener {`, the indented body, and the closing brace.
    mutating func block(_ opener: String, _ body: (inout CodePrinter) -> Void) {
        line(opener, " {")
        indented(body)
        line("}")
    }

    /// Reserves room for about `count` more bytes, when the caller can estimate the output.
    mutating func reserveCapacity(_ count: Int) {
        output.reserveCapacity(output.utf8.count + count)
    }
}
