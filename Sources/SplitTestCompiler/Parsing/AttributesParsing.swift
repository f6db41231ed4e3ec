@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats
/// The one key of an attributes document.
enum AttributesDocumentKey: Int, FixedKey {
    case attributes

    static let names = ["attributes"]
}

/// The keys of one attribute's declaration.
enum AttributeKey: Int, FixedKey {
    case type, values, description, dimension

    static let names = ["type", "values", "description", "dimension"]
}

/// What an attributes document declared: the valid declarations, and the names of every
/// declaration, valid or not, so that a condition on a badly declared attribute is not reported
/// a second time as undeclared.
struct ParsedAttributes: Sendable {
    var declarations: [AttributeDeclaration] = []
    var namesWritten: [String] = []
}

/// Reads an `attributes:` document: custom targeting attributes and their types.
extension ExperimentParser {
    /// The values of an attribute's `type`.
    static let attributeTypes = AttributeDeclaration.ValueType.allCases.map(\.rawValue)

    /// The declarations of the document, whose root is a mapping with the key `attributes`.
    mutating func parseAttributes() -> ParsedAttributes {
        var parsed = ParsedAttributes()
        let keys = entries(of: document.root, keys: AttributesDocumentKey.self, place: " of an attributes document")
        guard let node = keys[.attributes]?.value else {
            preconditionFailure("a document is read as attributes only when it has the key 'attributes'")
        }
        guard node.kind == .mapping, node.entryCount > 0 else {
            log.error(
                "'attributes' must be a mapping of attribute name to declaration, like "
                    + "{ plan: { type: string, values: [free, pro] } }; found \(document.kindDescription(of: node))",
                at: node)
            return parsed
        }
        for entry in namedEntries(of: node, noun: "attribute", place: " in 'attributes'") {
            parsed.namesWritten.append(entry.name)
            if let declaration = readAttribute(entry.name, entry.pair) {
                parsed.declarations.append(declaration)
            }
        }
        return parsed
    }

    /// One declaration: `name: { type: string|int|bool, values: [...], description: ..., dimension: true }`.
    private mutating func readAttribute(_ name: String, _ pair: YAMLPair) -> AttributeDeclaration? {
        let errorsBefore = log.errorCount
        if !NameRules.isName(name) {
            log.error("attribute name '\(shownInMessage(name))' \(NameRules.nameRequirement)", at: pair.key)
        } else if SplitTestAttributeKind.builtIn(named: name) != nil {
            log.error(
                "'\(name)' is a built-in attribute (\(SplitTestAttributeValues.builtInNames.joined(separator: ", "))); "
                    + "it needs no declaration", at: pair.key)
        }
        let node = pair.value
        guard node.kind == .mapping else {
            log.error(
                "the declaration of '\(shownInMessage(name))' must be a mapping like { type: string }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let keys = entries(of: node, keys: AttributeKey.self, place: " of attribute '\(shownInMessage(name))'")
        var type: AttributeDeclaration.ValueType?
        if let typeNode = keys[.type]?.value {
            type = readChoice(typeNode, key: "type", choices: Self.attributeTypes).flatMap(AttributeDeclaration.ValueType.init)
        } else {
            log.error("missing required key 'type' of attribute '\(shownInMessage(name))'", at: node)
        }
        var values: [String]?
        if let pair = keys[.values] {
            if type != nil && type != .string {
                log.error("'values' is allowed for string attributes only", at: pair.key)
            } else {
                values = readEnumValues(
                    pair.value, owner: "attribute '\(shownInMessage(name))'", example: "[free, trial, pro]"
                )?.map(\.name)
            }
        }
        let description = keys[.description].flatMap { readText($0.value, key: "description") }
        var isDimension = false
        if let dimensionNode = keys[.dimension]?.value {
            if case .bool(let flag)? = document.scalarValue(of: dimensionNode) {
                isDimension = flag
            } else {
                log.error(
                    "'dimension' must be true or false: whether exposures carry the attribute, so that a readout "
                        + "can slice by it; found \(document.kindDescription(of: dimensionNode))", at: dimensionNode)
            }
        }
        guard log.errorCount == errorsBefore, let type else { return nil }
        return AttributeDeclaration(
            name: name, type: type, values: values, description: description, location: file.location(of: pair.key),
            isDimension: isDimension)
    }

    /// `values: [free, trial, pro]` of an attribute or of an event's property (`owner`, as
    /// "attribute 'plan'"): names, each once, which become the cases of a Swift enum; `example`
    /// is a list to show.
    mutating func readEnumValues(_ node: YAMLNode, owner: String, example: String) -> [(name: String, node: YAMLNode)]? {
        guard node.kind == .sequence, node.entryCount > 0 else {
            log.error(
                "'values' must be a list of names, like \(example); found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        return readUniqueNames(
            node,
            notAName: { "value \($0) of \(owner) " + NameRules.nameRequirement },
            listedAgain: { "duplicate value '\(shownInMessage($0))' of \(owner)" })
    }
}
