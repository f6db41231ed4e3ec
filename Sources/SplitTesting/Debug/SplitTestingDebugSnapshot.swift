/// Every experiment of a service's catalog as the current units get it now: what a debug menu
/// lists. Made by ``SplitTestingService/debugSnapshot()``.
///
/// ```swift
/// let snapshot = service.debugSnapshot()
/// for experiment in snapshot.experiments {
///     print(experiment.identifier, experiment.group, experiment.reason, experiment.isExposed)
/// }
/// ```
public struct SplitTestingDebugSnapshot: Sendable, Hashable {
    /// One experiment of the catalog, for the current unit of its type.
    public struct Experiment: Sendable, Hashable, Identifiable {
        /// The experiment's identifier, which identifies the row in a list.
        public var id: String { identifier }
        /// The experiment's identifier, as written in its definition.
        public let identifier: String
        /// Whether the experiment assigns devices or signed-in users.
        package var unitType: UnitType { definition.unitType }
        /// The unit the experiment is resolved for: the device id, or the signed-in user (`nil`
        /// when nobody is signed in).
        public let unit: String?
        /// The raw name of the group ``SplitTestingService/fetchSplitTest(_:)`` serves now.
        public let group: String
        /// Why the unit gets ``group``. `bucketed` means the app has not fetched the experiment
        /// for this unit yet: its next fetch buckets the unit into ``group`` and stores it (a
        /// snapshot stores nothing), after which the reason is `sticky`.
        public let reason: AssignmentReason
        /// The holdout that keeps the unit out, when ``reason`` is `holdout`.
        public let holdout: String?
        /// Whether an exposure of this unit to ``group`` was sent in the service's lifetime
        /// (since the last ``SplitTestingService/eraseAssignments()``).
        public let isExposed: Bool
        /// The raw name of the group an override serves, if one is in force.
        public let override: String?
        /// The definition in force, with any control document's entry applied: its groups,
        /// control, status, winner and traffic.
        public let definition: SplitTestDefinition

        package init(
            identifier: String, unit: String?, group: String, reason: AssignmentReason, holdout: String?,
            isExposed: Bool, override: String?, definition: SplitTestDefinition
        ) {
            self.identifier = identifier
            self.unit = unit
            self.group = group
            self.reason = reason
            self.holdout = holdout
            self.isExposed = isExposed
            self.override = override
            self.definition = definition
        }
    }

    /// The device id device-level experiments are resolved for.
    public let deviceID: String
    /// The signed-in user, if any.
    public let userID: String?
    /// The sequence of the control document in force, if any.
    public let controlSequence: Int?
    /// One entry per experiment of the catalog, in catalog order.
    public let experiments: [Experiment]

    package init(deviceID: String, userID: String?, controlSequence: Int?, experiments: [Experiment]) {
        self.deviceID = deviceID
        self.userID = userID
        self.controlSequence = controlSequence
        self.experiments = experiments
    }
}

extension SplitTestingDebugSnapshot: CustomStringConvertible {
    /// The snapshot as lines for a log: the units, then one line per experiment; an empty catalog
    /// says so, since a debug menu with nothing in it otherwise looks like a bug of the menu.
    public var description: String {
        var lines = ["device \(deviceID)" + (userID.map { ", user \($0)" } ?? ", no user signed in")
            + (controlSequence.map { ", control document \($0)" } ?? "")]
        if experiments.isEmpty {
            lines.append(
                "the catalog is empty: no experiment to show; pass the generated SplitTestCatalog.all "
                    + "as the configuration's catalog")
        }
        for experiment in experiments {
            var line = "\(experiment.identifier): \(experiment.group) (\(experiment.reason))"
            if let override = experiment.override { line += ", override \(override)" }
            if experiment.isExposed { line += ", exposed" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
