@_spi(Generated) import SplitTesting
import SplitTestFormats

/// A multivariate experiment's design as read: its factors and its listed cells.
struct FactorialDraft {
    var factors: [FactorDraft]
    /// The listed cells in cell order (lexicographic by level index, the last factor fastest),
    /// read as groups are: the name (the levels joined by `+`), where the cell is listed, and its
    /// weight.
    var cells: [GroupDraft]
    /// Each listed cell's level index in every factor, in the order of `cells`.
    var cellLevels: [[Int]]
    /// The position in `cells` of each listed cell, by its level indices.
    var positions: [[Int]: Int]

    /// The name of the cell with these level indices.
    func cellName(_ levels: [Int]) -> String {
        SplitTestFactorialDesign.cellName(levels: zip(factors, levels).map { $0.levels[$1].name })
    }

    /// The factors in order, as messages show a cell's shape: `headline+button`.
    var factorOrder: String {
        factors.map(\.name).joined(separator: String(SplitTestFactorialDesign.levelSeparator))
    }
}

/// `factors:`, `cells:` and `weights:` of a multivariate experiment: which cells run, in what
/// order, and with what weights.
extension ExperimentParser {
    /// The design, with its listed cells in cell order and weighted so that each positive weight
    /// owns at least one bucket, and whether all of it is valid. The design is nil when the
    /// factors or the cells cannot be read; otherwise `winner` and `force` can name its cells
    /// even when, say, a weight is wrong (every problem reported).
    mutating func readFactorial(
        factors node: YAMLNode, cells: YAMLNode?, weights: YAMLNode?
    ) -> (draft: FactorialDraft?, valid: Bool) {
        let (factors, valid) = readFactors(node)
        guard let factors, let listed = readCellList(cells, factors: factors, factorsNode: node) else { return (nil, false) }
        var positions: [[Int]: Int] = [:]
        positions.reserveCapacity(listed.count)
        for (position, cell) in listed.enumerated() { positions[cell.levels] = position }
        var draft = FactorialDraft(factors: factors, cells: [], cellLevels: listed.map(\.levels), positions: positions)
        draft.cells = listed.map { GroupDraft(name: draft.cellName($0.levels), nameNode: $0.node) }
        if let weights, !readCellWeights(weights, into: &draft) { return (draft, false) }
        return (draft, checkCellBuckets(draft, at: weights ?? cells ?? node) && valid)
    }

    /// The listed cells with where each is listed, sorted into cell order: every combination for
    /// `cells: all` (or no `cells`), else the list's cells, each once, the control among them.
    private mutating func readCellList(
        _ node: YAMLNode?, factors: [FactorDraft], factorsNode: YAMLNode
    ) -> [(levels: [Int], node: YAMLNode)]? {
        if let node, node.kind != .sequence {
            guard node.isScalar, document.scalar(node, is: "all") else {
                log.error(
                    "'cells' must be 'all' or a list of cells, like [{ headline: classic, button: green }, "
                        + "\"urgent+orange\"]; found \(document.kindDescription(of: node))", at: node)
                return nil
            }
        }
        guard let node, node.kind == .sequence else {
            return allCells(of: factors, at: node ?? factorsNode)
        }
        guard node.entryCount <= limits.groupsPerExperiment else {
            log.error(
                "'cells' lists \(Self.cellCount(Double(node.entryCount))) cells; an experiment may have at most "
                    + "\(Self.cellCount(Double(limits.groupsPerExperiment)))", at: node)
            return nil
        }
        var firstNodes: [[Int]: YAMLNode] = [:]
        var listed: [(levels: [Int], node: YAMLNode)] = []
        var valid = true
        for position in 0..<node.entryCount {
            let item = document.item(position, of: node)
            guard let levels = readCell(item, factors: factors) else {
                valid = false
                continue
            }
            if let first = firstNodes[levels] {
                let name = Self.cellName(levels, factors)
                log.error("cell '\(name)' is listed twice", at: item, note: ("'\(name)' is first listed here", first))
                valid = false
                continue
            }
            firstNodes[levels] = item
            listed.append((levels, item))
        }
        guard valid else { return nil }
        guard listed.count >= 2 else {
            log.error("'cells' must list at least two cells; found \(listed.count)", at: node)
            return nil
        }
        let control = [Int](repeating: 0, count: factors.count)
        guard firstNodes[control] != nil else {
            log.error(
                "the control cell '\(Self.cellName(control, factors))' (the first level of every factor) "
                    + "must be listed in 'cells'", at: node)
            return nil
        }
        // Cell order, whatever order the list is in, so that reordering the list moves no one.
        listed.sort { $0.levels.lexicographicallyPrecedes($1.levels) }
        return listed
    }

