/// Whether an experiment is running, stopped, or decided.
public enum SplitTestStatus<Group: SplitTestGroup>: Sendable, Hashable {
    /// Units are bucketed into the groups by weight.
    case running
    /// The experiment is paused: every unit is served the control and nothing is reported.
    /// Stored groups are kept, so units return to them if the experiment runs again.
    case stopped
    /// The experiment is over: every unit is served `winner`, and no exposure is reported.
    case resolved(winner: Group)
}
