/// Prints `SplitTestAttributes`: one optional, typed property per declared attribute (an enum
/// where `values` is given), and the `setAttributes(_:)` of `SplitTestingService` that takes it,
/// so that an app writes `service.setAttributes(SplitTestAttributes(plan: .pro))`. The attribute
/// values by name that it converts to are behind `@_spi(Generated)`, so the conversion is not
/// part of the app's API: the property that does it is internal, and the extension calls it.
struct AttributesEmitter {
    /// `"public "` or `""`.
    let access: StaticString

    func emit(_ declarations: [AttributeDeclaration], into printer: inout CodePrinter) {
        let properties = declarations.map { SwiftNaming.escaped(SwiftNaming.lowerCamelCase($0.name)) }
        let types = declarations.map(Self.typeName)
        printer.docLine("The custom targeting attributes the definitions declare, for `setAttributes(_:)` of")
        printer.docLine("`SplitTestingService`. An attribute left `nil` is not set: the conditions on it do not hold.")
        printer.line("nonisolated ", access, "struct SplitTestAttributes: Sendable, Hashable {")
        printer.indented { printer in
            for declaration in declarations {
                guard let values = declaration.values else { continue }
                printer.openLine()
                printer.write("/// The values of `")
                printer.write(declaration.name)
                printer.write("`.")
                printer.closeLine()
                printer.openLine()
                printer.write("nonisolated ")
                printer.write(access)
                printer.write("enum ")
                printer.write(SwiftNaming.upperCamelCase(declaration.name))
                printer.write(": String, Sendable, Hashable, CaseIterable {")
                printer.closeLine()
                printer.indented { printer in
                    for value in values {
                        let caseName = SwiftNaming.lowerCamelCase(value)
                        printer.openLine()
                        printer.write("case ")
                        printer.write(SwiftNaming.escaped(caseName))
                        if caseName != value {
                            printer.write(" = ")
                            printer.writeStringLiteral(value)
                        }
                        printer.closeLine()
                    }
                }
                printer.line("}")
                printer.line()
            }
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
            printer.docLine("Sets the attributes given; the ones left out are not set.")
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
            printer.write(") {")
            printer.closeLine()
            printer.indented { printer in
                for property in properties {
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
                printer.line("return values")
            }
            printer.line("}")
        }
        printer.line("}")
        printer.line()
        printer.line("extension SplitTestingService {")
        printer.indented { printer in
            printer.docLine("Sets the custom targeting attributes the definitions declare, replacing the ones set before:")
            printer.docLine("an attribute left `nil` is not set, and the conditions on it do not hold. Set them early,")
            printer.docLine("before the first fetch: a resolution already made stays.")
            printer.line("nonisolated ", access, "func setAttributes(_ attributes: SplitTestAttributes) {")
            printer.indented { printer in
                printer.line("setAttributes(attributes.attributeValues)")
            }
            printer.line("}")
        }
        printer.line("}")
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
