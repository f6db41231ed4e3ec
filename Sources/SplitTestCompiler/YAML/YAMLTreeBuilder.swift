import CLibYAML

/// Builds one document at a time from libyaml's events, into a `YAMLDocument`.
///
/// Finished nodes wait on a stack until their collection ends; then they move, together and in
/// order, to the document's children, and the collection takes their place on the stack. Each
/// event thus costs a few appends, and the storage is reused from one document to the next.
///
/// A document with anything the definition language rejects (an anchor, an alias, a custom tag,
/// a limit exceeded) is reported and then dropped whole at its end, so the parser only ever sees
/// documents that mean what they say.
struct YAMLTreeBuilder {
    /// A mapping or sequence whose end has not been read yet.
    private struct OpenCollection {
        var kind: YAMLNode.Kind
        var line: Int
        var column: Int
        /// Where its children start on the stack of finished nodes.
        var firstChild: Int
    }

    /// What the builder found wrong so far; every diagnostic of it rejects its document.
    var log: FileLog

    private let file: DefinitionFileContext
    private let limits: CompilerLimits
    /// The document being read; its root is set when the document's top node is finished.
    private var document = YAMLDocument(root: .placeholder(line: 1, column: 1))
    private var hasRoot = false
    /// Where the document being read starts (its `---`, when it has one).
    private var documentStart = (line: 1, column: 1)
    private var open: [OpenCollection] = []
    /// Finished nodes whose collection has not ended yet.
    private var finished: [YAMLNode] = []
    /// The errors of the file before the document being read: any more, and it is rejected.
    private var errorsBeforeDocument = 0
    private var nodeCount = 0
    /// How many collections deep the builder is inside a part it skips (too deep, or everything
    /// after the node limit); zero when it builds.
    private var skipDepth = 0
    private var skipsRestOfDocument = false

    /// A builder for a file of `byteCount` bytes: its storage starts at the size a definition of
    /// that length needs, so that reading it does not grow the arrays step by step.
    init(file: DefinitionFileContext, limits: CompilerLimits, byteCount: Int) {
        self.file = file
        self.limits = limits
        log = FileLog(file: file, diagnostics: DiagnosticLog(limitPerFile: limits.diagnosticsPerFile))
        // Scalars never hold more bytes than the file, and a node takes a few bytes of it.
        let nodes = min(byteCount / 4, 4096)
        document.scalarBytes.reserveCapacity(min(byteCount, 1 << 16))
        document.children.reserveCapacity(nodes)
        finished.reserveCapacity(nodes)
        open.reserveCapacity(limits.nestingDepth)
    }

