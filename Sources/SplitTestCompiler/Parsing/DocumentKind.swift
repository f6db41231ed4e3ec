/// What a document of a definition file defines: an experiment, custom targeting attributes, a
/// holdout, a segment, the environments, a test of an experiment, an event or a metric.
enum DocumentKind {
    case experiment, attributes, holdout, segment, environments, test, event, metric

    /// The kind of `document`: a mapping with the key `identifier` is an experiment; otherwise one
    /// with the key `attributes`, `holdout`, `segment`, `environments`, `test`, `metric` or `event`
    /// is that (a metric names its event too, so `metric` comes before `event`); anything else is
    /// read as an experiment, so that its errors say what an experiment needs.
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
                if document.scalar(key, is: "event") { found = .event }
            }
            if found == nil || found == .event, document.scalar(key, is: "metric") { found = .metric }
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

    /// The scalar of `key` at the root of `document`, valid or not: the name an event or a metric
    /// document writes.
    static func rootScalar(_ key: String, in document: YAMLDocument) -> String? {
        let root = document.root
        guard root.kind == .mapping else { return nil }
        for position in 0..<root.entryCount {
            let pair = document.pair(position, of: root)
            if document.scalar(pair.key, is: key) { return document.stringValue(of: pair.value) }
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
