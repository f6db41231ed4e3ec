@_spi(Tools) import SplitTesting
import SplitTestFormats

/// The one key of a holdout document.
enum HoldoutDocumentKey: Int, FixedKey {
    case holdout

    static let names = ["holdout"]
}

/// The keys of a holdout.
enum HoldoutKey: Int, FixedKey {
    case name, type, percent, experiments, description

    static let names = ["name", "type", "percent", "experiments", "description"]
}

/// A holdout as read from its document, before the experiments it names are known.
struct HoldoutDraft: Sendable {
    /// Which experiments it covers, as written.
    enum Coverage: Sendable {
        /// `experiments: all`: every experiment of the holdout's unit type.
        case all(SourceLocation)
        /// A list of identifiers, each with where it is written.
        case listed([(identifier: String, location: SourceLocation)])
    }

    var name: String
    var nameLocation: SourceLocation
    var unitType: UnitType
    var buckets: Int
    var coverage: Coverage
    var description: String?
    var fileIndex: Int
}

/// Reads a `holdout:` document: a share of units kept out of a set of experiments.
extension ExperimentParser {
    /// The holdout the document defines, or nil when it has errors (all of them in `log`).
    mutating func parseHoldout() -> HoldoutDraft? {
        let errorsBefore = log.errorCount
        let keys = entries(of: document.root, keys: HoldoutDocumentKey.self, place: " of a holdout document")
        guard let node = keys[.holdout]?.value else {
            preconditionFailure("a document is read as a holdout only when it has the key 'holdout'")
        }
        guard node.kind == .mapping else {
            log.error(
                "'holdout' must be a mapping like { name: q1_holdout, type: device, percent: 5, experiments: all }; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let fields = entries(of: node, keys: HoldoutKey.self, place: " in 'holdout'")
        for key in [HoldoutKey.name, .type, .percent, .experiments] where fields[key] == nil {
            log.error("missing required key '\(key.name)' in 'holdout'", at: node)
        }
        let nameNode = fields[.name]?.value
        let name = nameNode.flatMap { readIdentifier($0, key: "name", what: "holdout name") }
        let unitType = fields[.type].flatMap { readChoice($0.value, key: "type", choices: Self.unitTypes) }
            .flatMap(UnitType.init)
        let buckets = fields[.percent].flatMap { readHoldoutPercent($0.value) }
        let coverage = fields[.experiments].flatMap { readCoverage($0.value) }
        let description = fields[.description].flatMap { readText($0.value, key: "description") }
        guard log.errorCount == errorsBefore, let name, let nameNode, let unitType, let buckets, let coverage else {
            return nil
        }
        return HoldoutDraft(
            name: name, nameLocation: file.location(of: nameNode), unitType: unitType, buckets: buckets,
            coverage: coverage, description: description, fileIndex: file.index)
    }

    /// `percent`: more than 0 and at most 50, in steps of 0.01, as a number of the 10,000 buckets.
    private mutating func readHoldoutPercent(_ node: YAMLNode) -> Int? {
        let bounds = "more than 0 and at most 50"
        guard let buckets = readPercent(node, what: "'percent'", bounds: bounds) else { return nil }
        guard buckets > 0 && buckets <= Bucketing.bucketCount / 2 else {
            log.error("'percent' must be \(bounds); found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        return buckets
    }

    /// `experiments: all`, or a list of identifiers, each once.
    private mutating func readCoverage(_ node: YAMLNode) -> HoldoutDraft.Coverage? {
        if document.scalar(node, is: "all") { return .all(file.location(of: node)) }
        guard node.kind == .sequence, node.entryCount > 0 else {
            log.error(
                "'experiments' must be 'all' or a list of experiment identifiers; "
                    + "found \(document.kindDescription(of: node))", at: node)
            return nil
        }
        let listed = readUniqueNames(
            node,
            notAName: { "\($0) is not an experiment identifier; an identifier " + NameRules.nameRequirement },
            listedAgain: { "experiment '\(shownInMessage($0))' is listed twice in 'holdout'" })
        return .listed(listed.map { ($0.name, file.location(of: $0.node)) })
    }
}
