@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTestServiceBodies
// Tools: resolution; Generated: a multivariate experiment's design, which only generated code
// and tools read.
@_spi(Tools) @_spi(Generated) import SplitTesting

/// Resolves units as the runtime does, with the stored groups of ``DecisionStorage`` as its
/// store, through the package's own resolution steps: force, a stopped or ended and a resolved
/// experiment come before a stored group; then the stored group, if it is still one of the
/// experiment's; and only then no user, a schedule not started, holdout, prerequisites (resolved
/// the same way for the unit of their own type, stored but not answered), targeting, traffic and
/// bucketing. There are no overrides here. A unit's first enrolled answer is stored before it is
/// sent, as the runtime stores a bucketed group.
struct Decider {
    var storage: any DecisionStorage
    /// The experiments in force, for the prerequisites of those asked for.
    var catalog: Catalog

    /// Each experiment's answer to `request`, in the order asked for.
    func decide(_ request: AssignmentRequest) async throws -> [ResponseBodies.PrewrittenAnswer] {
        // One read for the device and the user together.
        let stored = try await storage.assignments(units: Array(Set([request.device, request.user].compactMap { $0 })).sorted())
        let time = SplitTestDefinition.currentTime
        var toStore: [String: [String: String]] = [:]
        func unit(of type: UnitType) -> String? { type == .device ? request.device : request.user }
        /// Steps 2 to 12 for `definition` (one in force), with the stored groups as the store.
        func resolve(_ definition: SplitTestDefinition) -> (groupIndex: Int, reason: AssignmentReason) {
            let unit = unit(of: definition.unitType)
            if let early = definition.resolveBeforeStickiness(unit: unit, time: time) {
                return (early.groupIndex, early.reason)
            }
            if let unit, let group = toStore[unit]?[definition.identifier] ?? stored[unit]?[definition.identifier],
                let index = definition.groups.firstIndex(of: group)
            {
                return (index, .sticky)
            }
            let resolution = definition.resolveUnassigned(
                unit: unit, attributes: request.attributes, time: time,
                requiredGroup: { requirement in
                    let required = catalog.served(requirement.experiment)?.definition ?? requirement.definition
                    return required.groups[resolve(required).groupIndex]
                })
            if resolution.reason.isEnrolled, let unit {
                toStore[unit, default: [:]][definition.identifier] = definition.groups[resolution.groupIndex]
            }
            return (resolution.groupIndex, resolution.reason)
        }
        var answers: [(served: Catalog.Served, groupIndex: Int, reason: AssignmentReason, unit: String?)] = []
        // The request was read against this catalog's identifiers, so each one is served.
        for served in request.experiments.compactMap(catalog.served) {
            let (groupIndex, reason) = resolve(served.definition)
            answers.append((served, groupIndex, reason, unit(of: served.definition.unitType)))
        }
        // One write for every new group of both units.
        var inForce: [String: [String: String]] = [:]
        if !toStore.isEmpty { inForce = try await storage.storeIfAbsent(toStore) }
        return answers.map { answer in
            var (groupIndex, reason) = (answer.groupIndex, answer.reason)
            // Another request stored a different group first (a control document changed in
            // between): that one is the unit's.
            let definition = answer.served.definition
            if reason == .bucketed, let unit = answer.unit, let group = inForce[unit]?[definition.identifier],
                group != definition.groups[groupIndex], let index = definition.groups.firstIndex(of: group)
            {
                (groupIndex, reason) = (index, .sticky)
            }
            return ResponseBodies.PrewrittenAnswer(
                experiment: answer.served.answers, groupIndex: groupIndex, reason: reason.rawValue,
                enrolled: reason.isEnrolled)
        }
    }

    /// Each factor's level in a multivariate experiment's cell; `nil` for other experiments.
    static func levels(of definition: SplitTestDefinition, groupIndex: Int) -> [String: String]? {
        guard let design = definition.factorial else { return nil }
        return Dictionary(
            zip(design.factors.map(\.name), design.levels(ofCell: groupIndex)).map { ($0, $1) },
            uniquingKeysWith: { first, _ in first })
    }
}
