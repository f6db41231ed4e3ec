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
    /// The unit is in a holdout that covers the experiment: served the control, not enrolled;
    /// the holdout itself is reported once (``TrackingEvent/holdoutIdentifier``).
    case holdout
    /// The unit does not meet the experiment's targeting conditions: served the control, not
    /// enrolled.
    case notTargeted

    /// Whether a unit resolved for this reason is part of the experiment's population, so that
    /// its exposure is data rather than noise.
    public var isEnrolled: Bool { self == .sticky || self == .bucketed }
}
