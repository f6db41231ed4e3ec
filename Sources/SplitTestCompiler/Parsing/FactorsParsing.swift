import SplitTestFormats
/// A factor as read from `factors:`. Its levels are read as groups are (a name, a description
/// and params; no weight), so that their parameters follow the groups' rules.
struct FactorDraft {
    var name: String
    var nameNode: YAMLNode
    /// The factor's value: the list or mapping of its levels.
    var valueNode: YAMLNode
    var levels: [GroupDraft]
    /// The factor's `defaults:`, beside its levels in the mapping form.
    var defaults: [ParameterDraft]?
    /// The generated enum (`Headline`) and the `Group` property (`headline`), once the name
    /// rules have checked them.
    var typeName = ""
    var propertyName = ""
    /// The parameters every level defines, and each level's values, once resolved.
    var parameters: [ParameterDeclaration] = []
    var values: [[ParameterValue]] = []
}

/// The keys of a level in the mapping form of a factor.
enum LevelKey: Int, FixedKey {
    case description, params

    static let names = ["description", "params"]
}

/// `factors:` of a multivariate experiment: each factor's levels, in the short form (a list of
/// names) or the long form (level → `{ description, params }`, with the factor's `defaults:`
/// beside them), and their parameters.
extension ExperimentParser {
    /// The key of a factor's mapping that holds its default parameters rather than a level.
    static let factorDefaultsKey = "defaults"

    /// The factors, each with at least two valid levels and resolved parameters, and whether all
    /// of them are valid. The factors are nil when one could not be read at all; otherwise cells
    /// can be checked against them even when, say, a parameter is wrong (every problem reported).
    mutating func readFactors(_ node: YAMLNode) -> (factors: [FactorDraft]?, valid: Bool) {
        guard node.kind == .mapping else {
            log.error(
                "'factors' must map factor names to their levels, like { headline: [classic, urgent], "
                    + "button: [green, orange] }; found \(document.kindDescription(of: node))", at: node)
            return (nil, false)
        }
        var valid = true
        if node.entryCount < 2 {
            log.error(
                "a multivariate experiment needs at least two factors; found \(node.entryCount) "
                    + "(for one factor, write its levels as 'groups')", at: node)
            valid = false
        }
        var factors: [FactorDraft] = []
        factors.reserveCapacity(node.entryCount)
        var allRead = true
        for entry in namedEntries(of: node, noun: "factor") {
            let (name, pair) = (entry.name, entry.pair)
            guard NameRules.isName(name) else {
                log.error("factor name '\(shownInMessage(name))' \(NameRules.nameRequirement)", at: pair.key)
                allRead = false
                continue
            }
            guard let factor = readFactor(name, pair) else {
                allRead = false
                continue
            }
            factors.append(factor)
        }
        valid = NameRules.checkFactorNames(&factors, parser: &self) && valid
        for index in factors.indices {
            let owners = ParameterOwners.levels(ofFactor: factors[index].name, typeName: factors[index].typeName)
            guard let resolved = resolveParameters(groups: factors[index].levels, defaults: factors[index].defaults, owners: owners)
            else {
                valid = false
                continue
            }
            (factors[index].parameters, factors[index].values) = resolved
        }
        valid = parametersBelongToOneFactor(factors) && valid
        allRead = allRead && factors.count == node.entryCount && factors.count >= 2
        return (allRead ? factors : nil, valid && allRead)
    }