    /// Takes in one event; returns the document when `event` ends a well-formed document.
    mutating func consume(_ event: yaml_event_t) -> YAMLDocument? {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            open.removeAll(keepingCapacity: true)
            finished.removeAll(keepingCapacity: true)
            document.children.removeAll(keepingCapacity: true)
            document.scalarBytes.removeAll(keepingCapacity: true)
            hasRoot = false
            documentStart = (line(event), column(event))
            errorsBeforeDocument = log.errorCount
            nodeCount = 0
            skipDepth = 0
            skipsRestOfDocument = false
        case YAML_DOCUMENT_END_EVENT:
            guard hasRoot, log.errorCount == errorsBeforeDocument else { return nil }
            return document
        case YAML_SCALAR_EVENT:
            guard skipDepth == 0, !skipsRestOfDocument, countNode(event) else { break }
            let scalar = event.data.scalar
            var kind = scalar.style == YAML_PLAIN_SCALAR_STYLE ? YAMLNode.Kind.plainScalar : .quotedScalar
            checkAnchor(scalar.anchor, event)
            if let tag = scalar.tag {
                kind = .quotedScalar
                checkTag(tag, allowed: "tag:yaml.org,2002:str", event)
            }
            var node = YAMLNode(
                kind: kind, line: line(event), column: column(event), start: document.scalarBytes.count, count: 0)
            if open.isEmpty, kind == .plainScalar, scalar.length == 0 {
                // An empty document: libyaml marks its null where the next document or the end of
                // the file is, a line past the last one for a `---` at the end; its `---` is where
                // the reader looks.
                (node.line, node.column) = documentStart
            }
            let length = Int(scalar.length)
            if length > limits.scalarLength {
                log.error(
                    "this value is \(length) bytes long; the longest value accepted is "
                        + "\(limits.scalarLength) bytes", at: location(event))
            } else if length > 0, let value = scalar.value {
                document.scalarBytes.append(contentsOf: UnsafeBufferPointer(start: value, count: length))
                node.count = length
            }
            add(node)
        case YAML_ALIAS_EVENT:
            guard skipDepth == 0, !skipsRestOfDocument, countNode(event) else { break }
            log.error(
                "aliases ('*\(String(cString: event.data.alias.anchor))') are not supported; write the value out in full",
                at: location(event))
            add(.placeholder(line: line(event), column: column(event)))
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
                log.error(Self.nestingMessage(limits), at: location(event))
                skipDepth = 1
                break
            }
            open.append(
                OpenCollection(
                    kind: isMapping ? .mapping : .sequence, line: line(event), column: column(event),
                    firstChild: finished.count))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            if skipDepth > 0 {
                skipDepth -= 1
                if skipDepth == 0 && !skipsRestOfDocument {
                    add(.placeholder(line: line(event), column: column(event)))
                }
                break
            }
            if skipsRestOfDocument { break }
            guard let collection = open.popLast() else {
                preconditionFailure("libyaml balances every collection start with an end")
            }
            let childCount = finished.count - collection.firstChild
            precondition(
                collection.kind == .sequence || childCount % 2 == 0, "libyaml gives every mapping key a value")
            let node = YAMLNode(
                kind: collection.kind, line: collection.line, column: collection.column,
                start: document.children.count, count: childCount)
            document.children.append(contentsOf: finished[collection.firstChild...])
            finished.removeLast(childCount)
            add(node)
        default:
            break
        }
        return nil
    }

    /// Whether the document being read (or the last one, once ended) defines an experiment, as
    /// ``DocumentKind`` decides, from as much of it as was read: the whole root, or, when a syntax
    /// error cut the document short, the keys of its root read before it. A summary counts the
    /// experiments of documents that never reach the parser this way.
    var documentIsExperiment: Bool {
        if hasRoot { return DocumentKind(of: document) == .experiment }
        guard let root = open.first, root.kind == .mapping else { return true }
        let end = open.count > 1 ? open[1].firstChild : finished.count
        let keys = stride(from: root.firstChild, to: end, by: 2).map { finished[$0] }
        return DocumentKind.isExperiment(keys: keys, in: document)
    }

    /// Puts a finished node on the stack of its collection, or makes it the root.
    private mutating func add(_ node: YAMLNode) {
        if open.isEmpty {
            document.root = node
            hasRoot = true
        } else {
            finished.append(node)
        }
    }

    /// Counts a node against the limit; past it, reports once and skips the rest of the document.
    private mutating func countNode(_ event: yaml_event_t) -> Bool {
        nodeCount += 1
        guard nodeCount > limits.nodesPerDocument else { return true }
        log.error(
            "this document has more than \(limits.nodesPerDocument) values, the most one "
                + "document may hold; split it", at: location(event))
        skipsRestOfDocument = true
        return false
    }

    private mutating func checkAnchor(_ anchor: UnsafeMutablePointer<yaml_char_t>?, _ event: yaml_event_t) {
        guard let anchor else { return }
        log.error(
            "anchors ('&\(String(cString: anchor))') are not supported; write each value out in full",
            at: location(event))
    }

    private mutating func checkTag(
        _ tag: UnsafeMutablePointer<yaml_char_t>, allowed: String, _ event: yaml_event_t
    ) {
        let text = String(cString: tag)
        guard text != allowed else { return }
        let shown = text.hasPrefix("tag:yaml.org,2002:") ? "!!" + text.dropFirst(18) : text
        log.error("tags ('\(shown)') are not supported; write the value without a tag", at: location(event))
    }

    /// What the reader says where a document nests deeper than the limit.
    static func nestingMessage(_ limits: CompilerLimits) -> String {
        "the definition nests more than \(limits.nestingDepth) levels deep here; definitions are "
            + "at most a few levels deep"
    }

    private func location(_ event: yaml_event_t) -> SourceLocation { YAMLReader.mark(event.start_mark, file) }
    private func line(_ event: yaml_event_t) -> Int { Int(event.start_mark.line) + 1 }
    private func column(_ event: yaml_event_t) -> Int { Int(event.start_mark.column) + 1 }
}
