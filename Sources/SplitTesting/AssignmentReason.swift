/// Why a unit got the group it got; it decides whether an exposure may be reported.
public enum AssignmentReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// A runtime override (debug menu, QA, UI tests, a whitelist): never reported.
    case override
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

    /// Whether a unit resolved for this reason is part of the experiment's population, so that
    /// its exposure is data rather than noise.
    public var isEnrolled: Bool { self == .sticky || self == .bucketed }
}
