/// A split test (A/B/n experiment), as the compiler generates it from a YAML definition.
///
/// A value is one resolution for the current unit: read ``currentGroup`` to choose what to show,
/// and call ``hitSplitTest()`` when the user has actually seen it.
///
/// ```swift
/// let buttonColor = service.fetchSplitTest(ButtonColorSplitTest.self)
/// switch buttonColor.currentGroup {
/// case .red: ...
/// case .blue, .darkGray: ...
/// }
/// buttonColor.hitSplitTest()
/// ```
///
/// Two values are equal when they stand for the same resolution (the same experiment, group,
/// reason, unit and holdout; see ``SplitTestAssignment``), so that a view can tell whether what
/// it shows is still what the service serves:
///
/// ```swift
/// let shown = service.fetchSplitTest(ButtonColorSplitTest.self)
/// service.associate(user: "user-42")
/// if service.fetchSplitTest(ButtonColorSplitTest.self) != shown { redrawBuyButton() }
/// ```
public protocol SplitTest: Sendable, Equatable {
    /// The experiment's groups.
    associatedtype Group: SplitTestGroup
    /// The experiment's identifier, as written in its YAML definition.
    static var identifier: String { get }
    /// Everything the runtime needs to assign a unit to a group.
    static var definition: SplitTestDefinition { get }
    /// The resolution this value stands for.
    var assignment: SplitTestAssignment<Group> { get }
    /// Wraps a resolution; the ``SplitTestingService`` calls this.
    init(assignment: SplitTestAssignment<Group>)
}

extension SplitTest {
    /// The group the current unit is in.
    public var currentGroup: Group { assignment.group }

    /// Reports that the unit has actually seen the experiment.
    ///
    /// Logged at most once per experiment, unit and group for the service's lifetime, and only
    /// when the unit is enrolled (reasons `sticky` and `bucketed`): overrides, winners and units
    /// outside the experiment are never reported.
    public func hitSplitTest() {
        assignment.recordExposure()
    }
}
