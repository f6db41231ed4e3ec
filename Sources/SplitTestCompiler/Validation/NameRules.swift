/// The rules for names in definitions, and for the Swift names they become.
enum NameRules {
    /// The longest identifier, in characters.
    static let maximumIdentifierLength = 64

    /// What `isName` requires, as messages say it after the name.
    static let nameRequirement =
        "must start with a lowercase letter and contain only lowercase letters, digits and underscores"

    /// Type names the generated file refers to unqualified; an experiment type of one of these
    /// names would shadow it and break the generated code.
    static let reservedTypeNames: Set<String> = [
        "SplitTest", "SplitTestGroup", "SplitTestDefinition", "SplitTestCatalog", "SplitTestStatus",
        "SplitTestLayer", "SplitTestAssignment", "SplitTesting", "UnitType", "Group",
        "String", "Int", "Double", "Bool",
    ]

    /// Whether `name` matches `[a-z][a-z0-9_]*`.
    static func isName(_ name: String) -> Bool {
        name.withUTF8Bytes { bytes in
            guard !bytes.isEmpty, isLowercase(bytes[0]) else { return false }
            // An index loop, not `allSatisfy`: a debug build runs closures through generics slowly.
            var index = 1
            while index < bytes.count {
                let byte = bytes[index]
                guard isLowercase(byte) || isDigit(byte) || byte == 0x5F else { return false }
                index += 1
            }
            return true
        }
    }

    /// Whether `name` is a Swift type name: an ASCII letter or underscore, then letters, digits
    /// and underscores, and not `_` alone.
    static func isSwiftTypeName(_ name: String) -> Bool {
        guard name != "_" else { return false }
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) || first == UInt8(ascii: "_") else { return false }
        while let byte = bytes.next() {
            guard isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") else { return false }
        }
        return true
    }

    private static func isLowercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isLetter(_ byte: UInt8) -> Bool {
        isLowercase(byte) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// Reports group names the generated enum cannot hold: reserved member names, and two names
    /// that become one Swift case; sets each group's `memberName` on the way. Returns whether all
    /// are fine.
    static func checkGroupNames(
        _ groups: inout [GroupDraft], owners: ParameterOwners = .groups, parser: inout ExperimentParser
    ) -> Bool {
        var valid = true
        // Positions in `groups` rather than copies of the drafts.
        var firstBySwiftName = NameIndex<Int>(capacity: groups.count)
        // Positions, not a loop over the array, which would copy it at the first write.
        for position in groups.indices {
            let swiftName = memberName(groups[position].name)
            groups[position].memberName = swiftName
            let group = groups[position]
            if isReservedMember(swiftName) {
                parser.log.error(
                    reservedMessage("\(owners.noun) name", group.name, swiftName, in: owners.enumDescription),
                    at: group.nameNode)
                valid = false
            } else if let firstPosition = firstBySwiftName[swiftName] {
                let first = groups[firstPosition]
                parser.log.error(
                    "\(owners.noun)s '\(first.name)' and '\(group.name)'\(owners.suffix) both become the Swift case "
                        + "'\(swiftName)'; rename one", at: group.nameNode,
                    note: ("'\(first.name)' is defined here", first.nameNode))
                valid = false
            } else {
                firstBySwiftName.insert(swiftName, position)
            }
        }
        return valid
    }

    /// Reports parameter names that are reserved, or that become the same Swift member as another
    /// parameter or a group case (all are members of the group enum). Returns whether all are fine.
    static func checkParameterNames(
        _ declarations: [ParameterDeclaration], nodes: [YAMLNode], groups: [GroupDraft],
        owners: ParameterOwners = .groups, parser: inout ExperimentParser
    ) -> Bool {
        var valid = true
        var groupBySwiftName = NameIndex<Int>(capacity: groups.count)
        for (position, group) in groups.enumerated() { groupBySwiftName.insert(group.memberName, position) }
        var firstBySwiftName = NameIndex<(name: String, node: YAMLNode)>(capacity: declarations.count)
        for (declaration, node) in zip(declarations, nodes) {
            let swiftName = memberName(declaration.name)
            if isReservedMember(swiftName) {
                parser.log.error(
                    reservedMessage("parameter name", declaration.name, swiftName, in: owners.enumDescription), at: node)
                valid = false
            } else if let groupPosition = groupBySwiftName[swiftName] {
                let group = groups[groupPosition]
                parser.log.error(
                    "parameter '\(declaration.name)' and \(owners.noun) '\(group.name)' both become the Swift "
                        + "member '\(swiftName)' of the \(owners.enumDescription); rename one", at: node,
                    note: ("\(owners.noun) '\(group.name)' is defined here", group.nameNode))
                valid = false
            } else if let first = firstBySwiftName[swiftName] {
                parser.log.error(
                    "parameters '\(first.name)' and '\(declaration.name)' both become the Swift "
                        + "property '\(swiftName)'; rename one", at: node,
                    note: ("'\(first.name)' is defined here", first.node))
                valid = false
            } else {
                firstBySwiftName.insert(swiftName, (declaration.name, node))
            }
        }
        return valid
    }

    /// The lengths of the reserved member names, one bit each: most names are ruled out by their
    /// length alone, before a hash is computed.
    private static let reservedMemberLengths: UInt64 = SwiftNaming.reservedMemberNames.reduce(0) { mask, name in
        name.utf8.count < 64 ? mask | (1 << name.utf8.count) : mask
    }

    /// Whether `swiftName` is a member the generated group enum already has.
    static func isReservedMember(_ swiftName: String) -> Bool {
        let length = swiftName.utf8.count
        guard length >= 64 || reservedMemberLengths & (1 << length) != 0 else { return false }
        return SwiftNaming.reservedMemberNames.contains(swiftName)
    }

    /// The Swift member a valid name becomes; a name without underscores stays as it is, which
    /// spares the conversion for most names.
    static func memberName(_ name: String) -> String {
        name.containsByte(UInt8(ascii: "_")) ? SwiftNaming.lowerCamelCase(name) : name
    }

    static func reservedMessage(
        _ kind: String, _ name: String, _ swiftName: String, in generated: String = "group enum"
    ) -> String {
        let becomes = name == swiftName ? "" : " (Swift '\(swiftName)')"
        return "\(kind) '\(name)'\(becomes) is reserved: the generated \(generated) already has a member "
            + "of that name; choose another name"
    }
}
