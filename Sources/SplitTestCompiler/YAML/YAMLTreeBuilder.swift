import CLibYAML

/// Builds the node tree of one document at a time from libyaml's events.
///
/// A document with anything the definition language rejects (an anchor, an alias, a custom tag,
/// a limit exceeded) is reported and then dropped whole at its end, so the parser only ever sees
/// trees that mean what they say.
struct YAMLTreeBuilder {
    /// A mapping or sequence whose end has not been read yet.
    private struct OpenCollection {
        var isMapping: Bool
        var line: Int
        var column: Int
        /// A sequence's items.
        var items: [YAMLNode] = []
        /// A mapping's entries.
        var pairs: [YAMLPair] = []
        /// A mapping key whose value has not been read yet.
        var pendingKey: YAMLNode?
    }

    /// What the builder found wrong so far.
    var log = DiagnosticLog()

    private let file: DefinitionFileContext
    private let limits: CompilerLimits
    private var open: [OpenCollection] = []
    private var root: YAMLNode?
    private var documentRejected = false
    private var nodeCount = 0
    /// How many collections deep the builder is inside a part it skips (too deep, or everything
    /// after the node limit); zero when it builds.
    private var skipDepth = 0
    private var skipsRestOfDocument = false

    init(file: DefinitionFileContext, limits: CompilerLimits) {
        self.file = file
        self.limits = limits
    }

    /// Takes in one event; returns the document's root when `event` ends a well-formed document.
    mutating func consume(_ event: yaml_event_t) -> YAMLNode? {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            open.removeAll(keepingCapacity: true)
            root = nil
            documentRejected = false
            nodeCount = 0
            skipDepth = 0
            skipsRestOfDocument = false
        case YAML_DOCUMENT_END_EVENT:
            defer { root = nil }
            return documentRejected ? nil : root
        case YAML_SCALAR_EVENT:
            guard skipDepth == 0, !skipsRestOfDocument, countNode(event) else { break }
            let scalar = event.data.scalar
            var isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            checkAnchor(scalar.anchor, event)
            if let tag = scalar.tag {
                isPlain = false
                checkTag(tag, allowed: "tag:yaml.org,2002:str", event)
            }
            var text = ""
            let length = Int(scalar.length)
            if length > limits.scalarLength {
                reject(
                    "this value is \(length) bytes long; the longest value accepted is "
                        + "\(limits.scalarLength) bytes", event)
            } else if length > 0 {
                text = String(
                    decoding: UnsafeBufferPointer(start: scalar.value, count: length),
                    as: UTF8.self)
            }
            add(YAMLNode(content: .scalar(text, isPlain: isPlain), line: line(event), column: column(event)))
        case YAML_ALIAS_EVENT:
            guard skipDepth == 0, !skipsRestOfDocument, countNode(event) else { break }
            let name = String(cString: event.data.alias.anchor)
            reject("aliases ('*\(name)') are not supported; write the value out in full", event)
            add(YAMLNode(content: .scalar("", isPlain: true), line: line(event), column: column(event)))
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            if skipDepth > 0 || skipsRestOfDocument {
                skipDepth += 1
                break
            }
            guard countNode(event) else {
                skipDepth = 1
                break
            }
            if isMapping {
                checkAnchor(event.data.mapping_start.anchor, event)
                if let tag = event.data.mapping_start.tag { checkTag(tag, allowed: "tag:yaml.org,2002:map", event) }
            } else {
                checkAnchor(event.data.sequence_start.anchor, event)
                if let tag = event.data.sequence_start.tag { checkTag(tag, allowed: "tag:yaml.org,2002:seq", event) }
            }
            if open.count >= limits.nestingDepth {
                reject(Self.nestingMessage(limits), event)
                skipDepth = 1
                break
            }
            open.append(OpenCollection(isMapping: isMapping, line: line(event), column: column(event)))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            if skipDepth > 0 {
                skipDepth -= 1
                if skipDepth == 0 && !skipsRestOfDocument {
                    add(YAMLNode(content: .scalar("", isPlain: true), line: line(event), column: column(event)))
                }
                break
            }
            if skipsRestOfDocument { break }
            guard let collection = open.popLast() else {
                preconditionFailure("libyaml balances every collection start with an end")
            }
            add(finished(collection))
        default:
            break
        }
        return nil
    }

    private func finished(_ collection: OpenCollection) -> YAMLNode {
        precondition(collection.pendingKey == nil, "libyaml gives every mapping key a value")
        let content: YAMLNode.Content = collection.isMapping ? .mapping(collection.pairs) : .sequence(collection.items)
        return YAMLNode(content: content, line: collection.line, column: collection.column)
    }

    private mutating func add(_ node: YAMLNode) {
        let last = open.count - 1
        if last < 0 {
            root = node
        } else if !open[last].isMapping {
            open[last].items.append(node)
        } else if let key = open[last].pendingKey {
            open[last].pairs.append(YAMLPair(key: key, value: node))
            open[last].pendingKey = nil
        } else {
            open[last].pendingKey = node
        }
    }

    /// Counts a node against the limit; past it, reports once and skips the rest of the document.
    private mutating func countNode(_ event: yaml_event_t) -> Bool {
        nodeCount += 1
        guard nodeCount > limits.nodesPerDocument else { return true }
        reject(
            "this document has more than \(limits.nodesPerDocument) values, the most one "
                + "document may hold; split it", event)
        skipsRestOfDocument = true
        return false
    }

    private mutating func checkAnchor(_ anchor: UnsafeMutablePointer<yaml_char_t>?, _ event: yaml_event_t) {
        guard let anchor else { return }
        let name = String(cString: anchor)
        reject("anchors ('&\(name)') are not supported; write each value out in full", event)
    }

    private mutating func checkTag(
        _ tag: UnsafeMutablePointer<yaml_char_t>, allowed: String, _ event: yaml_event_t
    ) {
        let text = String(cString: tag)
        guard text != allowed else { return }
        let shown = text.hasPrefix("tag:yaml.org,2002:") ? "!!" + text.dropFirst(18) : text
        reject("tags ('\(shown)') are not supported; write the value without a tag", event)
    }

    private mutating func reject(_ message: String, _ event: yaml_event_t) {
        documentRejected = true
        log.add(.error(message, at: YAMLReader.mark(event.start_mark, file)), fileIndex: file.index)
    }

    /// What the reader says where a document nests deeper than the limit.
    static func nestingMessage(_ limits: CompilerLimits) -> String {
        "the definition nests more than \(limits.nestingDepth) levels deep here; definitions are "
            + "at most a few levels deep"
    }

    private func line(_ event: yaml_event_t) -> Int { Int(event.start_mark.line) + 1 }
    private func column(_ event: yaml_event_t) -> Int { Int(event.start_mark.column) + 1 }
}
