/// Whether an experiment is still running or has been decided.
public enum SplitTestStatus<Group: SplitTestGroup>: Sendable, Hashable {
    /// Units are bucketed into the groups by weight.
    case running
    /// The experiment is over: every unit is served `winner`, and no exposure is reported.
    case resolved(winner: Group)
}
