@_spi(Tools) import SplitTestCompiler
@_spi(Generated) import SplitTesting

/// Targeting in words, for people who do not read YAML: `app_version is at least 5.2 and below 6`.
enum TargetingWords {
    /// One phrase per condition.
    static func phrases(_ conditions: [SplitTestCondition]) -> [String] {
        conditions.map(phrase)
    }

    static func phrase(_ condition: SplitTestCondition) -> String {
        let name = condition.attribute
        switch condition.test {
        case .equals(let value): return "\(name) is \(value)"
        case .oneOf(let values): return "\(name) is one of " + values.map(\.description).joined(separator: ", ")
        case .noneOf(let values): return "\(name) is set and none of " + values.map(\.description).joined(separator: ", ")
        case .comparisons(let comparisons):
            return name + " " + comparisons.map { comparison in
                let word: String
                switch comparison.operator {
                case .equal: word = "is"
                case .notEqual: word = "is not"
                case .lessThan: word = "is below"
                case .lessThanOrEqual: word = "is at most"
                case .greaterThan: word = "is above"
                case .greaterThanOrEqual: word = "is at least"
                }
                return "\(word) \(comparison.value)"
            }.joined(separator: " and ")
        }
    }
}
