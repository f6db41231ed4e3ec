@_spi(Generated) import SplitTesting
import SplitTestFormats

/// The one key of a condition written as a mapping: `{ not: [a, b] }`.
enum ExclusionKey: Int, FixedKey {
    case not

    static let names = ["not"]
}

/// Reads `targeting:` into a draft: the shape of every condition and the syntax of comparison
/// strings. Types are checked later, when every attribute declaration has been read.
extension ExperimentParser {
    /// The operators, longest first, so that `>=` is not read as `>` followed by `=`.
    private static let operators: [SplitTestComparison.Operator] = [
        .greaterThanOrEqual, .lessThanOrEqual, .equal, .notEqual, .greaterThan, .lessThan,
    ]

    /// The keys of `targeting:` that name segments rather than attributes.
    static let segmentKeys = ["segments", "exclude_segments"]

    /// `targeting:` (or a segment's `key`, `conditions:`), a mapping of attribute to condition,
    /// beside `segments:` and `exclude_segments:` where `allowsSegments`: the conditions that are
    /// well formed; nil when it is not a mapping.
    mutating func readTargeting(_ node: YAMLNode, key: String = "targeting", allowsSegments: Bool = true) -> TargetingDraft? {
        guard node.kind == .mapping else {
            log.error(
                "'\(key)' must be a mapping of attribute to condition, like { app_version: \">= 5.2\" }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        guard node.entryCount > 0 else {
            let remedy = allowsSegments ? "remove it to enrol every unit" : "list at least one condition"
            log.error("'\(key)' lists no condition; \(remedy)", at: node)
            return nil
        }
        var draft = TargetingDraft(conditions: [])
        for entry in namedEntries(of: node, noun: "attribute", place: " in '\(key)'") {
            if Self.segmentKeys.contains(entry.name) {
                guard allowsSegments else {
                    log.error(
                        "a segment does not name other segments: write its conditions in full", at: entry.pair.key)
                    continue
                }
                let names = readSegmentList(entry.pair.value, key: entry.name)
                if entry.name == "segments" { draft.segments = names } else { draft.excludedSegments = names }
                continue
            }
            if let test = readCondition(entry.pair.value, attribute: entry.name) {
                draft.conditions.append(
                    ConditionDraft(
                        attribute: entry.name, attributeLocation: file.location(of: entry.pair.key), test: test))
            }
        }
        // The conditions that are well formed, even when others are not: their types are still
        // checked, so that one run reports every problem (the experiment is rejected either way).
        return draft
    }

    /// `segments: [a, b]` or `exclude_segments: [c]`: segment names, each once.
    private mutating func readSegmentList(_ node: YAMLNode, key: String) -> [NameReference] {
        guard node.kind == .sequence, node.entryCount > 0 else {
            log.error(
                "'\(key)' must be a list of at least one segment name, like [paying_users]; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return []
        }
        return readUniqueNames(
            node, notAName: { "a segment name \(NameRules.nameRequirement); found \($0)" },
            listedAgain: { "segment '\(shownInMessage($0))' is listed twice in '\(key)'" }
        ).map { NameReference(name: $0.name, location: file.location(of: $0.node)) }
    }

    /// A condition: a value, a list of values, `{ not: [...] }` or a comparison string.
    private mutating func readCondition(_ node: YAMLNode, attribute: String) -> ConditionTestDraft? {
        switch node.kind {
        case .sequence:
            return readValueList(node, attribute: attribute, what: "list").map(ConditionTestDraft.oneOf)
        case .mapping:
            let errorsBefore = log.errorCount
            let keys = entries(of: node, keys: ExclusionKey.self, place: " in the condition on '\(attribute)'")
            guard let list = keys[.not]?.value else {
                if log.errorCount == errorsBefore {
                    log.error(
                        "the condition on '\(attribute)' must be a value, a list of values, "
                            + "{ not: [values] } or comparisons like \">= 5.2\"", at: node)
                }
                return nil
            }
            guard list.kind == .sequence else {
                log.error(
                    "'not' must be a list of values, like { not: [free] }; found \(document.kindDescription(of: list))",
                    at: list)
                return nil
            }
            return readValueList(list, attribute: attribute, what: "'not' list").map(ConditionTestDraft.noneOf)
        case .plainScalar, .quotedScalar:
            guard let value = readConditionValue(node, attribute: attribute) else { return nil }
            if let first = value.text.unicodeScalars.first(where: { $0 != " " }), "<>=!".unicodeScalars.contains(first) {
                return readComparisons(value.text, at: node, attribute: attribute)
            }
            return .equals(value)
        }
    }

    /// The items of a list of values; at least one.
    private mutating func readValueList(_ node: YAMLNode, attribute: String, what: String) -> [ConditionValueDraft]? {
        guard node.entryCount > 0 else {
            log.error("the \(what) of '\(attribute)' is empty; list at least one value", at: node)
            return nil
        }
        var values: [ConditionValueDraft] = []
        var valid = true
        for position in 0..<node.entryCount {
            if let value = readConditionValue(document.item(position, of: node), attribute: attribute) {
                values.append(value)
            } else {
                valid = false
            }
        }
        return valid ? values : nil
    }

    /// One scalar value of a condition; a null or a collection is an error.
    private mutating func readConditionValue(_ node: YAMLNode, attribute: String) -> ConditionValueDraft? {
        guard let text = document.stringValue(of: node), let scalar = document.scalarValue(of: node) else {
            log.error(
                "a value of the condition on '\(attribute)' must be a single value; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        return ConditionValueDraft(text: text, scalar: scalar, location: file.location(of: node))
    }

    /// `">= 5.2.0, < 6"`: comparisons joined by commas, each an operator and a value.
    private mutating func readComparisons(_ text: String, at node: YAMLNode, attribute: String) -> ConditionTestDraft? {
        var comparisons: [ComparisonDraft] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingSpaces
            guard let op = Self.operators.first(where: { trimmed.hasPrefix($0.rawValue) }) else {
                log.error(Self.malformedComparison(trimmed, attribute: attribute), at: node)
                return nil
            }
            let literal = trimmed.dropFirst(op.rawValue.count).trimmingSpaces
            guard let first = literal.unicodeScalars.first, !"<>=!".unicodeScalars.contains(first) else {
                log.error(Self.malformedComparison(trimmed, attribute: attribute), at: node)
                return nil
            }
            comparisons.append(ComparisonDraft(operator: op, literal: String(literal)))
        }
        return .comparisons(comparisons, text: text, location: file.location(of: node))
    }

    private static func malformedComparison(_ part: Substring, attribute: String) -> String {
        let shown = part.isEmpty ? "an empty comparison" : "'\(shownInMessage(String(part)))'"
        return "\(shown) in the condition on '\(attribute)' is not a comparison: write ==, !=, <, <=, > or >= "
            + "followed by a value, and join comparisons with commas, like \">= 5.2, < 6\""
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
