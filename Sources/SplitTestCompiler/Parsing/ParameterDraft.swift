/// One entry of a group's `params` (or of `defaults`), with a valid name and a scalar value.
struct ParameterDraft {
    var name: String
    var nameNode: YAMLNode
    var value: ParameterValue
    var valueNode: YAMLNode
}

/// Finds a parameter's value among a group's (or the defaults') parameters: at the position it
/// usually has when groups list parameters in the same order, else by name.
struct ParameterLookup {
    let drafts: [ParameterDraft]
    var index: NameIndex<ParameterValue>?

    init(_ drafts: [ParameterDraft]) {
        self.drafts = drafts
        if drafts.count > 12 {
            var index = NameIndex<ParameterValue>()
            for draft in drafts { index.insert(draft.name, draft.value) }
            self.index = index
        }
    }

    func value(of name: String, hint: Int) -> ParameterValue? {
        if drafts.indices.contains(hint), drafts[hint].name == name { return drafts[hint].value }
        if let index { return index[name] }
        return drafts.first { $0.name == name }?.value
    }
}