    /// One factor's levels: a list of names, or a mapping of names to `{ description, params }`
    /// (or nothing) with the factor's `defaults:` beside them.
    private mutating func readFactor(_ name: String, _ pair: YAMLPair) -> FactorDraft? {
        let node = pair.value
        var factor = FactorDraft(name: name, nameNode: pair.key, valueNode: node, levels: [])
        var valid = true
        switch node.kind {
        case .sequence:
            guard withinLevelLimit(node, factor: name) else { return nil }
            let names = readUniqueNames(
                node, notAName: { "each item of factor '\(name)' must be a level name; found \($0)" },
                listedAgain: { "duplicate level '\(shownInMessage($0))' in factor '\(name)'" })
            valid = names.count == node.entryCount
            for (level, levelNode) in names {
                factor.levels.append(GroupDraft(name: level, nameNode: levelNode))
            }
        case .mapping:
            guard withinLevelLimit(node, factor: name) else { return nil }
            for entry in namedEntries(of: node, noun: "level", place: " in factor '\(name)'") {
                let (level, levelPair) = (entry.name, entry.pair)
                if level == Self.factorDefaultsKey {
                    factor.defaults = readParameters(levelPair.value, place: "in the 'defaults' of factor '\(name)'")
                    valid = factor.defaults != nil && valid
                    continue
                }
                guard NameRules.isName(level) else {
                    log.error(
                        "level name '\(shownInMessage(level))' of factor '\(name)' \(NameRules.nameRequirement)",
                        at: levelPair.key)
                    valid = false
                    continue
                }
                var draft = GroupDraft(name: level, nameNode: levelPair.key)
                valid = readLevelBody(levelPair.value, into: &draft, factor: name) && valid
                factor.levels.append(draft)
            }
        case .plainScalar, .quotedScalar:
            log.error(
                "factor '\(name)' must list its levels, like [classic, urgent], or map each level to its "
                    + "'description' and 'params'; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        if valid, factor.levels.count < 2 {
            let found = factor.levels.isEmpty ? "no levels" : "1 level"
            log.error("factor '\(name)' has \(found); a factor needs at least two", at: node)
            return nil
        }
        return valid ? factor : nil
    }

    private mutating func withinLevelLimit(_ node: YAMLNode, factor: String) -> Bool {
        guard node.entryCount > limits.groupsPerExperiment else { return true }
        log.error(
            "factor '\(factor)' declares \(node.entryCount) levels; a factor may declare at most "
                + "\(limits.groupsPerExperiment)", at: node)
        return false
    }

    /// A level's value in the mapping form: nothing, or `{ description, params }`.
    private mutating func readLevelBody(_ node: YAMLNode, into draft: inout GroupDraft, factor: String) -> Bool {
        if node.isScalar, document.stringValue(of: node) == nil { return true }
        guard node.kind == .mapping else {
            log.error(
                "level '\(draft.name)' of factor '\(factor)' must be a mapping of 'description' and 'params', "
                    + "or nothing; found \(document.kindDescription(of: node))", at: node)
            return false
        }
        let name = draft.name
        let keys = entries(of: node, keys: LevelKey.self, place: " in level '\(name)' of factor '\(factor)'")
        var valid = true
        if let description = keys[.description] {
            draft.description = readText(description.value, key: "description")
            valid = draft.description != nil && valid
        }
        if let params = keys[.params] {
            if let parameters = readParameters(params.value, place: "of level '\(name)' of factor '\(factor)'") {
                draft.parameters = parameters
            } else {
                valid = false
            }
        }
        return valid
    }

    /// Reports a parameter that two factors declare: each parameter belongs to one factor, so
    /// that a name always means one thing wherever the experiment's levels are read.
    private mutating func parametersBelongToOneFactor(_ factors: [FactorDraft]) -> Bool {
        var owner = NameIndex<(factor: String, node: YAMLNode)>()
        var valid = true
        for factor in factors {
            for parameter in factor.parameters {
                guard let node = Self.firstNode(of: parameter.name, in: factor) else { continue }
                if let first = owner.insert(parameter.name, (factor.name, node)) {
                    log.error(
                        "parameter '\(parameter.name)' is declared by factors '\(first.factor)' and '\(factor.name)'; "
                            + "each parameter belongs to one factor", at: node,
                        note: ("'\(parameter.name)' is first declared here", first.node))
                    valid = false
                }
            }
        }
        return valid
    }

    /// Where `parameter` first appears in `factor`: in a level, or else in its defaults.
    private static func firstNode(of parameter: String, in factor: FactorDraft) -> YAMLNode? {
        for level in factor.levels {
            if let draft = level.parameters.first(where: { $0.name == parameter }) { return draft.nameNode }
        }
        return factor.defaults?.first { $0.name == parameter }?.nameNode
    }
}
