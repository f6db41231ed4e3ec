@_spi(Generated) import SplitTesting

/// Prints `SplitTestAttributes`: one optional, typed property per declared attribute (an enum
/// where `values` is given) and one per built-in attribute (`appVersion`, `platform`,
/// `osVersion`, `region`, which replace the platform's values when set), and the
/// `setAttributes(_:)` of `SplitTestingService` that takes it,
/// so that an app writes `service.setAttributes(SplitTestAttributes(plan: .pro))`. The attribute
/// values by name that it converts to are behind `@_spi(Generated)`, so the conversion is not
/// part of the app's API: the property that does it is internal, and the extension calls it.
struct AttributesEmitter {
    /// `"public "` or `""`.
    let access: StaticString

    func emit(_ declarations: [AttributeDeclaration], into printer: inout CodePrinter) {
        let properties = declarations.map { SwiftNaming.escaped(SwiftNaming.lowerCamelCase($0.name)) }
        let types = declarations.map(Self.typeName)
        printer.docLine("The targeting attributes, for `setAttributes(_:)` of `SplitTestingService`: the custom ones")
        printer.docLine("the definitions declare (left `nil`, one is not set, and the conditions on it do not hold) and")
        printer.docLine("the built-ins (left `nil`, one keeps the value the platform gives).")
        printer.line("nonisolated ", access, "struct SplitTestAttributes: Sendable, Hashable {")
        printer.indented { printer in
            for declaration in declarations {
                guard let values = declaration.values else { continue }
                printer.openLine()
                printer.write("/// The values of `")
                printer.write(declaration.name)
                printer.write("`.")
                printer.closeLine()
                printer.printStringEnum(SwiftNaming.upperCamelCase(declaration.name), values: values, access: access)
                printer.line()
            }
            emitPlatformEnum(into: &printer)
            for index in declarations.indices {
                let declaration = declarations[index]
                if let description = declaration.description {
                    CommentText.printParagraph(description, into: &printer)
                }
                printer.openLine()
                printer.write("/// `")
                printer.write(declaration.name)
                printer.write("`, ")
                printer.write(Self.typeDescription(declaration))
                printer.write(".")
                printer.closeLine()
                printer.openLine()
                printer.write(access)
                printer.write("var ")
                printer.write(properties[index])
                printer.write(": ")
                printer.write(types[index])
                printer.write("?")
                printer.closeLine()
                printer.line()
            }
            for builtIn in BuiltIn.all {
                printer.docLines(builtIn.documentation)
                printer.openLine()
                printer.write(access)
                printer.write("var ")
                printer.write(builtIn.property)
                printer.write(": ")
                printer.write(builtIn.type)
                printer.write("?")
                printer.closeLine()
                printer.line()
            }
            printer.docLine("Sets the attributes given; the custom ones left out are not set, the built-ins left out")
            printer.docLine("keep the platform's values.")
            printer.openLine()
            printer.write(access)
            printer.write("init(")
            for index in declarations.indices {
                if index > 0 { printer.write(", ") }
                printer.write(properties[index])
                printer.write(": ")
                printer.write(types[index])
                printer.write("? = nil")
            }
            for (index, builtIn) in BuiltIn.all.enumerated() {
                if index > 0 || !declarations.isEmpty { printer.write(", ") }
                printer.write(builtIn.property)
                printer.write(": ")
                printer.write(builtIn.type)
                printer.write("? = nil")
            }
            printer.write(") {")
            printer.closeLine()
            printer.indented { printer in
                for property in properties + BuiltIn.all.map(\.property) {
                    printer.openLine()
                    printer.write("self.")
                    printer.write(property)
                    printer.write(" = ")
                    printer.write(property)
                    printer.closeLine()
                }
            }
            printer.line("}")
            printer.line()
            printer.docLine("The attributes that are set, by name, as targeting reads them.")
            printer.line("var attributeValues: SplitTestAttributeValues {")
            printer.indented { printer in
                printer.line("var values = SplitTestAttributeValues()")
                for index in declarations.indices {
                    let declaration = declarations[index]
                    printer.openLine()
                    printer.write("if let value = self.")
                    printer.write(properties[index])
                    printer.write(" { values[")
                    printer.writeStringLiteral(declaration.name)
                    printer.write("] = ")
                    switch declaration.type {
                    case .string: printer.write(declaration.values == nil ? ".string(value)" : ".string(value.rawValue)")
                    case .int: printer.write(".int(value)")
                    case .bool: printer.write(".bool(value)")
                    }
                    printer.write(" }")
                    printer.closeLine()
                }
                for builtIn in BuiltIn.all { printer.line(builtIn.conversion) }
                printer.line("return values")
            }
            printer.line("}")
        }
        printer.line("}")
        printer.line()
        printer.line("extension SplitTestingService {")
        printer.indented { printer in
            printer.docLine("Sets the targeting attributes, replacing the ones set before: a custom attribute left `nil`")
            printer.docLine("is not set, and the conditions on it do not hold; a built-in left `nil` keeps the platform's")
            printer.docLine("value. Set them early, before the first fetch: a resolution already made stays.")
            let dimensions = declarations.filter(\.isDimension)
            if !dimensions.isEmpty {
                printer.emptyDocLine()
                printer.openLine()
                printer.write("/// Exposures carry ")
                printer.write(dimensions.map { "`" + $0.name + "`" }.joined(separator: ", "))
                printer.write(" as dimensions, beside `platform` and `app_version`.")
                printer.closeLine()
            }
            printer.line("nonisolated ", access, "func setAttributes(_ attributes: SplitTestAttributes) {")
            printer.indented { printer in
                if dimensions.isEmpty {
                    printer.line("setAttributes(attributes.attributeValues)")
                } else {
                    printer.openLine()
                    printer.write("setAttributes(attributes.attributeValues, dimensions: [")
                    for (index, declaration) in dimensions.enumerated() {
                        if index > 0 { printer.write(", ") }
                        printer.writeStringLiteral(declaration.name)
                    }
                    printer.write("])")
                    printer.closeLine()
                }
            }
            printer.line("}")
        }
        printer.line("}")
    }

