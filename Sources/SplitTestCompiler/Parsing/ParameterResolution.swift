/// Group parameters: reading `params` and `defaults`, inferring each parameter's type across the
/// groups, and filling every group's values in declaration order.
extension ExperimentParser {
    /// The entries of a `params` or `defaults` mapping; nil when any is invalid.
    mutating func readParameters(_ node: YAMLNode, place: @autoclosure () -> String) -> [ParameterDraft]? {
        guard node.kind == .mapping else {
            error(
                "the parameters \(place()) must be a mapping of names to values; found \(document.kindDescription(of: node))",
                at: node)
            return nil
        }
        guard node.entryCount <= limits.parametersPerGroup else {
            error(
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
                error("parameter name '\(Self.shown(name))' \(NameRules.nameRequirement)", at: pair.key)
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
            error(
                "parameter '\(name)' \(place()) must be a single value (text, a number, true or false); "
                    + "found \(document.kindDescription(of: node))", at: node)
        case .null:
            error("parameter '\(name)' \(place()) has no value", at: node)
        case .bool(let value):
            return .bool(value)
        case .int(let value):
            return .int(value)
        case .double(let value):
            if value.isFinite { return .double(value) }
            error("parameter '\(name)' \(place()) must be a finite number; found \(document.kindDescription(of: node))", at: node)
        case .string(let value):
            return .string(value)
        }
        return nil
    }

    /// The parameter declarations and each group's values, or nil when types clash or a group
    /// misses a parameter that `defaults` does not supply.
    mutating func resolveParameters(
        groups: [GroupDraft], defaults: [ParameterDraft]?
    ) -> (declarations: [ParameterDeclaration], values: [[ParameterValue]])? {
        struct Inferred {
            var type: ParameterType
            var firstType: ParameterType
            /// The group that first gives the parameter, or nil for `defaults`.
            var firstGroup: String?
            var nameNode: YAMLNode
            var clashed = false
        }
        var inferred = NameIndex<Inferred>()
        var valid = true
        func consider(_ parameter: ParameterDraft, group: String?, parser: inout ExperimentParser) {
            let type = parameter.value.type
            guard let position = inferred.position(of: parameter.name) else {
                inferred.insert(
                    parameter.name,
                    Inferred(type: type, firstType: type, firstGroup: group, nameNode: parameter.nameNode))
                return
            }
            var known = inferred.values[position]
            if type == known.type || known.clashed { return }
            if (type == .int && known.type == .double) || (type == .double && known.type == .int) {
                known.type = .double
            } else {
                parser.error(
                    "parameter '\(parameter.name)' is \(Self.article(known.firstType)) \(known.firstType.rawValue) "
                        + "in \(Self.source(known.firstGroup)) but \(Self.article(type)) \(type.rawValue) in "
                        + Self.source(group),
                    at: parameter.valueNode)
                known.clashed = true
                valid = false
            }
            inferred.replaceValue(at: position, with: known)
        }
        for group in groups {
            for parameter in group.parameters { consider(parameter, group: group.name, parser: &self) }
        }
        for parameter in defaults ?? [] { consider(parameter, group: nil, parser: &self) }

        let declarations = zip(inferred.names, inferred.values).map { name, known in
            ParameterDeclaration(name: name, type: known.type, location: file.location(of: known.nameNode))
        }
        valid = NameRules.checkParameterNames(
            declarations, nodes: inferred.values.map(\.nameNode), groups: groups, parser: &self) && valid
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
                    error(
                        "group '\(group.name)' does not define parameter '\(declaration.name)'; "
                            + "define it there or give it a value in 'defaults'", at: group.nameNode)
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

    /// Where a parameter's value comes from, as messages say it.
    private static func source(_ group: String?) -> String {
        group.map { "group '\($0)'" } ?? "'defaults'"
    }

    private static func article(_ type: ParameterType) -> String {
        type == .int ? "an" : "a"
    }
}
