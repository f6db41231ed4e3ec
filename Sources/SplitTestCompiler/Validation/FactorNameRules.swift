/// The rules for the Swift names a multivariate experiment's factors and levels become: each
/// factor is an enum nested in the split test (`Headline`) and a property of its `Group` struct
/// (`headline`); each level is a case of its factor's enum.
extension NameRules {
    /// Type names a factor's enum cannot take: nested in the split test, it would shadow a type
    /// the generated code names there, or Swift forbids a nested type of that name.
    static let reservedFactorTypeNames: Set<String> = reservedTypeNames.union([
        "Type", "Protocol", "SplitTestFactorialDesign", "SplitTestTargeting", "SplitTestCondition",
        "SplitTestComparison", "SplitTestHoldout", "SplitTestAttributeValue", "SplitTestVersion",
    ])

    /// Reports factor names the generated code cannot hold (reserved type or member names, two
    /// factors that become one Swift type) and level names each factor's enum cannot hold; sets
    /// each factor's `typeName` and `propertyName` on the way. Returns whether all are fine.
    static func checkFactorNames(_ factors: inout [FactorDraft], parser: inout ExperimentParser) -> Bool {
        var valid = true
        var firstByTypeName = NameIndex<Int>(capacity: factors.count)
        for position in factors.indices {
            let name = factors[position].name
            let typeName = SwiftNaming.upperCamelCase(name)
            let propertyName = memberName(name)
            factors[position].typeName = typeName
            factors[position].propertyName = propertyName
            let node = factors[position].nameNode
            if reservedFactorTypeNames.contains(typeName) || SwiftNaming.keywords.contains(typeName) {
                parser.log.error(
                    "factor name '\(name)' (Swift type '\(typeName)') is reserved: the generated split test "
                        + "already uses a type of that name; choose another name", at: node)
                valid = false
            } else if isReservedMember(propertyName) {
                parser.log.error(reservedMessage("factor name", name, propertyName, in: "Group struct"), at: node)
                valid = false
            } else if let firstPosition = firstByTypeName[typeName] {
                let first = factors[firstPosition]
                parser.log.error(
                    "factors '\(first.name)' and '\(name)' both become the Swift type '\(typeName)'; rename one",
                    at: node, note: ("'\(first.name)' is defined here", first.nameNode))
                valid = false
            } else {
                firstByTypeName.insert(typeName, position)
            }
            let owners = ParameterOwners.levels(ofFactor: name, typeName: typeName)
            valid = checkGroupNames(&factors[position].levels, owners: owners, parser: &parser) && valid
        }
        return valid
    }
}