    /// Whether the generated code needs `SplitTestAttributes`: the definitions declare attributes,
    /// or some targeting reads a built-in one (an app must be able to set it where the platform
    /// gives none, such as `app_version` in a command-line tool or a server).
    static func isNeeded(attributes: [AttributeDeclaration], experiments: [Experiment], segments: [Segment]) -> Bool {
        if !attributes.isEmpty { return true }
        let builtIns = Set(SplitTestAttributeValues.builtInNames)
        let conditions = experiments.flatMap { experiment -> [SplitTestCondition] in
            guard let targeting = experiment.definition.targeting else { return [] }
            return targeting.requiredConditions + targeting.excludedSegments.flatMap(\.conditions)
        } + segments.flatMap(\.segment.conditions)
        return conditions.contains { builtIns.contains($0.attribute) }
    }

    /// The built-in attributes, as the generated struct spells them.
    private struct BuiltIn {
        let property: String
        let type: String
        let documentation: [String]
        let conversion: String

        static let all = [
            BuiltIn(
                property: "appVersion", type: "String",
                documentation: [
                    "The app's version in place of the bundle's `CFBundleShortVersionString`, in dotted whole",
                    "numbers (`5.3.1`); any other text leaves it unset.",
                    "",
                    "`app_version`, built in.",
                ],
                conversion: "if let value = self.appVersion, let version = SplitTestVersion(value) { values[\"app_version\"] = .version(version) }"),
            BuiltIn(
                property: "platform", type: "Platform",
                documentation: [
                    "The platform in place of the one the code runs on (for a service that answers for others).",
                    "",
                    "`platform`, built in.",
                ],
                conversion: "if let value = self.platform { values[\"platform\"] = .string(value.rawValue) }"),
            BuiltIn(
                property: "osVersion", type: "String",
                documentation: [
                    "The operating system's version in place of the running one's, in dotted whole numbers",
                    "(`17.4`); any other text leaves it unset.",
                    "",
                    "`os_version`, built in.",
                ],
                conversion: "if let value = self.osVersion, let version = SplitTestVersion(value) { values[\"os_version\"] = .version(version) }"),
            BuiltIn(
                property: "region", type: "String",
                documentation: [
                    "The ISO 3166-1 alpha-2 region code, upper case (`US`), in place of the locale's.",
                    "",
                    "`region`, built in.",
                ],
                conversion: "if let value = self.region { values[\"region\"] = .string(value) }"),
        ]
    }

    /// The values of the built-in `platform`.
    private func emitPlatformEnum(into printer: inout CodePrinter) {
        printer.docLine("The values of the built-in `platform`.")
        printer.line("nonisolated ", access, "enum Platform: String, Sendable, Hashable, CaseIterable {")
        printer.indented { printer in
            for name in SplitTestAttributeValues.platformNames {
                printer.openLine()
                printer.write("case ")
                printer.write(SwiftNaming.escaped(SwiftNaming.lowerCamelCase(name)))
                printer.closeLine()
            }
        }
        printer.line("}")
        printer.line()
    }

    /// The Swift type of an attribute's property, without the optional.
    private static func typeName(_ declaration: AttributeDeclaration) -> String {
        switch declaration.type {
        case .string: declaration.values == nil ? "String" : SwiftNaming.upperCamelCase(declaration.name)
        case .int: "Int"
        case .bool: "Bool"
        }
    }

    /// "a string, one of free, trial, pro", for the property's documentation.
    private static func typeDescription(_ declaration: AttributeDeclaration) -> String {
        switch declaration.type {
        case .string:
            guard let values = declaration.values else { return "a string" }
            return "one of " + values.joined(separator: ", ")
        case .int: return "a whole number, compared with ==, !=, <, <=, > and >="
        case .bool: return "a flag"
        }
    }
}
