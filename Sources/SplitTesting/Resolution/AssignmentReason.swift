/// Why a unit got the group it got; it decides whether an exposure may be reported.
public enum AssignmentReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// A runtime override (debug menu, QA, UI tests, a whitelist): never reported.
    case override
    /// The unit is listed in the experiment's `force:` map (QA accounts, employees), compiled or
    /// from a control document: never reported.
    case forced
    /// The experiment is stopped: every unit is served the control, nothing is reported, and
    /// stored groups are kept for when it runs again.
    case stopped
    /// The experiment's schedule has ended: every unit is served the control, nothing is
    /// reported, and stored groups are kept, as for a stopped experiment.
    case ended
    /// The experiment is resolved and serves its winner: never reported.
    case resolved
    /// A group stored for this unit by an earlier resolution: enrolled.
    case sticky
    /// Freshly bucketed by hash and stored: enrolled.
    case bucketed
    /// Outside the experiment's traffic or layer slice: served the control, not enrolled.
    case notEnrolled
    /// A user-level experiment with no signed-in user: served the control, not enrolled.
    case noUser
    /// The experiment's schedule has not started and the unit has no stored group: served the
    /// control, nothing stored, not enrolled.
    case notStarted
    /// The unit is in a holdout that covers the experiment: served the control, not enrolled;
    /// the holdout itself is reported once (``TrackingEvent/holdoutIdentifier``).
    case holdout
    /// The unit does not meet the experiment's targeting conditions: served the control, not
    /// enrolled.
    case notTargeted
    /// The unit does not get a group another experiment requires first (`requires:`): served the
    /// control, not enrolled. The required experiment is resolved but not exposed.
    case prerequisite

    /// Whether a unit resolved for this reason is part of the experiment's population, so that
    /// its exposure is data rather than noise.
    public var isEnrolled: Bool { self == .sticky || self == .bucketed }
}
