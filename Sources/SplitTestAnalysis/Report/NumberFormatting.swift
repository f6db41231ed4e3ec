/// Fixed-point formatting for the text and HTML reports, without Foundation.
enum NumberFormatting {
    /// `value` with `digits` decimals, e.g. `fixed(0.12345, 3)` is `0.123`; `–` for `nil`.
    static func fixed(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "–" }
        if abs(value) >= 1e15 { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = String(Int(scaled - Double(whole) * scale))
        fraction = String(repeating: "0", count: max(0, digits - fraction.count)) + fraction
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return digits > 0 ? "\(sign)\(whole).\(fraction)" : "\(sign)\(whole)"
    }

    /// A share as a percentage with `digits` decimals: `12.35%`.
    static func percent(_ value: Double?, _ digits: Int = 2) -> String {
        guard let value else { return "–" }
        return fixed(value * 100, digits) + "%"
    }

    /// A signed percentage-point or percentage difference: `+1.20%`.
    static func signedPercent(_ value: Double?, _ digits: Int = 2) -> String {
        guard let value, value.isFinite else { return "–" }
        return (value >= 0 ? "+" : "") + percent(value, digits)
    }

    /// A signed difference of two rates in percentage points: `+1.20 pp` (`+1.20` without `unit`).
    static func signedPoints(_ value: Double?, unit: Bool = true) -> String {
        guard let value, value.isFinite else { return "–" }
        return (value >= 0 ? "+" : "") + fixed(value * 100, 2) + (unit ? " pp" : "")
    }

    /// A p-value: four decimals, or `< 0.0001`.
    static func pValue(_ value: Double?) -> String {
        guard let value else { return "–" }
        return value < 0.0001 ? "< 0.0001" : fixed(value, 4)
    }

    /// `p = 0.0123` or `p < 0.0001`.
    static func pClause(_ value: Double?) -> String {
        guard let value else { return "p = –" }
        return value < 0.0001 ? "p < 0.0001" : "p = " + fixed(value, 4)
    }

    /// Pads `text` on the right (left when `leading`) to `width` characters.
    static func pad(_ text: String, _ width: Int, leading: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return leading ? padding + text : text + padding
    }
}
