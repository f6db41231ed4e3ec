/// A plain-text table with left-aligned text columns and right-aligned numbers.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    func render() -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let isNumber = !cell.isEmpty && cell.allSatisfy { $0.isNumber || $0 == "." || $0 == "%" }
                return isNumber ? padding + cell : cell + padding
            }
            return String(padded.joined(separator: "  ").reversed().drop { $0 == " " }.reversed())
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

/// `0.3334` → `33.34%`.
func percent(_ share: Double) -> String {
    let hundredths = Int((share * 10_000).rounded())
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100).\(fraction.count == 1 ? "0" + fraction : fraction)%"
}

/// Prints a section heading.
func section(_ title: String) {
    let rule = String(repeating: "=", count: max(2, 74 - title.count))
    print("\n== \(title) \(rule)")
}
