@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestFormats

/// The one key of an environments declaration.
enum EnvironmentsDocumentKey: Int, FixedKey {
    case environments

    static let names = ["environments"]
}

/// The keys an experiment may give another value per environment; every other key is the same
/// in every environment, so that a unit's bucket is.
enum EnvironmentValueKey: Int, FixedKey {
    case traffic, status, winner, force, schedule, weights

    static let names = ["traffic", "status", "winner", "force", "schedule", "weights"]
}

/// Reads the environments declaration and an experiment's values per environment.
extension ExperimentParser {
    /// `environments: [development, staging, production]`: the names, at least one, each once.
    mutating func parseEnvironmentDeclaration() -> EnvironmentDeclaration? {
        let keys = entries(of: document.root, keys: EnvironmentsDocumentKey.self)
        guard let list = keys[.environments]?.value else { return nil }
        guard list.kind == .sequence, list.entryCount > 0 else {
            log.error(
                "'environments' must be a list of at least one environment name, like [development, staging, production]; "
                    + "found \(document.kindDescription(of: list))", at: list)
            return nil
        }
        let names = readUniqueNames(
            list, notAName: { "an environment \(NameRules.nameRequirement); found \($0)" },
            listedAgain: { "environment '\(shownInMessage($0))' is listed twice" })
        guard !log.hasErrors else { return nil }
        return EnvironmentDeclaration(
            names: names.map { NameReference(name: $0.name, location: file.location(of: $0.node)) },
            location: file.location(of: list), fileIndex: file.index)
    }

    /// An experiment's `environments:`: a mapping of environment name to the values that differ
    /// there. Whether each name is declared is checked once every file is read.
    ///
    /// `bandit` is the experiment's `allocation` key when it is a bandit, whose weights its
    /// control documents set: then no environment may give weights.
    mutating func readEnvironments(
        _ node: YAMLNode, groups: [GroupDraft]?, experimentKeys: [String], bandit: YAMLNode? = nil
    ) -> [(name: NameReference, values: SplitTestEnvironmentValues)] {
        guard node.kind == .mapping else {
            log.error(
                "'environments' must be a mapping of environment name to values, like "
                    + "{ development: { traffic: 100 } }; found \(document.kindDescription(of: node))", at: node)
            return []
        }
        var result: [(name: NameReference, values: SplitTestEnvironmentValues)] = []
        for entry in namedEntries(of: node, noun: "environment", place: " in 'environments'") {
            let body = entry.pair.value
            guard body.kind == .mapping else {
                log.error(
                    "the values of environment '\(entry.name)' must be a mapping of the keys that differ there "
                        + "(\(EnvironmentValueKey.names.joined(separator: ", "))); found \(document.kindDescription(of: body))",
                    at: body)
                continue
            }
            // A key of the experiment that may not vary gets its own message before the generic one.
            for position in 0..<body.entryCount {
                let key = document.pair(position, of: body).key
                if let name = document.stringValue(of: key), experimentKeys.contains(name),
                    !EnvironmentValueKey.names.contains(name)
                {
                    log.error(
                        "'\(name)' cannot vary by environment: groups, params, salt, type, layer and targeting are "
                            + "the same everywhere, so that a unit's bucket is; only "
                            + EnvironmentValueKey.names.joined(separator: ", ") + " may", at: key)
                }
            }
            let errorsBefore = log.errorCount
            let keys = entries(
                of: body, keys: EnvironmentValueKey.self, place: " in environment '\(entry.name)'",
                ignoring: experimentKeys)
            let traffic = keys[.traffic].flatMap { readTraffic($0.value) }
            let status: SplitTestStatus? =
                keys[.status] == nil && keys[.winner] == nil
                ? nil : readStatusAndWinner(status: keys[.status], winner: keys[.winner], groups: groups)
            let force = keys[.force].flatMap { readForce($0.value, groups: groups) }
            let schedule = keys[.schedule].flatMap { readSchedule($0.value) }
            if let weightsPair = keys[.weights], let bandit {
                log.error(
                    "environment '\(entry.name)' cannot give weights: the experiment is a bandit, whose weights "
                        + "follow the rewards in every environment (splitc bandit writes them); remove 'weights' "
                        + "here, or give the environment its own traffic", at: weightsPair.key,
                    note: ("the bandit is defined here", bandit))
            }
            let weights = keys[.weights].flatMap { readEnvironmentWeights($0.value, groups: groups, environment: entry.name) }
            guard log.errorCount == errorsBefore else { continue }
            result.append((
                NameReference(name: entry.name, location: file.location(of: entry.pair.key)),
                SplitTestEnvironmentValues(
                    trafficBuckets: traffic, status: status, force: force, bucketTable: weights, schedule: schedule)
            ))
        }
        return result
    }

    /// `weights: { red: 1, blue: 3 }` of an environment: every group (or cell) listed, with a
    /// non-negative weight, not all zero; the bucket table they make.
    private mutating func readEnvironmentWeights(_ node: YAMLNode, groups: [GroupDraft]?, environment: String) -> BucketTable? {
        guard node.kind == .mapping else {
            log.error(
                "'weights' must be a mapping of every group to its weight, like { red: 1, blue: 3 }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        guard let groups else { return nil }
        let names = groups.map(\.name)
        var weights = [Double?](repeating: nil, count: names.count)
        var valid = true
        for entry in namedEntries(of: node, noun: "group", place: " in the weights of environment '\(environment)'") {
            guard let index = names.firstIndex(of: entry.name) else {
                log.error(
                    "group '\(shownInMessage(entry.name))' is not defined" + Suggestions.didYouMean(entry.name, in: names),
                    at: entry.pair.key)
                valid = false
                continue
            }
            guard let text = document.scalarText(of: entry.pair.value), let weight = Double(text), weight.isFinite,
                weight >= 0
            else {
                log.error("the weight of '\(entry.name)' must be a number of at least 0", at: entry.pair.value)
                valid = false
                continue
            }
            weights[index] = weight
        }
        let missing = names.indices.filter { weights[$0] == nil }.map { names[$0] }
        if valid, !missing.isEmpty {
            log.error(
                "the weights of environment '\(environment)' must list every group; missing "
                    + missing.map { "'\($0)'" }.joined(separator: ", "), at: node)
            return nil
        }
        guard valid else { return nil }
        let values = weights.map { $0 ?? 0 }
        guard values.contains(where: { $0 > 0 }) else {
            log.error("the weights of environment '\(environment)' are all 0: at least one group needs a weight", at: node)
            return nil
        }
        return BucketTable(weights: values)
    }
}
