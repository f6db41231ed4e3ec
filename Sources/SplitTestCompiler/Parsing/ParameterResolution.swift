import SplitTestFormats
/// Group parameters: reading `params` and `defaults`, inferring each parameter's type across the
/// groups, and filling every group's values in declaration order.
extension ExperimentParser {
    /// The entries of a `params` or `defaults` mapping; nil when any is invalid.
    mutating func readParameters(_ node: YAMLNode, place: @autoclosure () -> String) -> [ParameterDraft]? {
        guard node.kind == .mapping else {
            log.error(
                "the parameters \(place()) must be a mapping of names to values; found \(document.kindDescription(of: node))",
                at: node)
            return nil
        }
        guard node.entryCount <= limits.parametersPerGroup else {
            log.error(
                "\(node.entryCount) parameters \(place()); a group may declare at most "
                    + "\(limits.parametersPerGroup)", at: node)
            return nil
        }
        let errorsBefore = log.errorCount
        var drafts: [ParameterDraft] = []
        drafts.reserveCapacity(node.entryCount)
        for entry in namedEntries(of: node, noun: "parameter", place: " \(place())") {
            let (name, pair) = (entry.name, entry.pair)
            guard NameRules.isName(name) else {
                log.error("parameter name '\(shownInMessage(name))' \(NameRules.nameRequirement)", at: pair.key)
                continue
            }
            guard let value = parameterValue(pair.value, name: name, place: place()) else { continue }
            drafts.append(ParameterDraft(name: name, nameNode: pair.key, value: value, valueNode: pair.value))
        }
        return log.errorCount == errorsBefore ? drafts : nil
    }

    private mutating func parameterValue(
        _ node: YAMLNode, name: String, place: @autoclosure () -> String
    ) -> ParameterValue? {
        switch document.scalarValue(of: node) {
        case nil:
            log.error(
                "parameter '\(name)' \(place()) must be a single value (text, a number, true or false); "
                    + "found \(document.kindDescription(of: node))", at: node)
        case .null:
            log.error("parameter '\(name)' \(place()) has no value", at: node)
        case .bool(let value):
            return .bool(value)
        case .int(let value):
            return .int(value)
        case .double(let value):
            if value.isFinite { return .double(value) }
            log.error("parameter '\(name)' \(place()) must be a finite number; found \(document.kindDescription(of: node))", at: node)
        case .string(let value):
            return .string(value)
        }
        return nil
    }

    /// The parameter declarations and each group's values, or nil when types clash or a group
    /// misses a parameter that `defaults` does not supply.
    mutating func resolveParameters(
        groups: [GroupDraft], defaults: [ParameterDraft]?, owners: ParameterOwners = .groups
    ) -> (declarations: [ParameterDeclaration], values: [[ParameterValue]])? {
        struct Inferred {
            var type: ParameterType
            var firstType: ParameterType
            /// The index of the group that first gives the parameter, or nil for `defaults`.
            var firstGroup: Int?
            var nameNode: YAMLNode
            var clashed = false
        }
        // Groups usually declare the same parameters: the first group's, and the defaults', are
        // about as many as there will be.
        var inferred = NameIndex<Inferred>(capacity: (groups.first?.parameters.count ?? 0) + (defaults?.count ?? 0))
        var valid = true
        /// `group` is an index into `groups`, or nil for `defaults`; `position` is where the
        /// parameter stands in its mapping, where groups that list parameters in the same order
        /// find it without a search.
        func consider(_ parameter: ParameterDraft, position: Int, group: Int?, parser: inout ExperimentParser) {
            let type = parameter.value.type
            let found = inferred.position(of: parameter.name, hint: position)
            guard let found else {
                inferred.append(
                    parameter.name,
                    Inferred(type: type, firstType: type, firstGroup: group, nameNode: parameter.nameNode))
                return
            }
            var known = inferred.values[found]
            if type == known.type || known.clashed { return }
            if (type == .int && known.type == .double) || (type == .double && known.type == .int) {
                known.type = .double
            } else {
                let first = known.firstGroup.map { groups[$0].name }
                parser.log.error(
                    "parameter '\(parameter.name)' is \(Self.article(known.firstType)) \(known.firstType.rawValue) "
                        + "in \(owners.source(first)) but \(Self.article(type)) \(type.rawValue) in "
                        + owners.source(group.map { groups[$0].name }) + owners.suffix,
                    at: parameter.valueNode)
                known.clashed = true
                valid = false
            }
            inferred.replaceValue(at: found, with: known)
        }
        for (index, group) in groups.enumerated() {
            for (position, parameter) in group.parameters.enumerated() {
                consider(parameter, position: position, group: index, parser: &self)
            }
        }
        for (position, parameter) in (defaults ?? []).enumerated() {
            consider(parameter, position: position, group: nil, parser: &self)
        }

        let declarations = zip(inferred.names, inferred.values).map { name, known in
            ParameterDeclaration(name: name, type: known.type, location: file.location(of: known.nameNode))
        }
        valid = NameRules.checkParameterNames(
            declarations, nodes: inferred.values.map(\.nameNode), groups: groups, owners: owners, parser: &self) && valid
        guard valid else { return nil }

        let defaultValues = ParameterLookup(defaults ?? [])
        var values: [[ParameterValue]] = []
        values.reserveCapacity(groups.count)
        for group in groups {
            let own = ParameterLookup(group.parameters)
            var row: [ParameterValue] = []
            row.reserveCapacity(declarations.count)
            for (position, declaration) in declarations.enumerated() {
                guard let value = own.value(of: declaration.name, hint: position)
                    ?? defaultValues.value(of: declaration.name, hint: position - group.parameters.count)
                else {
                    log.error(
                        "\(owners.noun) '\(group.name)'\(owners.suffix) does not define parameter '\(declaration.name)'; "
                            + "define it there or give it a value in \(owners.defaults)", at: group.nameNode)
                    valid = false
                    continue
                }
                if declaration.type == .double, case .int(let whole) = value {
                    row.append(.double(Double(whole)))
                } else {
                    row.append(value)
                }
            }
            values.append(row)
        }
        return valid ? (declarations, values) : nil
    }

    private static func article(_ type: ParameterType) -> String {
        type == .int ? "an" : "a"
    }
}

/// Who declares parameters, as messages name them: the groups of an experiment, or the levels of
/// one factor of a multivariate experiment, which are read and checked by the same code.
struct ParameterOwners {
    /// What one owner is: `group` or `level`.
    var noun: String
    /// Where the owners are, after an owner's name: empty, or ` of factor 'headline'`.
    var suffix: String
    /// Where missing values may come from: `'defaults'`, or `the 'defaults' of factor 'headline'`.
    var defaults: String
    /// The generated enum whose members the owners and their parameters become, as messages
    /// name it after "the" or "the generated": `group enum`, `'Headline' enum`.
    var enumDescription: String

    /// An experiment's groups.
    static let groups = ParameterOwners(
        noun: "group", suffix: "", defaults: "'defaults'", enumDescription: "group enum")

    /// The levels of `factor`, whose generated enum is `typeName`.
    static func levels(ofFactor factor: String, typeName: String) -> ParameterOwners {
        ParameterOwners(
            noun: "level", suffix: " of factor '\(factor)'", defaults: "the 'defaults' of factor '\(factor)'",
            enumDescription: "'\(typeName)' enum")
    }

    /// Where a parameter's value comes from, as messages say it: an owner, or the defaults.
    func source(_ owner: String?) -> String {
        owner.map { "\(noun) '\($0)'" } ?? "'defaults'"
    }
}
