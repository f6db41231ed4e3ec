/// Comment text printed straight into the printer: the same output as printing `lines(of:)`,
/// `singleLine` and `paragraph`, without their intermediate `String`s.
///
/// Text is written as it is and then checked in place, in the printer's bytes: the usual text,
/// one line of printable ASCII with nothing to trim, is then already printed. Anything else is
/// taken back and printed by the general functions. Checking the written bytes, rather than the
/// `String` beforehand, costs no generic call per check in a debug build.
extension CommentText {
    /// Prints `paragraph(text)` as `///` lines, then an empty `///` line that separates it from
    /// what follows; nothing when the paragraph is empty.
    static func printParagraph(_ text: String, into printer: inout CodePrinter) {
        let mark = printer.position
        printer.openLine()
        printer.write("/// ")
        let start = printer.position
        printer.write(text)
        guard isTrimmedPlainLine(printer.written(since: start)) else {
            printer.rewind(to: mark)
            guard let paragraph = paragraph(text) else { return }
            printLines(of: paragraph, into: &printer)
            printer.emptyDocLine()
            return
        }
        printer.closeLine()
        printer.emptyDocLine()
    }

    /// Writes `prefix` and `singleLine(paragraph(text))`, and returns `true`; writes nothing and
    /// returns `false` when the paragraph is empty.
    static func writeSingleLine(
        paragraphOf text: String, after prefix: StaticString, into printer: inout CodePrinter
    ) -> Bool {
        let mark = printer.position
        printer.write(prefix)
        let start = printer.position
        printer.write(text)
        if isTrimmedPlainLine(printer.written(since: start)) { return true }
        printer.rewind(to: start)
        guard let paragraph = paragraph(text) else {
            printer.rewind(to: mark)
            return false
        }
        writeSingleLine(paragraph, into: &printer)
        return true
    }

    /// Writes `singleLine(text)`.
    static func writeSingleLine(_ text: String, into printer: inout CodePrinter) {
        let start = printer.position
        printer.write(text)
        let written = printer.written(since: start)
        guard isPlainASCII(written, allowingNewlines: false) else {
            printer.rewind(to: start)
            printer.write(singleLine(text))
            return
        }
        printer.rewind(to: start + lengthWithoutTrailingSpaces(written))
    }

    /// Prints `lines(of: text)` as `///` lines, writing plain ASCII lines straight from `text`.
    static func printLines(of text: String, into printer: inout CodePrinter) {
        guard isPlainASCII(text, allowingNewlines: true) else {
            printer.docLines(lines(of: text))
            return
        }
        text.withUTF8Bytes { text in
            guard let bytes = text.baseAddress else {
                printer.emptyDocLine()
                return
            }
            // Trailing spaces and line breaks end in empty lines, which `lines(of:)` drops; text
            // with nothing else is one empty line.
            var end = text.count
            while end > 0 && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A) { end -= 1 }  // " ", "\n"
            var start = 0
            repeat {
                var lineEnd = start
                while lineEnd < end && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var trimmedEnd = lineEnd
                while trimmedEnd > start && bytes[trimmedEnd - 1] == 0x20 { trimmedEnd -= 1 }
                if trimmedEnd == start {
                    printer.emptyDocLine()
                } else {
                    printer.openLine()
                    printer.write("/// ")
                    printer.write(UnsafeBufferPointer(start: bytes + start, count: trimmedEnd - start))
                    printer.closeLine()
                }
                start = lineEnd + 1
            } while start < end
        }
    }

    /// Whether `text` is one non-empty line of printable ASCII that starts and ends with a
    /// visible character: its own paragraph, and its own single line.
    private static func isTrimmedPlainLine(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let bytes = text.baseAddress, text.count > 0 else { return false }
        return bytes[0] != 0x20 && bytes[text.count - 1] != 0x20 && isPlainASCII(text, allowingNewlines: false)
    }

    /// The length of ASCII `text` without its trailing spaces.
    private static func lengthWithoutTrailingSpaces(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard let bytes = text.baseAddress else { return 0 }
        var end = text.count
        while end > 0 && bytes[end - 1] == 0x20 { end -= 1 }  // " "
        return end
    }
}
