/// The indentation mistakes behind libyaml's syntax errors, said in words a reader can act on,
/// at the line that has the mistake.
///
/// libyaml reports what its scanner met, not what was meant: a tab in the indentation is "found
/// character that cannot start any token", and a key indented under a key that already has its
/// value is "mapping values are not allowed in this context". Both are common in hand-written
/// YAML, and neither message names the fix.
enum IndentationHint {
    /// A message that replaces libyaml's, and where it points.
    struct Hint: Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// libyaml's problems that a key indented too far produces.
    private static let misplacedKeyProblems: Set<String> = [
        "mapping values are not allowed in this context", "did not find expected key",
    ]

    /// The hint for libyaml's `problem` at `line` (1-based) of `contents`, or nil when the line
    /// shows neither mistake.
    static func hint(problem: String, line: Int, in contents: UnsafeBufferPointer<UInt8>) -> Hint? {
        let lines = Lines(contents, upTo: line)
        guard let text = lines.line(line) else { return nil }
        if let tab = text.indentation.firstIndex(of: UInt8(ascii: "\t")) {
            return Hint(
                message: "this line is indented with a tab; YAML indents with spaces only: replace the tab with spaces",
                line: line, column: tab + 1)
        }
        guard misplacedKeyProblems.contains(problem), let key = text.key, let previous = lines.significant(before: line),
            previous.indentation.count < text.indentation.count, previous.hasValue
        else { return nil }
        let owner = previous.key.map { "'\($0)' on line \(previous.number)" } ?? "line \(previous.number)"
        return Hint(
            message: "'\(key)' is indented more than \(owner), which already has its value: is it indented too far?",
            line: line, column: text.indentation.count + 1)
    }

    /// The lines of a file up to one of them, as bytes.
    private struct Lines {
        var lines: [Line] = []

        init(_ contents: UnsafeBufferPointer<UInt8>, upTo last: Int) {
            var start = 0
            var number = 1
            while number <= last, start <= contents.count {
                var end = start
                while end < contents.count, contents[end] != UInt8(ascii: "\n") { end += 1 }
                var bytes = Array(contents[start..<end])
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                lines.append(Line(number: number, bytes: bytes))
                start = end + 1
                number += 1
            }
        }

        func line(_ number: Int) -> Line? {
            number >= 1 && number <= lines.count ? lines[number - 1] : nil
        }

        /// The nearest line before `number` that holds more than blanks and a comment.
        func significant(before number: Int) -> Line? {
            lines.prefix(max(0, number - 1)).last { !$0.content.isEmpty && $0.content.first != UInt8(ascii: "#") }
        }
    }

    /// One line's bytes, split into its indentation and its content.
    private struct Line {
        var number: Int
        var bytes: [UInt8]

        /// The leading spaces and tabs.
        var indentation: ArraySlice<UInt8> {
            bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }

        /// The rest, without a trailing comment or blanks.
        var content: ArraySlice<UInt8> {
            var rest = bytes.dropFirst(indentation.count)
            if let hash = commentStart(rest) { rest = rest[..<hash] }
            while let last = rest.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { rest = rest.dropLast() }
            return rest
        }

        /// The key the line starts with, `name:` followed by a blank or the end, when it is a
        /// plain name (letters, digits, `_`, `-`, `.`).
        var key: String? {
            let rest = content
            guard let colon = rest.firstIndex(of: UInt8(ascii: ":")), colon > rest.startIndex else { return nil }
            let after = rest.index(after: colon)
            guard after == rest.endIndex || rest[after] == UInt8(ascii: " ") || rest[after] == UInt8(ascii: "\t") else {
                return nil
            }
            let name = rest[rest.startIndex..<colon]
            let isName = name.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            }
            return isName ? String(decoding: name, as: UTF8.self) : nil
        }

        /// Whether the line gives a value that nothing indented below it can add to: a key with
        /// its value on the line, or a list item; not a key that opens a block (`groups:`), a
        /// block scalar (`|`, `>`) or an unclosed flow collection.
        var hasValue: Bool {
            let rest = content
            guard let last = rest.last else { return false }
            if [UInt8(ascii: ":"), UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "{"),
                UInt8(ascii: ","), UInt8(ascii: "-")].contains(last)
            {
                return false
            }
            // `key: |-` or `key: >+` open a block scalar too.
            if rest.count >= 2, [UInt8(ascii: "|"), UInt8(ascii: ">")].contains(rest[rest.endIndex - 2]) { return false }
            return true
        }

        /// Where a comment starts: a `#` at the start or after a blank, outside quotes.
        private func commentStart(_ text: ArraySlice<UInt8>) -> Int? {
            var quote: UInt8?
            var previous = UInt8(ascii: " ")
            for index in text.indices {
                let byte = text[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
                    return index
                }
                previous = byte
            }
            return nil
        }
    }
}
