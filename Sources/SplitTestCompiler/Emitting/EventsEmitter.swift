@_spi(Tools) import SplitTesting

/// Prints `SplitTestEvents`, the events the definitions declare: one case per event with its
/// properties as typed parameters (an enum where `values` is given), conforming to the runtime's
/// `SplitTestEvent`, and the `track(_:)` of `SplitTestingService` that takes it, so that an app
/// writes `service.track(.purchase(revenue: 3.99, currency: .usd))` and a misspelled event or a
/// value of the wrong type does not compile. Printed only when the definitions declare events.
struct EventsEmitter {
    /// `"public "` or `""`.
    let access: StaticString

    func emit(_ events: [SplitTestEventDeclaration], details: [String: DeclarationDetails], into printer: inout CodePrinter) {
        printer.docLine("The events the definitions declare, for `track(_:)` of `SplitTestingService`: one case per")
        printer.docLine("event, its properties typed as declared.")
        printer.line("nonisolated ", access, "enum SplitTestEvents: SplitTestEvent, Hashable {")
        printer.indented { printer in
            for event in events {
                for property in event.properties {
                    guard case .values(let values) = property.type else { continue }
                    emitValues(values, event: event.name, property: property.name, into: &printer)
                }
            }
            for event in events {
                emitCase(event, details: details[event.name], into: &printer)
            }
            printer.line()
            printer.docLine("The event's name, as its lines carry it.")
            printer.line(access, "var name: String {")
            printer.indented { printer in
                printer.line("switch self {")
                for event in events {
                    printer.openLine()
                    printer.write("case .")
                    printer.write(Self.caseName(event))
                    printer.write(": ")
                    printer.writeStringLiteral(event.name)
                    printer.closeLine()
                }
                printer.line("}")
            }
            printer.line("}")
            printer.line()
            printer.docLine("The event's properties, by their declared names.")
            printer.line(access, "var properties: [String: TrackingValue] {")
            printer.indented { printer in
                printer.line("switch self {")
                for event in events { emitProperties(event, into: &printer) }
                printer.line("}")
            }
            printer.line("}")
            printer.line()
            printer.docLine("The event as declared, which `track(_:)` sends with the units and the groups exposed.")
            printer.line(access, "var trackingEvent: TrackingEvent {")
            printer.indented { printer in
                printer.line("TrackingEvent(name, properties: properties)")
            }
            printer.line("}")
        }
        printer.line("}")
        printer.line()
        printer.line("extension SplitTestingService {")
        printer.indented { printer in
            printer.docLine("Sends a declared event to every tracking provider, with the device, the signed-in user and")
            printer.docLine("the groups they have been exposed to, as a goal carries them:")
            printer.openLine()
            printer.write("/// `service.track(")
            printer.write(Self.example(events[0]))
            printer.write(")`.")
            printer.closeLine()
            printer.line("nonisolated ", access, "func track(_ event: SplitTestEvents) {")
            printer.indented { printer in
                printer.line("track(event as any SplitTestEvent)")
            }
            printer.line("}")
        }
        printer.line("}")
    }

    /// The enum of a property's `values`.
    private func emitValues(_ values: [String], event: String, property: String, into printer: inout CodePrinter) {
        printer.openLine()
        printer.write("/// The values of `")
        printer.write(property)
        printer.write("` of `")
        printer.write(event)
        printer.write("`.")
        printer.closeLine()
        printer.printStringEnum(EventRules.valuesTypeName(event: event, property: property), values: values, access: access)
        printer.line()
    }

