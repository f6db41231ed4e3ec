import SplitTestFormats
@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting

/// Answers a request as the runtime would: each experiment resolved by the runtime's one
/// ``Resolver``, with the units' stored groups as the store and no overrides, and the changes the
/// resolutions ask for made in one write before the answers are sent (a group bucketed is stored,
/// a stored group the definitions no longer have is replaced).
struct Decider {
    var storage: any DecisionStorage
    /// The definitions in force, for the prerequisites of those asked for.
    var definitions: ServedDefinitions

    /// Each experiment's answer to `request`, in the order asked for.
    func decide(_ request: AssignmentRequest) async throws -> [ResponseBodies.PrewrittenAnswer] {
        let units = ResolutionUnits(device: request.device, user: request.user)
        // One read for the device and the user together (both, when they differ only in their
        // Unicode normalization: they are two units).
        var readUnits: [String] = []
        for unit in [request.device, request.user].compactMap({ $0 }) where !readUnits.contains(where: { UTF8Key($0) == UTF8Key(unit) }) {
            readUnits.append(unit)
        }
        let stored = try await storage.storedGroups(of: readUnits)
        let time = SplitTestDefinition.currentTime
        var resolutions: [(experiment: ServedDefinitions.Experiment, resolution: Resolution)] = []
        var changes: [StoredAssignmentChange] = []
        var asked: Set<StoredAssignmentChange> = []
        // The request was read against these definitions' identifiers, so each one is served.
        for experiment in request.experiments.compactMap(definitions.experiment) {
            let resolution = Resolver.resolve(
                experiment.definition, units: units, attributes: request.attributes, time: time,
                storedAssignment: { definition, unit in stored[unit: unit, experiment: definition.identifier] },
                override: { _ in nil },
                definitionInForce: { definitions.experiment($0.experiment)?.definition ?? $0.definition })
            // An experiment required by several, or asked for beside one that requires it, asks
            // for the same change each time: it is made once.
            for change in resolution.changes(experiment: experiment.definition.identifier) where asked.insert(change).inserted {
                changes.append(change)
            }
            resolutions.append((experiment, resolution))
        }
        // One write for every change of both units.
        let inForce = changes.isEmpty ? StoredGroups() : try await storage.apply(changes)
        return resolutions.map { experiment, resolution in
            let definition = experiment.definition
            var resolution = resolution
            // Another request stored a different group first (a control document changed in
            // between): that one is the unit's.
            if let unit = resolution.unit, let kept = inForce[unit: unit, experiment: definition.identifier] {
                resolution = resolution.adopting(kept, in: definition)
            }
            return ResponseBodies.PrewrittenAnswer(
                experiment: experiment.answers, groupIndex: resolution.groupIndex, reason: resolution.reason.rawValue,
                enrolled: resolution.reason.isEnrolled, period: resolution.reason.isEnrolled ? resolution.period : nil)
        }
    }
}