    /// Every combination of levels in cell order (the last factor fastest), when there are at
    /// most as many as an experiment may have groups.
    private mutating func allCells(of factors: [FactorDraft], at node: YAMLNode) -> [(levels: [Int], node: YAMLNode)]? {
        let limit = limits.groupsPerExperiment
        var count = 1
        for factor in factors where count <= limit { count *= factor.levels.count }
        guard count <= limit else {
            let sizes = factors.map { String($0.levels.count) }.joined(separator: " × ")
            let total = factors.reduce(1.0) { $0 * Double($1.levels.count) }
            log.error(
                "the factors make \(Self.cellCount(total)) cells (\(sizes)); an experiment may have "
                    + "at most \(Self.cellCount(Double(limit))): list the cells to run in 'cells'", at: node)
            return nil
        }
        var cells: [(levels: [Int], node: YAMLNode)] = []
        cells.reserveCapacity(count)
        var levels = [Int](repeating: 0, count: factors.count)
        for _ in 0..<count {
            cells.append((levels, node))
            var factor = factors.count - 1
            while factor >= 0 {
                levels[factor] += 1
                if levels[factor] < factors[factor].levels.count { break }
                levels[factor] = 0
                factor -= 1
            }
        }
        return cells
    }

    /// `weights: { "urgent+orange": 2 }`: the weight of each listed cell it names; the others
    /// keep 1.
    private mutating func readCellWeights(_ node: YAMLNode, into draft: inout FactorialDraft) -> Bool {
        guard node.kind == .mapping else {
            log.error(
                "'weights' must map cell names to weights, like { \"urgent+orange\": 2 }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return false
        }
        var valid = true
        for entry in namedEntries(of: node, noun: "cell", place: " in 'weights'") {
            let (name, pair) = (entry.name, entry.pair)
            guard let levels = readCellName(name, at: pair.key, factors: draft.factors) else {
                valid = false
                continue
            }
            guard let position = draft.positions[levels] else {
                log.error("cell '\(shownInMessage(name))' is not listed in 'cells'", at: pair.key)
                valid = false
                continue
            }
            guard let weight = document.scalarValue(of: pair.value)?.number, weight.isFinite, weight >= 0 else {
                let problem = document.scalarValue(of: pair.value)?.number.map { $0.isFinite ? "must not be negative" : "must be a finite number" }
                    ?? "must be a number"
                log.error(
                    "the weight of cell '\(shownInMessage(name))' \(problem); found \(document.kindDescription(of: pair.value))",
                    at: pair.value)
                valid = false
                continue
            }
            draft.cells[position].weight = weight
            draft.cells[position].weightNode = pair.value
        }
        return valid
    }

    /// Reports weights that give no cell a unit, or a positive weight too small for a bucket.
    private mutating func checkCellBuckets(_ draft: FactorialDraft, at node: YAMLNode) -> Bool {
        let weights = draft.cells.map(\.weight)
        guard weights.contains(where: { $0 > 0 }) else {
            log.error("at least one cell must have a positive weight", at: node)
            return false
        }
        guard weights.reduce(0, +).isFinite else {
            log.error("the weights add up to more than a number can hold; scale them down", at: node)
            return false
        }
        let counts = BucketTable.bucketCounts(forWeights: weights)
        var valid = true
        for (cell, count) in zip(draft.cells, counts) where count == 0 && cell.weight > 0 {
            log.error(
                "cell '\(cell.name)' has weight \(cell.weightNode.flatMap(document.scalarText) ?? "1"), too small a "
                    + "share of the total for one of the 10,000 buckets; raise it or make it 0",
                at: cell.weightNode ?? cell.nameNode)
            valid = false
        }
        return valid
    }

    /// The name of the cell with these level indices.
    static func cellName(_ levels: [Int], _ factors: [FactorDraft]) -> String {
        SplitTestFactorialDesign.cellName(levels: zip(factors, levels).map { $0.levels[$1].name })
    }

    /// A number of cells as messages write it: `1,200`, or `more than 10^15` past what reads well.
    private static func cellCount(_ count: Double) -> String {
        guard count < 1e15 else { return "more than 10^15" }
        var digits = String(Int(count))
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped
    }
}
