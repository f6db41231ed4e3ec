/// The rules that span attribute declarations: each attribute is declared once in the whole set
/// of files, and the generated `SplitTestAttributes` can hold every one of them.
enum AttributeValidation {
    /// Names the generated struct already has or that Swift gives a meaning to there.
    static let reservedPropertyNames = SwiftNaming.reservedMemberNames.union(["attributeValues"])

    /// Type names an attribute's enum cannot take: the generated code and its conformances
    /// refer to them unqualified.
    static let reservedTypeNames = NameRules.reservedTypeNames.union(SwiftNaming.keywords).union([
        "Swift", "Optional", "Sendable", "Hashable", "CaseIterable", "Type", "Protocol",
        "SplitTestAttributes", "SplitTestAttributeValues", "SplitTestAttributeValue", "SplitTestAttributeSource",
    ])

    /// The declarations that hold, in input order, and the names of those that do not.
    static func check(
        _ parsed: [(attributes: ParsedAttributes, fileIndex: Int)], log: inout DiagnosticLog
    ) -> (declarations: [AttributeDeclaration], badlyDeclared: Set<String>) {
        var declarations: [AttributeDeclaration] = []
        var badlyDeclared = Set<String>()
        var firstByName: [String: SourceLocation] = [:]
        var firstByProperty: [String: AttributeDeclaration] = [:]
        for (attributes, fileIndex) in parsed {
            badlyDeclared.formUnion(attributes.namesWritten)
            for declaration in attributes.declarations {
                let name = declaration.name
                if let first = firstByName[name] {
                    log.error(
                        "attribute '\(name)' is declared twice", at: declaration.location, fileIndex: fileIndex,
                        note: .note("'\(name)' is first declared here", at: first))
                    continue
                }
                firstByName[name] = declaration.location
                let property = SwiftNaming.lowerCamelCase(name)
                if reservedPropertyNames.contains(property) {
                    log.error(
                        "attribute name '\(name)' is reserved: the generated SplitTestAttributes already has a member "
                            + "'\(property)'; choose another name", at: declaration.location, fileIndex: fileIndex)
                    continue
                }
                if let first = firstByProperty[property] {
                    log.error(
                        "attributes '\(first.name)' and '\(name)' both become the Swift property '\(property)'; "
                            + "rename one", at: declaration.location, fileIndex: fileIndex,
                        note: .note("'\(first.name)' is declared here", at: first.location))
                    continue
                }
                firstByProperty[property] = declaration
                guard checkValues(of: declaration, fileIndex: fileIndex, log: &log) else { continue }
                declarations.append(declaration)
                badlyDeclared.remove(name)
            }
        }
        return (declarations, badlyDeclared)
    }

    /// The enum a string attribute with `values` becomes: its name and its cases.
    private static func checkValues(
        of declaration: AttributeDeclaration, fileIndex: Int, log: inout DiagnosticLog
    ) -> Bool {
        guard let values = declaration.values else { return true }
        let typeName = SwiftNaming.upperCamelCase(declaration.name)
        if reservedTypeNames.contains(typeName) {
            log.error(
                "attribute '\(declaration.name)' with values becomes the Swift enum '\(typeName)', a name the "
                    + "generated code already uses; choose another name", at: declaration.location, fileIndex: fileIndex)
            return false
        }
        var firstByCase: [String: String] = [:]
        for value in values {
            let caseName = SwiftNaming.lowerCamelCase(value)
            if SwiftNaming.reservedMemberNames.contains(caseName) {
                log.error(
                    "value '\(value)' of attribute '\(declaration.name)' is reserved: the generated enum already "
                        + "has a member '\(caseName)'; choose another value", at: declaration.location, fileIndex: fileIndex)
                return false
            }
            if let first = firstByCase.updateValue(value, forKey: caseName) {
                log.error(
                    "values '\(first)' and '\(value)' of attribute '\(declaration.name)' both become the Swift case "
                        + "'\(caseName)'; rename one", at: declaration.location, fileIndex: fileIndex)
                return false
            }
        }
        return true
    }
}
