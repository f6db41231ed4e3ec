/// What a debug menu reads: each experiment's resolution as a fetch would return it now, made
/// without the side effects of a fetch.
extension ResolutionState {
    /// One experiment's resolution for the current unit, by raw group name.
    struct Preview: Sendable {
        var identifier: String
        var unit: String?
        var group: String
        var reason: AssignmentReason
        var holdout: String?
        var override: String?
        var definition: SplitTestDefinition
    }

    /// What ``SplitTestingService/fetchSplitTest(_:)`` would return for `T` now, without what a
    /// fetch does besides: nothing is stored (a unit that would be bucketed is shown `bucketed`,
    /// and only the app's own fetch stores it), nothing is kept in the cache, and no stored group
    /// that no longer exists is removed. It only reads the store; the one thing it may create is
    /// the device id, which any first fetch creates the same way and which holds no assignment.
    mutating func preview<T: SplitTest>(
        _ type: T.Type, store: any AssignmentStore, issues: inout [SplitTestingIssue]
    ) -> Preview {
        let unit = unit(for: T.definition.unitType, store: store, issues: &issues)
        let definition = definition(of: T.self, issues: &issues)
        let override = overrides[T.identifier]
        func preview(_ group: String, _ reason: AssignmentReason, holdout: String? = nil) -> Preview {
            Preview(
                identifier: T.identifier, unit: unit, group: group, reason: reason, holdout: holdout,
                override: override, definition: definition)
        }
        // A resolution the app fetched already is exactly what it is served (``known`` never
        // answers for an overridden experiment).
        if let cached = known(experiment: ObjectIdentifier(T.self), identifier: T.identifier, unitType: T.definition.unitType) {
            let assignment = ResolvedSplitTest<T>.unwrap(cached).value.assignment
            return preview(assignment.group.rawValue, assignment.reason, holdout: assignment.holdout)
        }
        let resolution = resolveAfresh(
            definition: definition, time: clock().timeIntervalSince1970, store: store, storing: false, issues: &issues)
        return preview(definition.groups[resolution.groupIndex], resolution.reason, holdout: resolution.holdout)
    }
}
