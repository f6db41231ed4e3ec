@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The keys of an `event:` document.
enum EventDocumentKey: Int, FixedKey {
    case event, description, properties

    static let names = ["event", "description", "properties"]
}

/// The keys of one property's declaration.
enum EventPropertyKey: Int, FixedKey {
    case type, values, description

    static let names = ["type", "values", "description"]
}

/// Reads an `event:` document: an event the app sends, and its typed properties.
extension ExperimentParser {
    /// The values of a property's `type`.
    static let propertyTypes = ["string", "int", "double", "bool"]

    /// The event, or nil when its shape has errors (all of them in `log`).
    mutating func parseEvent() -> EventDraft? {
        let errorsBefore = log.errorCount
        let keys = entries(of: document.root, keys: EventDocumentKey.self, place: " of an event document")
        guard let nameNode = keys[.event]?.value else {
            preconditionFailure("a document is read as an event only when it has the key 'event'")
        }
        let name = readIdentifier(nameNode, key: "event", what: "event name")
        if let name, EventRules.isReservedEventName(name) {
            log.error(
                "event name '\(name)' is reserved: the runtime's own events (\(EventRules.runtimeEvents.joined(separator: ", "))) "
                    + "start with '\(EventRules.reservedEventPrefix)'; choose another name", at: nameNode)
        }
        let description = keys[.description].flatMap { readText($0.value, key: "description") }
        var properties: [SplitTestEventDeclaration.Property] = []
        var locations: [SourceLocation] = []
        var descriptions: [String: String] = [:]
        if let node = keys[.properties]?.value, !document.isNull(node) {
            if node.kind == .mapping {
                var swiftNames = NameIndex<YAMLNode>(capacity: node.entryCount)
                for entry in namedEntries(of: node, noun: "property", place: " of event '\(shownInMessage(name ?? ""))'") {
                    guard let property = readEventProperty(entry, swiftNames: &swiftNames) else { continue }
                    properties.append(property.property)
                    locations.append(file.location(of: entry.pair.key))
                    if let text = property.description { descriptions[entry.name] = text }
                }
            } else {
                log.error(
                    "'properties' must be a mapping of property name to declaration, like "
                        + "{ revenue: { type: double }, currency: { values: [usd, eur] } }; "
                        + "found \(document.kindDescription(of: node))", at: node)
            }
        }
        guard log.errorCount == errorsBefore, let name else { return nil }
        return EventDraft(
            declaration: SplitTestEventDeclaration(name: name, properties: properties),
            details: DeclarationDetails(
                description: description, propertyDescriptions: descriptions, location: file.location(of: nameNode),
                displayPath: displayPath),
            propertyLocations: locations, fileIndex: file.index)
    }

    /// One property: `name: { type: string|int|double|bool }` or `name: { values: [a, b] }`, with
    /// an optional `description`.
    private mutating func readEventProperty(
        _ entry: MappingEntry, swiftNames: inout NameIndex<YAMLNode>
    ) -> (property: SplitTestEventDeclaration.Property, description: String?)? {
        let errorsBefore = log.errorCount
        let name = entry.name
        let shown = shownInMessage(name)
        if !NameRules.isName(name) {
            log.error("property name '\(shown)' \(NameRules.nameRequirement)", at: entry.pair.key)
        } else if EventRules.reservedPropertyNames.contains(name) {
            log.error(
                "property name '\(name)' is reserved: event lines already carry '\(name)' "
                    + "(reserved: \(EventRules.reservedPropertyNames.sorted().joined(separator: ", "))); choose another name",
                at: entry.pair.key)
        } else {
            let swiftName = SwiftNaming.lowerCamelCase(name)
            if SwiftNaming.reservedMemberNames.contains(swiftName) {
                log.error(NameRules.reservedMessage("property name", name, swiftName, in: "event enum"), at: entry.pair.key)
            } else if let first = swiftNames.insert(swiftName, entry.pair.key) {
                log.error(
                    "properties '\(shownInMessage(document.stringValue(of: first) ?? ""))' and '\(name)' both become the "
                        + "Swift parameter '\(swiftName)'; rename one", at: entry.pair.key,
                    note: ("the first is declared here", first))
            }
        }
        let node = entry.pair.value
        guard node.kind == .mapping else {
            log.error(
                "the declaration of property '\(shown)' must be a mapping like { type: double } or "
                    + "{ values: [usd, eur] }; found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: EventPropertyKey.self, place: " of property '\(shown)'")
        var type: String?
        if let typeNode = keys[.type]?.value {
            type = readChoice(typeNode, key: "type", choices: Self.propertyTypes)
        }
        var values: [String]?
        if let pair = keys[.values] {
            if let type, type != "string" {
                log.error("'values' makes a property an enum of strings; it cannot be of type '\(type)'", at: pair.key)
            } else {
                values = readPropertyValues(pair.value, property: name)
            }
        } else if keys[.type] == nil {
            log.error(
                "property '\(shown)' needs 'type' (string, int, double or bool) or 'values' (a list of names)", at: node)
        }
        let description = keys[.description].flatMap { readText($0.value, key: "description") }
        guard log.errorCount == errorsBefore else { return nil }
        let propertyType: SplitTestEventDeclaration.PropertyType
        switch (values, type) {
        case (let values?, _): propertyType = .values(values)
        case (nil, "int"): propertyType = .int
        case (nil, "double"): propertyType = .double
        case (nil, "bool"): propertyType = .bool
        default: propertyType = .string
        }
        return (SplitTestEventDeclaration.Property(name: name, type: propertyType), description)
    }

    /// `values: [usd, eur, gbp]`: names, each once, which become the cases of a Swift enum.
    private mutating func readPropertyValues(_ node: YAMLNode, property: String) -> [String]? {
        guard let listed = readEnumValues(node, owner: "property '\(shownInMessage(property))'", example: "[usd, eur, gbp]")
        else { return nil }
        var firstByCase = NameIndex<YAMLNode>(capacity: listed.count)
        for (value, valueNode) in listed {
            let caseName = SwiftNaming.lowerCamelCase(value)
            if SwiftNaming.reservedMemberNames.contains(caseName) {
                log.error(NameRules.reservedMessage("value", value, caseName, in: "enum of '\(property)'"), at: valueNode)
            } else if let first = firstByCase.insert(caseName, valueNode) {
                log.error(
                    "values '\(shownInMessage(document.stringValue(of: first) ?? ""))' and '\(value)' of property "
                        + "'\(shownInMessage(property))' both become the Swift case '\(caseName)'; rename one",
                    at: valueNode, note: ("the first is listed here", first))
            }
        }
        return listed.map(\.name)
    }
}
