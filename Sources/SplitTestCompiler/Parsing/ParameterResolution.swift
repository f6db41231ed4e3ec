/// One entry of a group's `params` (or of `defaults`), with a valid name and a scalar value.
struct ParameterDraft {
    var name: String
    var nameNode: YAMLNode
    var value: ParameterValue
    var valueNode: YAMLNode
}

/// Group parameters: reading `params` and `defaults`, inferring each parameter's type across the
/// groups, and filling every group's values in declaration order.
extension ExperimentParser {
    /// The entries of a `params` or `defaults` mapping; nil when any is invalid.
    mutating func readParameters(_ node: YAMLNode, place: String) -> [ParameterDraft]? {
        guard case .mapping(let pairs) = node.content else {
            error(
                "the parameters \(place) must be a mapping of names to values; found \(node.kindDescription)",
                at: node)
            return nil
        }
        guard pairs.count <= limits.parametersPerGroup else {
            error(
                "\(pairs.count) parameters \(place); a group may declare at most "
                    + "\(limits.parametersPerGroup)", at: node)
            return nil
        }
        let errorsBefore = log.errorCount
        var drafts: [ParameterDraft] = []
        for (name, pair) in entries(of: node, noun: "parameter", place: " \(place)").ordered {
            guard NameRules.isName(name) else {
                error("parameter name '\(Self.shown(name))' \(NameRules.nameRequirement)", at: pair.key)
                continue
            }
            guard let value = parameterValue(pair.value, name: name, place: place) else { continue }
            drafts.append(ParameterDraft(name: name, nameNode: pair.key, value: value, valueNode: pair.value))
        }
        return log.errorCount == errorsBefore ? drafts : nil
    }

    private mutating func parameterValue(_ node: YAMLNode, name: String, place: String) -> ParameterValue? {
        switch CoreSchema.value(of: node) {
        case nil:
            error(
                "parameter '\(name)' \(place) must be a single value (text, a number, true or false); "
                    + "found \(node.kindDescription)", at: node)
        case .null:
            error("parameter '\(name)' \(place) has no value", at: node)
        case .bool(let value):
            return .bool(value)
        case .int(let value):
            return .int(value)
        case .double(let value):
            if value.isFinite { return .double(value) }
            error("parameter '\(name)' \(place) must be a finite number; found \(node.kindDescription)", at: node)
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
            var firstSource: String
            var nameNode: YAMLNode
            var clashed = false
        }
        var order: [String] = []
        var inferred: [String: Inferred] = [:]
        var valid = true
        func consider(_ parameter: ParameterDraft, source: String, parser: inout ExperimentParser) {
            guard var known = inferred[parameter.name] else {
                order.append(parameter.name)
                let type = parameter.value.type
                inferred[parameter.name] = Inferred(
                    type: type, firstType: type, firstSource: source, nameNode: parameter.nameNode)
                return
            }
            let type = parameter.value.type
            if type == known.type || known.clashed { return }
            if Set([type, known.type]) == [.int, .double] {
                known.type = .double
            } else {
                parser.error(
                    "parameter '\(parameter.name)' is \(Self.article(known.firstType)) \(known.firstType.rawValue) "
                        + "in \(known.firstSource) but \(Self.article(type)) \(type.rawValue) in \(source)",
                    at: parameter.valueNode)
                known.clashed = true
                valid = false
            }
            inferred[parameter.name] = known
        }
        for group in groups {
            for parameter in group.parameters { consider(parameter, source: "group '\(group.name)'", parser: &self) }
        }
        for parameter in defaults ?? [] { consider(parameter, source: "'defaults'", parser: &self) }

        let declarations = order.map { name in
            let known = inferred[name]!
            return ParameterDeclaration(name: name, type: known.type, location: file.location(of: known.nameNode))
        }
        valid = NameRules.checkParameterNames(declarations, nodes: order.map { inferred[$0]!.nameNode }, groups: groups, parser: &self) && valid
        guard valid else { return nil }

        var defaultValues: [String: ParameterValue] = [:]
        for parameter in defaults ?? [] { defaultValues[parameter.name] = parameter.value }
        var values: [[ParameterValue]] = []
        values.reserveCapacity(groups.count)
        for group in groups {
            var own: [String: ParameterValue] = [:]
            for parameter in group.parameters { own[parameter.name] = parameter.value }
            var row: [ParameterValue] = []
            row.reserveCapacity(declarations.count)
            for declaration in declarations {
                guard let value = own[declaration.name] ?? defaultValues[declaration.name] else {
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

    private static func article(_ type: ParameterType) -> String {
        type == .int ? "an" : "a"
    }
}
