@_spi(Tools) import SplitTestCompiler
@_spi(Generated) import SplitTesting

/// Why a unit is not targeted, in words: the first condition that does not hold, for
/// `splitc assign` to explain a `notTargeted` resolution.
public enum TargetingExplanation {
    /// The first condition of `targeting` that `attributes` fail, explained; nil when all hold.
    package static func firstFailure(of targeting: SplitTestTargeting, for attributes: SplitTestAttributeValues) -> String? {
        if let failure = firstFailure(of: targeting.conditions, for: attributes) { return failure }
        for segment in targeting.segments {
            if let failure = firstFailure(of: segment.conditions, for: attributes) {
                return "not in segment '\(segment.name)': \(failure)"
            }
        }
        for segment in targeting.excludedSegments where segment.contains(attributes) {
            return "in segment '\(segment.name)', which is excluded"
        }
        return nil
    }

    /// The first of `conditions` that `attributes` fail, explained.
    private static func firstFailure(of conditions: [SplitTestCondition], for attributes: SplitTestAttributeValues) -> String? {
        for condition in conditions where !condition.holds(for: attributes) {
            let name = condition.attribute
            guard let value = attributes[name] else { return "'\(name)' is not set" }
            switch condition.test {
            case .oneOf(let values):
                return "'\(name)' is \(value), not one of \(list(values))"
            case .noneOf(let values):
                return "'\(name)' is \(value), which is excluded (\(list(values)))"
            case .equals(let expected):
                return "'\(name)' is \(value), not \(expected)"
            case .comparisons(let comparisons):
                let failed = comparisons.first { !$0.holds(for: value) }
                return "'\(name)' is \(value), not " + (failed.map { "\($0.operator.rawValue) \($0.value)" } ?? "comparable")
            }
        }
        return nil
    }

    private static func list(_ values: [SplitTestAttributeValue]) -> String {
        values.map(\.description).joined(separator: ", ")
    }
}
