import Foundation

extension SplitTestingService {
    /// Serves `group` of `type` to every unit from now on, for a debug menu, QA or UI tests.
    /// Overridden resolutions are never reported as exposures. Overrides last for the service's
    /// lifetime; they are not stored.
    ///
    /// ```swift
    /// service.setOverride(ButtonColorSplitTest.self, group: .blue)
    /// ```
    public func setOverride<T: SplitTest>(_ type: T.Type, group: T.Group) {
        changingState(.overrideSet(experiment: T.identifier, group: group.rawValue)) {
            $0.overrides[T.identifier] = group.rawValue
        }
    }

    /// Serves the group named `group` of the experiment `experiment`, as a whitelist from a
    /// backend would; both are checked against the configuration's catalog, and an unknown one is
    /// reported and ignored.
    ///
    /// - Returns: Whether the override was applied.
    @discardableResult
    public func setOverride(experiment: String, group: String) -> Bool {
        if let problem = catalog.problem(experiment: experiment, group: group, source: .api) {
            report(problem)
            return false
        }
        changingState(.overrideSet(experiment: experiment, group: group)) { $0.overrides[experiment] = group }
        return true
    }

    /// Removes the override of `type`, if any; its stored or bucketed group is served again.
    public func removeOverride<T: SplitTest>(_ type: T.Type) {
        removeOverride(experiment: T.identifier)
    }

    /// Removes the override of the experiment `experiment`, if any.
    public func removeOverride(experiment: String) {
        changingState(.overrideRemoved(experiment: experiment)) { _ = $0.overrides.removeValue(forKey: experiment) }
    }

    /// Removes every override, including those read from the launch environment.
    public func clearOverrides() {
        changingState(.overridesCleared) { $0.overrides.removeAll() }
    }

    /// The overrides in force: raw group names by experiment identifier.
    package var overrides: [String: String] {
        state.withLock { $0.overrides }
    }

    /// Applies one `experiment=group` launch entry, reporting what cannot be applied.
    func applyOverride(_ text: String, source: OverrideSource) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            report(.malformedOverride(text: text, source: source))
            return
        }
        let experiment = parts[0].trimmingCharacters(in: .whitespaces)
        let group = parts[1].trimmingCharacters(in: .whitespaces)
        guard !experiment.isEmpty, !group.isEmpty else {
            report(.malformedOverride(text: text, source: source))
            return
        }
        if let problem = catalog.problem(experiment: experiment, group: group, source: source) {
            report(problem)
            return
        }
        state.withLock { $0.overrides[experiment] = group }
    }
}
