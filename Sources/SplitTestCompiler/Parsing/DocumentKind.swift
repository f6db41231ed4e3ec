/// What a document of a definition file defines: an experiment, custom targeting attributes, or
/// a holdout.
enum DocumentKind {
    case experiment, attributes, holdout

    /// The kind of `document`: a mapping with the key `identifier` is an experiment; otherwise one
    /// with the key `attributes` or `holdout` is that; anything else is read as an experiment, so
    /// that its errors say what an experiment needs.
    init(of document: YAMLDocument) {
        let root = document.root
        self = .experiment
        guard root.kind == .mapping else { return }
        var found: DocumentKind?
        for position in 0..<root.entryCount {
            let key = document.pair(position, of: root).key
            if document.scalar(key, is: "identifier") { return }
            if found == nil {
                if document.scalar(key, is: "attributes") { found = .attributes }
                if document.scalar(key, is: "holdout") { found = .holdout }
            }
        }
        self = found ?? .experiment
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
}
