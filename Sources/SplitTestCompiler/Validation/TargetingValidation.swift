@_spi(Tools) @_spi(Generated) import SplitTesting
import SplitTestFormats

/// Checks an experiment's targeting against the attributes, built-in and declared, and turns it
/// into the runtime's `SplitTestTargeting`.
struct TargetingValidation {
    /// The kind of every attribute a condition may name, by name.
    let kinds: [String: SplitTestAttributeKind]
    /// Names written in attribute declarations that have errors: conditions on them are not
    /// checked, since the declaration's error already says what is wrong.
    let badlyDeclared: Set<String>
    /// The input file of the experiment being checked.
    let fileIndex: Int
    /// The keys of the document that holds the targeting (an experiment's), so that one of them
    /// written under `targeting:` is said to be indented too far; empty for a segment.
    var outerKeys: [String] = []

    /// The attributes a condition may name, for "did you mean".
    private var knownNames: [String] { kinds.keys.sorted() }

    /// The runtime targeting, or nil after reporting what is wrong (every problem of every condition).
    func check(_ draft: TargetingDraft, log: inout DiagnosticLog) -> SplitTestTargeting? {
        var conditions: [SplitTestCondition] = []
        var valid = true
        for condition in draft.conditions {
            guard let kind = kinds[condition.attribute] else {
                if outerKeys.contains(condition.attribute) {
                    log.error(
                        "'\(condition.attribute)' is read as a targeting attribute: is it indented too far, under 'targeting'?",
                        at: condition.attributeLocation, fileIndex: fileIndex)
                } else if !badlyDeclared.contains(condition.attribute) {
                    log.error(
                        "attribute '\(shownInMessage(condition.attribute))' is not declared: the built-in "
                            + "attributes are \(SplitTestAttributeValues.builtInNames.joined(separator: ", ")), and custom ones are "
                            + "declared in an 'attributes' document"
                            + Suggestions.didYouMean(condition.attribute, in: knownNames),
                        at: condition.attributeLocation, fileIndex: fileIndex)
                }
                valid = false
                continue
            }
            if let test = check(condition.test, attribute: condition.attribute, kind: kind, log: &log) {
                conditions.append(SplitTestCondition(attribute: condition.attribute, test: test))
            } else {
                valid = false
            }
        }
        return valid ? SplitTestTargeting(conditions: conditions) : nil
    }

    private func check(
        _ test: ConditionTestDraft, attribute: String, kind: SplitTestAttributeKind, log: inout DiagnosticLog
    ) -> SplitTestCondition.Test? {
        switch test {
        case .equals(let draft):
            return value(draft, attribute: attribute, kind: kind, log: &log).map(SplitTestCondition.Test.equals)
        case .oneOf(let drafts):
            return values(drafts, attribute: attribute, kind: kind, log: &log).map(SplitTestCondition.Test.oneOf)
        case .noneOf(let drafts):
            return values(drafts, attribute: attribute, kind: kind, log: &log).map(SplitTestCondition.Test.noneOf)
        case .comparisons(let comparisons, let text, let location):
            return check(comparisons, text: text, at: location, attribute: attribute, kind: kind, log: &log)
                .map(SplitTestCondition.Test.comparisons)
        }
    }

    private func values(
        _ drafts: [ConditionValueDraft], attribute: String, kind: SplitTestAttributeKind, log: inout DiagnosticLog
    ) -> [SplitTestAttributeValue]? {
        var result: [SplitTestAttributeValue] = []
        var valid = true
        for draft in drafts {
            if let value = value(draft, attribute: attribute, kind: kind, log: &log) {
                result.append(value)
            } else {
                valid = false
            }
        }
        return valid ? result : nil
    }

