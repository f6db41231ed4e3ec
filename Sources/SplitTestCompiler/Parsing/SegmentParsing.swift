/// The keys of a `segment:` document's mapping.
enum SegmentKey: Int, FixedKey {
    case name, description, conditions

    static let names = ["name", "description", "conditions"]
}

/// The one key of a segment document.
enum SegmentDocumentKey: Int, FixedKey {
    case segment

    static let names = ["segment"]
}

/// Reads a `segment:` document: a named audience that experiments' targeting names.
extension ExperimentParser {
    /// The segment, or nil when it has errors (all of them in `log`).
    mutating func parseSegment() -> SegmentDraft? {
        let keys = entries(of: document.root, keys: SegmentDocumentKey.self)
        guard let body = keys[.segment]?.value else { return nil }
        guard body.kind == .mapping else {
            log.error(
                "'segment' must be a mapping of 'name', 'description' and 'conditions'; "
                    + "found \(document.kindDescription(of: body))", at: body)
            return nil
        }
        let fields = entries(of: body, keys: SegmentKey.self, place: " in 'segment'")
        var name: String?
        if let node = fields[.name]?.value {
            name = readIdentifier(node, key: "name", what: "segment name")
        } else {
            log.error("missing required key 'name' in 'segment'", at: body)
        }
        let description = fields[.description].flatMap { readText($0.value, key: "description") }
        var conditions: TargetingDraft?
        if let node = fields[.conditions]?.value {
            conditions = readTargeting(node, key: "conditions", allowsSegments: false)
        } else {
            log.error(
                "missing required key 'conditions' in 'segment': the conditions a unit of the segment meets, "
                    + "written as an experiment's targeting", at: body)
        }
        guard !log.hasErrors, let name, let conditions, let nameNode = fields[.name]?.value else { return nil }
        return SegmentDraft(
            name: name, description: description, conditions: conditions, nameLocation: file.location(of: nameNode),
            fileIndex: file.index)
    }
}