    /// `case purchase(revenue: Double, currency: PurchaseCurrency)`, with its documentation.
    private func emitCase(_ event: SplitTestEventDeclaration, details: DeclarationDetails?, into printer: inout CodePrinter) {
        if let description = details?.description {
            CommentText.printParagraph(description, into: &printer)
        }
        printer.openLine()
        printer.write("/// `")
        printer.write(event.name)
        printer.write("`")
        if let path = details?.displayPath {
            printer.write(", defined in ")
            printer.write(CommentText.singleLine(path))
        }
        printer.write(".")
        printer.closeLine()
        let described = event.properties.filter { details?.propertyDescriptions[$0.name] != nil }
        if !described.isEmpty {
            printer.emptyDocLine()
            printer.docLine("- Parameters:")
            for property in described {
                printer.openLine()
                printer.write("///   - ")
                printer.write(Self.parameterName(property))
                printer.write(": ")
                printer.write(CommentText.singleLine(details?.propertyDescriptions[property.name] ?? ""))
                printer.closeLine()
            }
        }
        printer.openLine()
        printer.write("case ")
        writeCase(event, into: &printer) { property in
            Self.parameterName(property) + ": " + Self.typeName(property, event: event.name)
        }
        printer.closeLine()
    }

    /// `case .purchase(let revenue, let currency): ["revenue": .double(revenue), ...]`.
    private func emitProperties(_ event: SplitTestEventDeclaration, into printer: inout CodePrinter) {
        printer.openLine()
        printer.write("case .")
        writeCase(event, into: &printer) { "let " + Self.parameterName($0) }
        printer.write(":")
        switch event.properties.count {
        case 0:
            printer.write(" [:]")
            printer.closeLine()
        case 1:
            printer.write(" [")
            writeEntry(event.properties[0], into: &printer)
            printer.write("]")
            printer.closeLine()
        default:
            printer.closeLine()
            printer.indented { printer in
                printer.line("[")
                printer.indented { printer in
                    for property in event.properties {
                        printer.openLine()
                        writeEntry(property, into: &printer)
                        printer.write(",")
                        printer.closeLine()
                    }
                }
                printer.line("]")
            }
        }
    }

    /// The event's case, with `item` of each property in parentheses when it has any.
    private func writeCase(
        _ event: SplitTestEventDeclaration, into printer: inout CodePrinter,
        item: (SplitTestEventDeclaration.Property) -> String
    ) {
        printer.write(Self.caseName(event))
        guard !event.properties.isEmpty else { return }
        printer.write("(")
        printer.write(event.properties.map(item).joined(separator: ", "))
        printer.write(")")
    }

    /// `"revenue": .double(revenue)`.
    private func writeEntry(_ property: SplitTestEventDeclaration.Property, into printer: inout CodePrinter) {
        printer.writeStringLiteral(property.name)
        switch property.type {
        case .string: printer.write(": .string(")
        case .int: printer.write(": .int(")
        case .double: printer.write(": .double(")
        case .bool: printer.write(": .bool(")
        case .values: printer.write(": .string(")
        }
        printer.write(Self.parameterName(property))
        if case .values = property.type { printer.write(".rawValue") }
        printer.write(")")
    }

    /// A call of the event's case with a value of each property's type, for documentation:
    /// `.purchase(revenue: 1.5, currency: .usd)`.
    static func example(_ event: SplitTestEventDeclaration) -> String {
        guard !event.properties.isEmpty else { return "." + caseName(event) }
        let arguments = event.properties.map { property -> String in
            let value: String
            switch property.type {
            case .string: value = "\"text\""
            case .int: value = "1"
            case .double: value = "1.5"
            case .bool: value = "true"
            case .values(let values): value = "." + SwiftNaming.escaped(SwiftNaming.lowerCamelCase(values[0]))
            }
            return parameterName(property) + ": " + value
        }
        return "." + caseName(event) + "(" + arguments.joined(separator: ", ") + ")"
    }

    /// The event's case: the lower-camel-case of its name, in backticks when it is a keyword.
    static func caseName(_ event: SplitTestEventDeclaration) -> String {
        SwiftNaming.escaped(SwiftNaming.lowerCamelCase(event.name))
    }

    /// A property's parameter label and binding.
    private static func parameterName(_ property: SplitTestEventDeclaration.Property) -> String {
        SwiftNaming.escaped(SwiftNaming.lowerCamelCase(property.name))
    }

    /// The Swift type of a property's parameter.
    private static func typeName(_ property: SplitTestEventDeclaration.Property, event: String) -> String {
        switch property.type {
        case .string: "String"
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .values: EventRules.valuesTypeName(event: event, property: property.name)
        }
    }
}
