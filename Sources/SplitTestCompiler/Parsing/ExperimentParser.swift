@_spi(Generated) @_spi(Tools) import SplitTesting

/// Where the parts of an experiment that the cross-file rules point to are written.
struct ExperimentPlaces: Sendable {
    /// The input file the experiment comes from.
    var fileIndex: Int
    /// Where its identifier is written.
    var identifierLocation: SourceLocation
    /// Where its Swift type name comes from: `swift_name:`, or else the identifier.
    var swiftNameLocation: SourceLocation
    /// Where its layer range is written, when it has a layer.
    var layerRangeLocation: SourceLocation?
}

/// An experiment that parsed without errors, with the places the cross-file rules point to.
struct ParsedExperiment: Sendable {
    /// The experiment.
    var experiment: Experiment
    /// Where its parts are written.
    var places: ExperimentPlaces
    /// What it names in other documents: experiments it requires, environments.
    var links: ExperimentLinks
}

/// The keys an experiment may have, in the order the documentation lists them.
enum ExperimentKey: Int, FixedKey {
    case identifier, type, description, owner, groups, factors, cells, weights, defaults, control, salt, traffic,
        layer, status, winner, force, expires, swiftName, targeting
    case allocation, requires, schedule, environments, metrics

    static let names = [
        "identifier", "type", "description", "owner", "groups", "factors", "cells", "weights", "defaults",
        "control", "salt", "traffic", "layer", "status", "winner", "force", "expires", "swift_name", "targeting",
        "allocation", "requires", "schedule", "environments", "metrics",
    ]
}

/// Turns one document into an `Experiment`, reporting every problem it finds rather than
/// stopping at the first.
struct ExperimentParser {
    /// The values of `type`.
    static let unitTypes = UnitType.allCases.map(\.rawValue)

    /// The document being parsed.
    let document: YAMLDocument
    let file: DefinitionFileContext
    let displayPath: String
    let limits: CompilerLimits
    let today: CalendarDate
    /// What is wrong with the document, and its warnings.
    var log: FileLog
    /// The experiment's `targeting:` when its shape is right, read even when the rest has errors.
    var targeting: TargetingDraft?
    /// The factors and cells of a multivariate experiment, whose groups are its cells; references
    /// to groups (`control`, `winner`, `force`) then name cells.
    var factorial: FactorialDraft?

    /// A parser of `document`, whose diagnostics continue `log`: once the file has shown all it
    /// may, the rest of the document costs no message.
    init(
        document: YAMLDocument, file: DefinitionFileContext, displayPath: String, limits: CompilerLimits,
        today: CalendarDate, log: DiagnosticLog
    ) {
        self.document = document
        self.file = file
        self.log = FileLog(file: file, diagnostics: log)
        self.displayPath = displayPath
        self.limits = limits
        self.today = today
    }

