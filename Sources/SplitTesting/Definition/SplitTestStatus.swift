/// Whether an experiment is running, stopped, or decided: as a definition's `status:` and
/// `winner:` write it, as a control document's entry sends it, and as
/// ``SplitTestDefinition/status`` holds it. A resolved status carries its winner, so that no
/// experiment can be resolved without one.
///
/// ```swift
/// if case .resolved(let winner) = ButtonColorSplitTest.definition.status {
///     print("button_color ships \(winner) to everyone")
/// }
/// ```
public enum SplitTestStatus: Sendable, Hashable {
    /// Units are bucketed into the groups by weight.
    case running
    /// The experiment is paused: every unit is served the control and nothing is reported.
    /// Stored groups are kept, so units return to them if the experiment runs again.
    case stopped
    /// The experiment is over: every unit is served `winner` (a group's name, or a cell's for a
    /// multivariate experiment), and no exposure is reported.
    case resolved(winner: String)
}

extension SplitTestStatus {
    /// The status's name as YAML and control documents write it: `running`, `stopped` or `resolved`.
    package var name: String {
        switch self {
        case .running: Name.running
        case .stopped: Name.stopped
        case .resolved: Name.resolved
        }
    }

    /// The winner of a resolved status.
    package var winner: String? {
        if case .resolved(let winner) = self { return winner }
        return nil
    }

    /// The status names, as written.
    private enum Name {
        static let running = "running"
        static let stopped = "stopped"
        static let resolved = "resolved"
    }

    /// Every status name, in the order messages list them.
    package static let names = [Name.running, Name.stopped, Name.resolved]

    /// Why a status name and a winner do not make a status.
    package enum PairingProblem: Error, Sendable, Hashable {
        /// The name is not one of ``names``.
        case unknownName(String)
        /// `resolved` without a winner.
        case resolvedWithoutWinner
        /// A winner beside `stopped`, which serves the control to everyone.
        case winnerOfStopped
        /// A winner beside `running`, or beside no status at all.
        case winnerWithoutResolved
    }

    /// The status that a `status` name and a `winner` written beside it make: the one rule that
    /// ties the two, read alike from a definition and from a control document's entry. `nil`
    /// when neither is written (the caller keeps what it had).
    package static func pairing(name: String?, winner: String?) -> Result<SplitTestStatus?, PairingProblem> {
        switch (name, winner) {
        case (nil, nil):
            return .success(nil)
        case (Name.resolved?, let winner?):
            return .success(.resolved(winner: winner))
        case (Name.resolved?, nil):
            return .failure(.resolvedWithoutWinner)
        case (Name.stopped?, nil):
            return .success(.stopped)
        case (Name.stopped?, _?):
            return .failure(.winnerOfStopped)
        case (Name.running?, nil):
            return .success(.running)
        case (let name?, _) where !names.contains(name):
            return .failure(.unknownName(name))
        default:
            return .failure(.winnerWithoutResolved)
        }
    }
}
