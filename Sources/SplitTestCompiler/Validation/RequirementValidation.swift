@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// Checks every experiment's `requires:` against the others and links them: each experiment and
/// group required exists, no experiment requires itself, no chain of requirements comes back to
/// where it started, and none is more than ``maximumDepth`` levels deep. A requirement carries the
/// required experiment's whole definition, so that resolving it needs nothing else.
enum RequirementValidation {
    /// The most levels of requirement: an experiment that requires one that requires another, and
    /// so on.
    static let maximumDepth = 8

    /// The experiments each experiment requires, by identifier, with the groups that meet each.
    typealias Edges = [String: [(experiment: String, groups: Set<String>)]]

    /// Checks every `requires:` by name (each experiment and group exists, none requires itself,
    /// no cycle); returns what each requires and the positions of experiments with errors.
    static func checkNames(
        _ links: [Int: ExperimentLinks], experiments: [Experiment], places: [ExperimentPlaces],
        identifiersWritten: Set<String>, log: inout DiagnosticLog
    ) -> (edges: Edges, rejected: Set<Int>) {
        // Most experiments require none: those that do are picked out before anything is indexed.
        let requiring = links.filter { !$0.value.requirements.isEmpty }.sorted { $0.key < $1.key }
        guard !requiring.isEmpty else { return ([:], []) }
        var positions: [String: Int] = [:]
        for index in experiments.indices where positions[experiments[index].identifier] == nil {
            positions[experiments[index].identifier] = index
        }
        let identifiers = positions.keys.sorted()
        var rejected = Set<Int>()
        var edges: [Int: [(position: Int, groups: Set<String>)]] = [:]
        for (position, link) in requiring {
            let fileIndex = places[position].fileIndex
            for requirement in link.requirements {
                let name = requirement.experiment.name
                if name == experiments[position].identifier {
                    log.error(
                        "experiment '\(name)' requires itself: a unit could never meet it",
                        at: requirement.experiment.location, fileIndex: fileIndex)
                    rejected.insert(position)
                    continue
                }
                guard let required = positions[name] else {
                    rejected.insert(position)
                    if !identifiersWritten.contains(name) {
                        log.error(
                            "experiment '\(shownInMessage(name))' is not defined"
                                + Suggestions.didYouMean(name, in: identifiers),
                            at: requirement.experiment.location, fileIndex: fileIndex)
                    }
                    continue
                }
                let groups = experiments[required].groupNames
                var valid = true
                for group in requirement.groups where !groups.contains(group.name) {
                    log.error(
                        "group '\(shownInMessage(group.name))' is not a group of experiment '\(name)'"
                            + Suggestions.didYouMean(group.name, in: groups),
                        at: group.location, fileIndex: fileIndex)
                    valid = false
                }
                guard valid else {
                    rejected.insert(position)
                    continue
                }
                edges[position, default: []].append((required, Set(requirement.groups.map(\.name))))
            }
        }
        rejected.formUnion(checkCycles(edges, experiments: experiments, links: links, places: places, log: &log))
        var byIdentifier: Edges = [:]
        for (position, list) in edges where !rejected.contains(position) {
            byIdentifier[experiments[position].identifier] = list.map { (experiments[$0.position].identifier, $0.groups) }
        }
        return (byIdentifier, rejected)
    }

    /// Sets the requirements on the definitions of `experiments` (complete now: targeting and
    /// holdouts set), deepest first, since a requirement carries its experiment's linked
    /// definition; returns the positions of those more than ``maximumDepth`` levels deep
    /// (reported) or requiring an experiment rejected for other reasons.
    static func link(
        _ edges: Edges, experiments: inout [Experiment], places: [ExperimentPlaces],
        requiresLocations: [String: SourceLocation], log: inout DiagnosticLog
    ) -> Set<Int> {
        guard !edges.isEmpty else { return [] }
        var positions: [String: Int] = [:]
        for index in experiments.indices { positions[experiments[index].identifier] = index }
        var rejected = Set<Int>()
        var linked: [String: (definition: SplitTestDefinition, levels: Int)] = [:]
        let original = experiments
        func link(_ identifier: String) -> (definition: SplitTestDefinition, levels: Int)? {
            if let done = linked[identifier] { return done }
            guard let position = positions[identifier], !rejected.contains(position) else { return nil }
            var definition = original[position].definition
            var levels = 0
            for edge in edges[identifier] ?? [] {
                guard let required = link(edge.experiment) else {
                    rejected.insert(position)
                    return nil
                }
                definition.requirements.append(SplitTestRequirement(definition: required.definition, groups: edge.groups))
                levels = max(levels, required.levels + 1)
            }
            linked[identifier] = (definition, levels)
            return (definition, levels)
        }
        for identifier in edges.keys.sorted() {
            guard let position = positions[identifier], let (definition, levels) = link(identifier) else { continue }
            if levels > maximumDepth {
                if let location = requiresLocations[identifier] {
                    log.error(
                        "experiment '\(identifier)' has \(levels) levels of requirement; the most allowed is \(maximumDepth)",
                        at: location, fileIndex: places[position].fileIndex)
                }
                rejected.insert(position)
                continue
            }
            experiments[position].definition = definition
        }
        return rejected
    }

    /// Reports every cycle of requirements, at the `requires:` entry of each of its experiments;
    /// returns their positions.
    private static func checkCycles(
        _ edges: [Int: [(position: Int, groups: Set<String>)]], experiments: [Experiment], links: [Int: ExperimentLinks],
        places: [ExperimentPlaces], log: inout DiagnosticLog
    ) -> Set<Int> {
        enum Mark { case visiting, done }
        var marks: [Int: Mark] = [:]
        var stack: [Int] = []
        var inCycles = Set<Int>()
        func visit(_ position: Int) {
            marks[position] = .visiting
            stack.append(position)
            for edge in edges[position] ?? [] {
                switch marks[edge.position] {
                case .visiting:
                    let start = stack.lastIndex(of: edge.position)!
                    let cycle = Array(stack[start...])
                    let names = (cycle + [edge.position]).map { experiments[$0].identifier }.joined(separator: " → ")
                    for (index, member) in cycle.enumerated() where !inCycles.contains(member) {
                        let next = cycle[(index + 1) % cycle.count]
                        let location = links[member]?.requirements
                            .first { $0.experiment.name == experiments[next].identifier }?.experiment.location
                        if let location {
                            log.error(
                                "experiment '\(experiments[member].identifier)' is part of a cycle of requirements "
                                    + "(\(names)): none of them could ever enrol a unit",
                                at: location, fileIndex: places[member].fileIndex)
                        }
                    }
                    inCycles.formUnion(cycle)
                case .done:
                    continue
                case nil:
                    visit(edge.position)
                }
            }
            stack.removeLast()
            marks[position] = .done
        }
        for position in edges.keys.sorted() where marks[position] == nil { visit(position) }
        return inCycles
    }
}
