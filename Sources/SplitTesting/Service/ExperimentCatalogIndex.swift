/// The group names of every experiment in a service's catalog, to check overrides given by name.
struct ExperimentCatalogIndex: Sendable {
    private var groupsByExperiment: [String: Set<String>] = [:]
    /// The catalog's experiments, without duplicates, in catalog order.
    private(set) var types: [any SplitTest.Type] = []

    /// Indexes `catalog`; an identifier listed twice keeps its first entry and is returned.
    init(catalog: [any SplitTest.Type], duplicates: inout [String]) {
        for type in catalog {
            let identifier = type.identifier
            guard groupsByExperiment[identifier] == nil else {
                duplicates.append(identifier)
                continue
            }
            groupsByExperiment[identifier] = Self.groupNames(of: type)
            types.append(type)
        }
    }

    private static func groupNames<T: SplitTest>(of type: T.Type) -> Set<String> {
        Set(T.Group.allCases.map(\.rawValue))
    }

    /// Why `experiment=group` cannot be an override, or `nil` when it can.
    func problem(experiment: String, group: String, source: OverrideSource) -> SplitTestingIssue? {
        guard let groups = groupsByExperiment[experiment] else {
            return .overrideExperimentNotFound(experiment: experiment, source: source)
        }
        guard groups.contains(group) else {
            return .overrideGroupNotFound(experiment: experiment, group: group, source: source)
        }
        return nil
    }
}
