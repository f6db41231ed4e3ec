import Foundation

/// Numbers as the report prints them.
enum Formatting {
    static func seconds(_ value: Double) -> String {
        value < 1 ? String(format: "%.1f ms", value * 1_000) : String(format: "%.2f s", value)
    }

    /// A time per operation: nanoseconds below a microsecond's thousand, milliseconds above.
    static func nanoseconds(_ value: Double) -> String {
        value >= 1e6 ? String(format: "%.2f ms", value / 1e6) : String(format: "%.1f ns", value)
    }

    static func ratio(_ value: Double) -> String {
        value.isFinite ? String(format: "%.2f×", value) : "n/a"
    }

    /// A factor of a target or an input, without needless decimals: 3, 11, 3.3, 1.25.
    static func factor(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.0f", value) : "n/a"
    }

    /// A count with thousands separators: 10,000,000.
    static func count(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (value < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    static func kilobytes(_ bytes: Int) -> String {
        String(format: "%.0f KiB", Double(bytes) / 1_024)
    }

    static func verdict(_ passed: Bool) -> String { passed ? "meets" : "MISSES" }

    /// A markdown table; the plain-text table the script prints is the same rows.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var lines = ["| " + header.joined(separator: " | ") + " |"]
        lines.append("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
        lines += rows.map { "| " + $0.joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n")
    }
}
