import SplitTesting

/// The units of one experiment (or holdout): per unit, a slot in the accumulator's arrays.
struct UnitTable {
    var name: String
    var kind: ExperimentTotals.Kind
    var groups: [String]
    var groupIndex: [String: Int32]
    var definition: SplitTestDefinition?
    /// The slot of each unit by its interned number, -1 for a unit not in this table: four bytes
    /// per unit instead of a dictionary entry with a copy of the unit's id.
    var slotByUnit: [Int32] = []

    /// The slot of unit number `unit`, if it is in this table.
    func slot(of unit: Int32) -> Int? {
        let index = Int(unit)
        guard index < slotByUnit.count, slotByUnit[index] >= 0 else { return nil }
        return Int(slotByUnit[index])
    }

    /// Puts unit number `unit` in `slot`.
    mutating func set(_ slot: Int32, for unit: Int32) {
        let index = Int(unit)
        if index >= slotByUnit.count {
            slotByUnit.append(contentsOf: repeatElement(-1, count: index + 1 - slotByUnit.count))
        }
        slotByUnit[index] = slot
    }

    /// Every (unit number, slot) of this table.
    var members: [(unit: Int32, slot: Int)] {
        slotByUnit.indices.compactMap { index in
            slotByUnit[index] >= 0 ? (Int32(index), Int(slotByUnit[index])) : nil
        }
    }

    init(name: String, kind: ExperimentTotals.Kind, groups: [String], definition: SplitTestDefinition?) {
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
