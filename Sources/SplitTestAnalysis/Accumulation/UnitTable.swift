/// The units of one experiment (or holdout): per unit, a slot in the accumulator's arrays.
struct UnitTable {
    var name: String
    var kind: ExperimentTotals.Kind
    var groups: [String]
    var groupIndex: [String: Int32]
    var definition: AnalysisDefinition?
    var slots: [String: Int32] = [:]

    init(name: String, kind: ExperimentTotals.Kind, groups: [String], definition: AnalysisDefinition?) {
        self.name = name
        self.kind = kind
        self.groups = groups
        self.definition = definition
        groupIndex = Dictionary(uniqueKeysWithValues: groups.enumerated().map { ($1, Int32($0)) })
    }

    /// The index of `group`, added when the experiment has no definition.
    mutating func index(of group: String) -> Int32? {
        if let index = groupIndex[group] { return index }
        guard definition == nil else { return nil }
        let index = Int32(groups.count)
        groups.append(group)
        groupIndex[group] = index
        return index
    }
}
