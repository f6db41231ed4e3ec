/// What a document of a definition file defines: an experiment, custom targeting attributes, a
/// holdout, a segment, the environments or a test of an experiment.
enum DocumentKind {
    case experiment, attributes, holdout, segment, environments, test

    /// The kind of `document`: a mapping with the key `identifier` is an experiment; otherwise one
    /// with the key `attributes` or `holdout` is that; anything else is read as an experiment, so
    /// that its errors say what an experiment needs.
    init(of document: YAMLDocument) {
        let root = document.root
        guard root.kind == .mapping else {
            self = .experiment
            return
        }
        self = Self(keys: (0..<root.entryCount).lazy.map { document.pair($0, of: root).key }, in: document)
    }

    /// The kind of a document whose root mapping has `keys`.
    private init(keys: some Sequence<YAMLNode>, in document: YAMLDocument) {
        var found: DocumentKind?
        for key in keys {
            if document.scalar(key, is: "identifier") {
                self = .experiment
                return
            }
            if found == nil {
                if document.scalar(key, is: "attributes") { found = .attributes }
                if document.scalar(key, is: "holdout") { found = .holdout }
                if document.scalar(key, is: "segment") { found = .segment }
                if document.scalar(key, is: "environments") { found = .environments }
                if document.scalar(key, is: "test") { found = .test }
            }
        }
        self = found ?? .experiment
    }

    /// Whether a root mapping with `keys` (all of them, or those read before a syntax error) is
    /// an experiment's.
    static func isExperiment(keys: [YAMLNode], in document: YAMLDocument) -> Bool {
        DocumentKind(keys: keys, in: document) == .experiment
    }

    /// The identifier an experiment document writes, valid or not.
    static func identifierWritten(in document: YAMLDocument) -> String? {
        let root = document.root
        guard root.kind == .mapping else { return nil }
        for position in 0..<root.entryCount {
            let pair = document.pair(position, of: root)
            if document.scalar(pair.key, is: "identifier") { return document.stringValue(of: pair.value) }
        }
        return nil
    }

    /// The name a segment document writes, valid or not.
    static func segmentNameWritten(in document: YAMLDocument) -> String? {
        let root = document.root
        guard root.kind == .mapping else { return nil }
        for position in 0..<root.entryCount {
            let pair = document.pair(position, of: root)
            guard document.scalar(pair.key, is: "segment"), pair.value.kind == .mapping else { continue }
            for inner in 0..<pair.value.entryCount {
                let field = document.pair(inner, of: pair.value)
                if document.scalar(field.key, is: "name") { return document.stringValue(of: field.value) }
            }
        }
        return nil
    }
}