    /// One written value as a value of the attribute's kind.
    private func value(
        _ draft: ConditionValueDraft, attribute: String, kind: SplitTestAttributeKind, log: inout DiagnosticLog
    ) -> SplitTestAttributeValue? {
        let text = draft.text
        let shownText = shownInMessage(text)
        let message: String
        switch kind {
        case .version:
            if let version = SplitTestVersion(text) { return .version(version) }
            message = Self.malformedVersion(text, attribute: attribute)
        case .platform:
            if SplitTestAttributeValues.platformNames.contains(text) { return .string(text) }
            message = "'\(shownText)' is not a platform; 'platform' is one of "
                + SplitTestAttributeValues.platformNames.joined(separator: ", ")
                + Suggestions.didYouMean(text.lowercased(), in: SplitTestAttributeValues.platformNames)
        case .region:
            if SplitTestAttributeKind.isRegionCode(text) { return .string(text) }
            let upper = text.uppercased()
            message = "'\(shownText)' is not a region code: 'region' is an ISO 3166-1 alpha-2 code, two upper-case "
                + "letters like US" + (SplitTestAttributeKind.isRegionCode(upper) ? "; did you mean '\(upper)'?" : "")
        case .string(let allowed):
            guard let allowed else { return .string(text) }
            if allowed.contains(text) { return .string(text) }
            message = "'\(shownText)' is not a value of attribute '\(attribute)' (\(allowed.joined(separator: ", ")))"
                + Suggestions.didYouMean(text, in: allowed)
        case .int:
            if let number = Int(text) { return .int(number) }
            message = "attribute '\(attribute)' is an int; found '\(shownText)'"
        case .bool:
            if case .bool(let flag) = draft.scalar { return .bool(flag) }
            message = "attribute '\(attribute)' is a bool: write true or false; found '\(shownText)'"
        }
        log.error(message, at: draft.location, fileIndex: fileIndex)
        return nil
    }

    private static func malformedVersion(_ text: String, attribute: String) -> String {
        "'\(shownInMessage(text))' is not a version: '\(attribute)' is compared by whole numbers joined "
            + "by dots, without leading zeros or suffixes, like 5.2.0"
    }

    /// A comparison string: only for ordered kinds, every value of the kind, and not contradictory.
    private func check(
        _ comparisons: [ComparisonDraft], text: String, at location: SourceLocation, attribute: String,
        kind: SplitTestAttributeKind, log: inout DiagnosticLog
    ) -> [SplitTestComparison]? {
        let shownText = shownInMessage(text)
        guard kind.isOrdered else {
            let remedy = kind == .bool ? "write true or false" : "write a value, a list of values or { not: [values] }"
            log.error(
                "attribute '\(attribute)' is \(kind.described): comparisons such as '\(shownText)' apply to "
                    + "versions and numbers only; \(remedy)", at: location, fileIndex: fileIndex)
            return nil
        }
        var result: [SplitTestComparison] = []
        for comparison in comparisons {
            let literal = comparison.literal
            switch kind {
            case .version:
                guard let version = SplitTestVersion(literal) else {
                    log.error(Self.malformedVersion(literal, attribute: attribute), at: location, fileIndex: fileIndex)
                    return nil
                }
                result.append(SplitTestComparison(operator: comparison.operator, value: .version(version)))
            default:
                guard let number = Int(literal) else {
                    log.error(
                        "attribute '\(attribute)' is an int; found '\(shownInMessage(literal))' in '\(shownText)'",
                        at: location, fileIndex: fileIndex)
                    return nil
                }
                result.append(SplitTestComparison(operator: comparison.operator, value: .int(number)))
            }
        }
        let satisfiable: Bool
        if kind == .version {
            satisfiable = ComparisonBounds.canHold(result.compactMap { comparison in
                if case .version(let version) = comparison.value { (comparison.operator, version) } else { nil }
            })
        } else {
            satisfiable = ComparisonBounds.canHold(result.compactMap { comparison in
                if case .int(let number) = comparison.value { (comparison.operator, number) } else { nil }
            })
        }
        guard satisfiable else {
            log.error(
                "the condition '\(shownText)' on '\(attribute)' can never hold: no \(kind == .version ? "version" : "number") "
                    + "satisfies all its comparisons", at: location, fileIndex: fileIndex)
            return nil
        }
        return result
    }
}
