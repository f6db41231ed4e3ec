@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The rules that span event documents: each event is declared once in the whole set of files,
/// and the generated `SplitTestEvents` enum can hold every one of them (one case per event, one
/// enum per property with values).
enum EventValidation {
    /// The events that hold, in input order, with what the definitions say of each.
    static func check(
        _ drafts: [EventDraft], log: inout DiagnosticLog
    ) -> (events: [SplitTestEventDeclaration], details: [String: DeclarationDetails]) {
        var events: [SplitTestEventDeclaration] = []
        var details: [String: DeclarationDetails] = [:]
        var firstByName: [String: SourceLocation] = [:]
        var firstByCase: [String: EventDraft] = [:]
        var firstByType: [String: (event: String, property: String)] = [:]
        for draft in drafts {
            let name = draft.declaration.name
            let location = draft.details.location
            if let first = firstByName[name] {
                log.error(
                    "event '\(name)' is declared twice", at: location, fileIndex: draft.fileIndex,
                    note: .note("'\(name)' is first declared here", at: first))
                continue
            }
            firstByName[name] = location
            let caseName = SwiftNaming.lowerCamelCase(name)
            if EventRules.reservedCaseNames.contains(caseName) {
                log.error(
                    NameRules.reservedMessage("event name", name, caseName, in: "events enum"), at: location,
                    fileIndex: draft.fileIndex)
                continue
            }
            if let first = firstByCase[caseName] {
                log.error(
                    "events '\(first.declaration.name)' and '\(name)' both become the Swift case '\(caseName)'; rename one",
                    at: location, fileIndex: draft.fileIndex,
                    note: .note("'\(first.declaration.name)' is declared here", at: first.details.location))
                continue
            }
            firstByCase[caseName] = draft
            var valid = true
            for (property, propertyLocation) in zip(draft.declaration.properties, draft.propertyLocations) {
                guard case .values = property.type else { continue }
                let typeName = EventRules.valuesTypeName(event: name, property: property.name)
                if EventRules.reservedTypeNames.contains(typeName) {
                    log.error(
                        "property '\(property.name)' of event '\(name)' becomes the Swift enum '\(typeName)', a name "
                            + "the generated code already uses; rename one", at: propertyLocation, fileIndex: draft.fileIndex)
                    valid = false
                } else if let first = firstByType[typeName] {
                    log.error(
                        "the values of '\(property.name)' of event '\(name)' and of '\(first.property)' of event "
                            + "'\(first.event)' both become the Swift enum '\(typeName)'; rename one",
                        at: propertyLocation, fileIndex: draft.fileIndex)
                    valid = false
                } else {
                    firstByType[typeName] = (name, property.name)
                }
            }
            guard valid else { continue }
            events.append(draft.declaration)
            details[name] = draft.details
        }
        return (events, details)
    }
}
