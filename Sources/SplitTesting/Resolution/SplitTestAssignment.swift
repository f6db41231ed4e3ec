/// One resolution of an experiment for one unit: the group, why, and for whom.
///
/// Two assignments are equal when they name the same experiment, group, reason, unit and
/// holdout; where a hit is reported (the service that made the assignment, or nowhere) does not
/// count, so an assignment made for a preview equals the one a service hands out:
///
/// ```swift
/// service.setOverride(ButtonColorSplitTest.self, group: .blue)
/// let served = service.fetchSplitTest(ButtonColorSplitTest.self).assignment
/// let expected = SplitTestAssignment(
///     experiment: "button_color", group: ButtonColorSplitTest.Group.blue, reason: .override,
///     unitID: service.deviceID)
/// assert(served == expected)
/// ```
public struct SplitTestAssignment<Group: SplitTestGroup>: Sendable, Hashable {
    /// The identifier of the experiment resolved.
    public let experiment: String
    /// The group the unit is served.
    public let group: Group
    /// Why the unit got that group; only enrolled reasons report exposures.
    public let reason: AssignmentReason
    /// The unit (device id or user id) the group was resolved for; `nil` without a user.
    public let unitID: String?
    /// The holdout that kept the unit out, when ``reason`` is `holdout`.
    public let holdout: String?
    /// Where a hit is reported: not part of what was assigned, so it never makes two
    /// assignments unequal.
    @usableFromInline let route: ExposureRoute

    /// For an experiment that tracks allocation periods (a bandit), the period in force when the
    /// unit was first assigned; its exposure carries it.
    var period: Int? { route.period }
    var exposureSink: (any ExposureSink)? { route.sink }

    /// Creates a resolution that reports nothing when hit: for previews and tests.
    public init(
        experiment: String, group: Group, reason: AssignmentReason, unitID: String? = nil, holdout: String? = nil
    ) {
        self.init(
            experiment: experiment, group: group, reason: reason, unitID: unitID, holdout: holdout, period: nil,
            exposureSink: nil)
    }

    @usableFromInline
    init(
        experiment: String, group: Group, reason: AssignmentReason, unitID: String?, holdout: String?, period: Int?,
        exposureSink: (any ExposureSink)?
    ) {
        self.experiment = experiment
        self.group = group
        self.reason = reason
        self.unitID = unitID
        self.holdout = holdout
        route = ExposureRoute(period: period, sink: exposureSink)
    }

    func recordExposure() {
        guard let unitID, let exposureSink else { return }
        if reason.isEnrolled {
            exposureSink.recordExposure(experiment: experiment, group: group.rawValue, unit: unitID, period: period)
        } else if reason == .holdout, let holdout {
            exposureSink.recordHoldout(holdout, unit: unitID)
        }
    }
}

/// Where the hit of an assignment is reported, and the allocation period its exposure carries.
/// Every route is equal to every other, so that an assignment's synthesized `==` and hash compare
/// what was assigned (experiment, group, reason, unit and holdout), not where a hit goes: an
/// assignment made for a preview equals the one a service hands out.
@usableFromInline
struct ExposureRoute: Sendable, Hashable {
    let period: Int?
    let sink: (any ExposureSink)?

    @usableFromInline
    static func == (_: ExposureRoute, _: ExposureRoute) -> Bool { true }

    @usableFromInline
    func hash(into hasher: inout Hasher) {}
}

/// Receives the exposures of the assignments a service hands out.
@usableFromInline
protocol ExposureSink: AnyObject, Sendable {
    func recordExposure(experiment: String, group: String, unit: String, period: Int?)
    func recordHoldout(_ holdout: String, unit: String)
    /// Makes the exposures of a multivariate experiment carry its levels.
    func noteFactorial(factors: [String], experiment: String)
}
