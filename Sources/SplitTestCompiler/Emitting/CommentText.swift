/// Free text (descriptions, owners, paths) made safe to print inside `//` and `///` comments.
///
/// Most text is plain ASCII, which takes a byte-level fast path: the emitter must stay a small
/// part of the compiler's time on thousands of experiments.
enum CommentText {
    /// The lines of `text`, split at every kind of line break, with trailing whitespace removed
    /// and invisible or control characters spelled as `\u{…}` so that nothing in the comment can
    /// end it early, reorder how it displays, or make the compiler warn about the file.
    static func lines(of text: String) -> [String] {
        var lines = isPlainASCII(text, allowingNewlines: true)
            ? text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .map { trimmedTrailingSpaces(String(Substring($0))) }
            : text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                .map { visible(String($0)) }
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// `text` on one line: line breaks become spaces.
    static func singleLine(_ text: String) -> String {
        if isPlainASCII(text, allowingNewlines: false) { return trimmedTrailingSpaces(text) }
        return lines(of: text).joined(separator: " ")
    }

    /// `text` without the blank lines and spaces around it, or `nil` when nothing is left, so
    /// that a description followed by generated facts is separated by exactly one empty line.
    static func paragraph(_ text: String?) -> String? {
        guard let text else { return nil }
        if text.isASCII {
            // The ASCII whitespace of Unicode's White_Space property: tab to carriage return, space.
            let isSpace = { (byte: UInt8) in byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            let kept: Range<Int>? = text.withUTF8Bytes { bytes in
                guard let first = bytes.firstIndex(where: { !isSpace($0) }),
                      let last = bytes.lastIndex(where: { !isSpace($0) })
                else { return nil }
                return first..<(last + 1)
            }
            guard let kept else { return nil }
            if kept.count == text.utf8.count { return text }
            return text.withUTF8Bytes { String(decoding: $0[kept], as: UTF8.self) }
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return nil }
        return String(scalars[first...last])
    }

    /// Whether every byte is printable ASCII (or a line feed, when allowed): such text needs no
    /// escaping in a comment.
    static func isPlainASCII(_ text: String, allowingNewlines: Bool) -> Bool {
        text.withUTF8Bytes { isPlainASCII($0, allowingNewlines: allowingNewlines) }
    }

    /// `isPlainASCII` of UTF-8 bytes.
    static func isPlainASCII(_ text: UnsafeBufferPointer<UInt8>, allowingNewlines: Bool) -> Bool {
        guard let bytes = text.baseAddress else { return true }
        // An index loop over a pointer, which a debug build runs without generic calls.
        let count = text.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if (byte < 0x20 || byte >= 0x7F) && !(allowingNewlines && byte == 0x0A) { return false }
            index += 1
        }
        return true
    }

    private static func trimmedTrailingSpaces(_ line: String) -> String {
        guard line.utf8.last == UInt8(ascii: " ") else { return line }
        var line = line
        while line.utf8.last == UInt8(ascii: " ") { line.removeLast() }
        return line
    }

    private static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .surrogate, .privateUse, .unassigned,
                 .lineSeparator, .paragraphSeparator:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        while let last = result.unicodeScalars.last, last.properties.isWhitespace {
            result.unicodeScalars.removeLast()
        }
        return result
    }
}
