@_spi(Generated) import SplitTesting
import SplitTestFormats

/// How a multivariate experiment names its cells: `urgent+orange` (one level of each factor,
/// joined by `+` in factor order) wherever a group name goes, and also `{ headline: urgent,
/// button: orange }` in `cells:`.
extension ExperimentParser {
    /// The position among the listed cells of the cell that `node` names as `key`'s value
    /// (`winner`, `force`, `control`); nil when it names none (reported).
    mutating func readCellReference(_ node: YAMLNode, key: String, factorial: FactorialDraft) -> Int? {
        guard let text = readText(node, key: key) else { return nil }
        guard let levels = readCellName(text, at: node, factors: factorial.factors) else { return nil }
        guard let position = factorial.positions[levels] else {
            log.error("cell '\(shownInMessage(text))' is not listed in 'cells'", at: node)
            return nil
        }
        return position
    }

    /// An item of `cells:`: a mapping of every factor to one of its levels, or a cell name.
    mutating func readCell(_ node: YAMLNode, factors: [FactorDraft]) -> [Int]? {
        switch node.kind {
        case .mapping:
            return readCellMapping(node, factors: factors)
        case .plainScalar, .quotedScalar:
            if let text = document.stringValue(of: node) { return readCellName(text, at: node, factors: factors) }
        case .sequence:
            break
        }
        log.error(
            "each item of 'cells' must be a cell, like { headline: classic, button: green } or "
                + "\"classic+green\"; found \(document.kindDescription(of: node))", at: node)
        return nil
    }

    /// `{ headline: classic, button: green }`: the level index of every factor.
    private mutating func readCellMapping(_ node: YAMLNode, factors: [FactorDraft]) -> [Int]? {
        var levels = [Int?](repeating: nil, count: factors.count)
        var valid = true
        for entry in namedEntries(of: node, noun: "factor", place: " in a cell") {
            let (name, pair) = (entry.name, entry.pair)
            guard let factor = factors.firstIndex(where: { $0.name == name }) else {
                log.error(
                    "unknown factor '\(shownInMessage(name))' in a cell" + Suggestions.didYouMean(name, in: factors.map(\.name)),
                    at: pair.key)
                valid = false
                continue
            }
            guard pair.value.isScalar, let level = document.stringValue(of: pair.value) else {
                log.error(
                    "the level of factor '\(name)' in a cell must be a level name; "
                        + "found \(document.kindDescription(of: pair.value))", at: pair.value)
                valid = false
                continue
            }
            guard let index = levelIndex(level, of: factors[factor], at: pair.value) else {
                valid = false
                continue
            }
            levels[factor] = index
        }
        guard valid else { return nil }
        let missing = factors.indices.filter { levels[$0] == nil }.map { "'\(factors[$0].name)'" }
        guard missing.isEmpty else {
            let noun = missing.count == 1 ? "factor" : "factors"
            log.error(
                "this cell misses \(noun) \(missing.joined(separator: ", ")); a cell names one level of every factor",
                at: node)
            return nil
        }
        return levels.map { $0 ?? 0 }
    }

    /// The level indices of the cell named `text` (`urgent+orange`), written at `node`; nil when
    /// it is not one level of each factor in factor order (reported, with what it should be when
    /// that can be told).
    mutating func readCellName(_ text: String, at node: YAMLNode, factors: [FactorDraft]) -> [Int]? {
        let parts = text.split(separator: SplitTestFactorialDesign.levelSeparator, omittingEmptySubsequences: false)
            .map(String.init)
        let order = factors.map(\.name).joined(separator: String(SplitTestFactorialDesign.levelSeparator))
        guard parts.count == factors.count else {
            let shape = "a cell names one level of each factor, joined by '+' in factor order (\(order))"
            if parts.count < factors.count, let missing = Self.missingFactors(parts, factors) {
                let noun = missing.count == 1 ? "factor" : "factors"
                log.error(
                    "cell '\(shownInMessage(text))' misses \(noun) \(missing.map { "'\($0)'" }.joined(separator: ", ")); \(shape)",
                    at: node)
            } else {
                let levels = parts.count == 1 ? "1 level" : "\(parts.count) levels"
                log.error("cell '\(shownInMessage(text))' names \(levels); \(shape)", at: node)
            }
            return nil
        }
        var levels: [Int] = []
        levels.reserveCapacity(parts.count)
        for (part, factor) in zip(parts, factors) {
            guard let index = factor.levels.firstIndex(where: { $0.name == part }) else { break }
            levels.append(index)
        }
        if levels.count == factors.count { return levels }
        if let reordered = Self.inFactorOrder(parts, factors) {
            log.error(
                "cell '\(shownInMessage(text))' names its levels out of order; write '\(reordered)' (factor order: \(order))",
                at: node)
            return nil
        }
        for (part, factor) in zip(parts, factors) where !factor.levels.contains(where: { $0.name == part }) {
            _ = levelIndex(part, of: factor, at: node)
        }
        return nil
    }

    /// The index of `level` in `factor`; reports it when the factor has no such level.
    private mutating func levelIndex(_ level: String, of factor: FactorDraft, at node: YAMLNode) -> Int? {
        if let index = factor.levels.firstIndex(where: { $0.name == level }) { return index }
        log.error(
            "factor '\(factor.name)' has no level '\(shownInMessage(level))'"
                + Suggestions.didYouMean(level, in: factor.levels.map(\.name)), at: node)
        return nil
    }

    /// The factors a cell name with too few levels leaves out, when its levels belong, in order,
    /// to distinct factors; nil when they do not.
    private static func missingFactors(_ parts: [String], _ factors: [FactorDraft]) -> [String]? {
        var next = 0
        var used = Set<Int>()
        for part in parts {
            guard let factor = factors[next...].firstIndex(where: { $0.levels.contains { $0.name == part } }) else {
                return nil
            }
            used.insert(factor)
            next = factor + 1
        }
        return factors.indices.filter { !used.contains($0) }.map { factors[$0].name }
    }

    /// The cell name of `parts` in factor order, when each part is a level of a different factor
    /// (the levels were written in another order); nil otherwise, or when there are too many
    /// factors for the suggestion to be worth its search.
    private static func inFactorOrder(_ parts: [String], _ factors: [FactorDraft]) -> String? {
        guard factors.count <= 16 else { return nil }
        // A bipartite matching of parts to factors (augmenting paths), so that levels shared by
        // several factors cannot make the search exponential.
        var partOfFactor = [Int?](repeating: nil, count: factors.count)
        func match(_ part: Int, _ visited: inout [Bool]) -> Bool {
            for factor in factors.indices where !visited[factor]
                && factors[factor].levels.contains(where: { $0.name == parts[part] })
            {
                visited[factor] = true
                if partOfFactor[factor].map({ match($0, &visited) }) ?? true {
                    partOfFactor[factor] = part
                    return true
                }
            }
            return false
        }
        for part in parts.indices {
            var visited = [Bool](repeating: false, count: factors.count)
            guard match(part, &visited) else { return nil }
        }
        return SplitTestFactorialDesign.cellName(levels: partOfFactor.map { $0.map { parts[$0] } ?? "" })
    }
}