    /// The experiment the document defines, or nil when it has errors (all of them in `log`).
    mutating func parse() -> ParsedExperiment? {
        let root = document.root
        guard root.kind == .mapping else {
            if document.isNull(root) {
                log.error("this document is empty; an experiment needs at least 'identifier', 'type' and 'groups'", at: root)
            } else {
                log.error(
                    "an experiment must be a mapping of keys such as 'identifier', 'type' and 'groups'; "
                        + "found \(document.kindDescription(of: root))", at: root)
            }
            return nil
        }
        let document = self.document
        let keys = entries(of: root, keys: ExperimentKey.self) { position, name in
            Self.misplacedTargetingMessage(name, at: position, root: root, in: document)
        }
        let identifierNode = required(.identifier, in: keys, at: root)
        let identifier = identifierNode.flatMap { readIdentifier($0) }
        let unitType = required(.type, in: keys, at: root).flatMap { node in
            readChoice(node, key: "type", choices: Self.unitTypes).flatMap(UnitType.init)
        }
        let description = keys[.description].flatMap { readText($0.value, key: "description") }
        let owner = keys[.owner].flatMap { readText($0.value, key: "owner") }
        let groups = keys[.factors] == nil ? readPlainGroups(keys, at: root) : readMultivariate(keys)
        let defaults = factorial != nil ? nil : keys[.defaults].flatMap { readParameters($0.value, place: "in 'defaults'") }
        let parameters = groups.flatMap { resolveParameters(groups: $0, defaults: defaults) }
        let controlIndex = readControl(keys, groups: groups)
        let salt = keys[.salt].flatMap { readSalt($0.value) } ?? identifier
        let trafficBuckets = keys[.traffic].flatMap { readTraffic($0.value) } ?? Bucketing.bucketCount
        let layer = keys[.layer].flatMap { readLayer($0.value) }
        let status = readStatusAndWinner(keys, groups: groups)
        let force = keys[.force].flatMap { readForce($0.value, groups: groups) } ?? [:]
        let expires = keys[.expires].flatMap { readDate($0.value) }
        let swiftName = keys[.swiftName].flatMap { readSwiftName($0.value) }
            ?? identifier.map(SwiftNaming.typeName(forIdentifier:))
        targeting = keys[.targeting].flatMap { pair in
            targetingLostItsConditions(pair, root: root) ? nil : readTargeting(pair.value)
        }
        let schedule = keys[.schedule].flatMap { readSchedule($0.value) }
        var links = ExperimentLinks()
        if let pair = keys[.requires] {
            links.requirements = readRequires(pair.value) ?? []
            links.requiresLocation = file.location(of: pair.key)
        }
        if let pair = keys[.environments] {
            links.environments = readEnvironments(
                pair.value, groups: groups, experimentKeys: ExperimentKey.names, bandit: keys[.allocation]?.key)
        }
        if let pair = keys[.metrics] { links.metrics = readMetricRoles(pair.value) }
        let allocation = keys[.allocation].map { pair in
            readAllocation(pair, groups: groups, statusNode: keys[.status]?.value, status: status)
        }
        if let allocationPair = keys[.allocation], let factorsPair = keys[.factors] {
            // A bandit starves the cells it does not favour, while a factorial's main effects and
            // interaction tests weigh every cell alike: the design would lose its power where it needs it.
            log.error(
                "a multivariate experiment cannot be a bandit: the bandit would starve the cells its "
                    + "factors' effects are measured on; run the bandit over the combinations as plain groups, "
                    + "or the factorial with fixed weights", at: allocationPair.key,
                note: ("the factors are declared here", factorsPair.key))
        }

        guard !log.hasErrors, let identifier, let identifierNode, let unitType, let groups,
            let parameters, let salt, let swiftName, allocation != .some(nil)
        else { return nil }
        var definition = SplitTestDefinition(
            identifier: identifier, unitType: unitType, salt: salt, groups: groups.map(\.name),
            bucketTable: BucketTable(weights: groups.map(\.weight)), controlIndex: controlIndex,
            trafficBuckets: trafficBuckets, layer: layer?.layer, status: status, force: force, allocation: (allocation ?? nil) ?? .fixed,
            schedule: schedule)
        if let factorial { definition = definition.withFactorial(factorial.design) }
        var experiment = Experiment(
            definition: definition, description: description, owner: owner,
            groups: zip(groups, parameters.values).map { group, values in
                ExperimentGroup(
                    weight: group.weight, description: group.description, parameterValues: values,
                    location: file.location(of: group.nameNode))
            },
            parameters: parameters.declarations, expires: expires, swiftName: swiftName, displayPath: displayPath,
            location: file.location(of: root))
        if let factorial { experiment.factors = factorial.experimentFactors(in: file) }
        warn(about: experiment, keys: keys, groups: groups)
        let places = ExperimentPlaces(
            fileIndex: file.index, identifierLocation: file.location(of: identifierNode),
            swiftNameLocation: file.location(of: keys[.swiftName]?.value ?? identifierNode),
            layerRangeLocation: layer.map { file.location(of: $0.rangeNode) })
        return ParsedExperiment(experiment: experiment, places: places, links: links)
    }

    /// The value of a key the experiment must have; reports it missing.
    mutating func required(
        _ key: ExperimentKey, in keys: FixedKeyEntries<ExperimentKey>, at root: YAMLNode
    ) -> YAMLNode? {
        guard let pair = keys[key] else {
            log.error("missing required key '\(key.name)'", at: root)
            return nil
        }
        return pair.value
    }
}
