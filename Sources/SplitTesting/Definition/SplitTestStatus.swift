/// Whether an experiment is running, stopped, or decided: as a definition's `status:` writes
/// it, as a control document's entry sends it, and as ``SplitTestDefinition/status`` holds it.
public enum SplitTestStatus: String, Sendable, Hashable, CaseIterable {
    /// Units are bucketed into the groups by weight.
    case running
    /// The experiment is paused: every unit is served the control and nothing is reported.
    /// Stored groups are kept, so units return to them if the experiment runs again.
    case stopped
    /// The experiment is over: every unit is served the winner
    /// (``SplitTestDefinition/winner``), and no exposure is reported.
    case resolved
}
