/// An experiment that must give a unit one of some groups before another experiment enrols it
/// (`requires: { onboarding_flow: [new_flow] }`).
///
/// The prerequisite is resolved with the same service state as any fetch (its unit type, stored
/// group, overrides, `force`, control document and environment) but is not exposed; the
/// requirement holds when the group it gives, for whatever reason, is one of ``groups``. A unit
/// that does not meet it gets the control, reason ``AssignmentReason/prerequisite``.
@_spi(Generated) public struct SplitTestRequirement: Sendable, Hashable {
    /// The compiled definition of the experiment required.
    public let definition: SplitTestDefinition
    /// The names of its groups (or cells) that meet the requirement.
    public let groups: Set<String>

    /// A requirement on the experiment `type`: the unit must get one of `groups`.
    public init<Required: SplitTest>(_ type: Required.Type, groups: [Required.Group]) {
        self.definition = Required.definition
        self.groups = Set(groups.map(\.rawValue))
    }

    /// A requirement on the experiment `type` by the raw names of its groups (or cells), as
    /// generated code writes it; the compiler has checked that each is one of them.
    public init<Required: SplitTest>(_ type: Required.Type, groupNames: [String]) {
        precondition(
            groupNames.allSatisfy(Required.definition.groups.contains),
            "the groups required of \(Required.identifier) are among its groups")
        self.definition = Required.definition
        self.groups = Set(groupNames)
    }

    /// A requirement built by the tools from a compiled definition and group names.
    package init(definition: SplitTestDefinition, groups: Set<String>) {
        self.definition = definition
        self.groups = groups
    }

    /// The identifier of the experiment required.
    public var experiment: String { definition.identifier }
}
