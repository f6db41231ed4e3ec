/// One entry of an experiment's `force:`: a unit (a QA account, an employee) always served a
/// group, before anything but a runtime override.
public struct ForcedUnit: Hashable, Sendable {
    /// The device id or user id, as written.
    public var unit: String
    /// The index in the experiment's `groups` of the group it is served.
    public var groupIndex: Int

    /// Creates an entry.
    public init(unit: String, groupIndex: Int) {
        self.unit = unit
        self.groupIndex = groupIndex
    }
}
