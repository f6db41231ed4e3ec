/// A readable account of how two texts differ: the one region between their common beginning and
/// common end, with line numbers, so that a golden mismatch shows what changed instead of two
/// whole files.
enum GoldenDiff {
    /// The most lines of each side shown.
    static let shownLines = 20

    /// `nil` when the texts are equal.
    static func describe(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let old = lines(expected), new = lines(actual)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        var report = ["golden file (\(old.count) lines) and generated code (\(new.count) lines) differ from line \(prefix + 1):"]
        report += side(old[prefix..<(old.count - suffix)], marker: "-", firstLine: prefix + 1)
        report += side(new[prefix..<(new.count - suffix)], marker: "+", firstLine: prefix + 1)
        return report.joined(separator: "\n")
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private static func side(_ lines: ArraySlice<String>, marker: String, firstLine: Int) -> [String] {
        var shown = lines.prefix(shownLines).enumerated().map { "\(marker) \(firstLine + $0.offset): \($0.element)" }
        if lines.count > shownLines { shown.append("\(marker) … \(lines.count - shownLines) more lines") }
        return shown
    }
}
