@_spi(Generated) import SplitTesting

/// Whether comparisons joined by commas can all hold at once: an emptiness check of the interval
/// they leave, with the points `!=` removes.
///
/// Versions are dense (between `5` and `5.0.1` lies `5.0.0.1`) and start at `0`; whole numbers
/// are discrete, so `> 5, < 6` leaves nothing.
enum ComparisonBounds {
    /// Whether some version satisfies every comparison.
    static func canHold(_ comparisons: [(SplitTestComparison.Operator, SplitTestVersion)]) -> Bool {
        let zero = SplitTestVersion(components: [0])
        var lower: (value: SplitTestVersion, inclusive: Bool) = (zero, true)
        var upper: (value: SplitTestVersion, inclusive: Bool)?
        var equal: SplitTestVersion?
        var excluded: [SplitTestVersion] = []
        for (op, value) in comparisons {
            switch op {
            case .equal:
                if let equal, equal != value { return false }
                equal = value
            case .notEqual:
                excluded.append(value)
            case .greaterThan, .greaterThanOrEqual:
                let inclusive = op == .greaterThanOrEqual
                if value > lower.value || (value == lower.value && !inclusive) { lower = (value, inclusive) }
            case .lessThan, .lessThanOrEqual:
                let inclusive = op == .lessThanOrEqual
                if let current = upper, !(value < current.value || (value == current.value && !inclusive)) { continue }
                upper = (value, inclusive)
            }
        }
        func inside(_ point: SplitTestVersion) -> Bool {
            let aboveLower = point > lower.value || (point == lower.value && lower.inclusive)
            let belowUpper = upper.map { point < $0.value || (point == $0.value && $0.inclusive) } ?? true
            return aboveLower && belowUpper
        }
        if let equal { return inside(equal) && !excluded.contains(equal) }
        guard let upper else { return true }
        if lower.value < upper.value { return true }
        // A single point at most: the bounds meet.
        return lower.value == upper.value && lower.inclusive && upper.inclusive && !excluded.contains(lower.value)
    }

    /// Whether some whole number satisfies every comparison.
    static func canHold(_ comparisons: [(SplitTestComparison.Operator, Int)]) -> Bool {
        var lower = Int.min
        var upper = Int.max
        var excluded: Set<Int> = []
        for (op, value) in comparisons {
            switch op {
            case .equal:
                lower = max(lower, value)
                upper = min(upper, value)
            case .notEqual:
                excluded.insert(value)
            case .greaterThan:
                guard value < Int.max else { return false }
                lower = max(lower, value + 1)
            case .greaterThanOrEqual:
                lower = max(lower, value)
            case .lessThan:
                guard value > Int.min else { return false }
                upper = min(upper, value - 1)
            case .lessThanOrEqual:
                upper = min(upper, value)
            }
        }
        guard lower <= upper else { return false }
        // More numbers than exclusions: one is left. Otherwise look at each (there are few).
        let span = upper.subtractingReportingOverflow(lower)
        if span.overflow || span.partialValue >= excluded.count { return true }
        return (lower...upper).contains { !excluded.contains($0) }
    }
}
