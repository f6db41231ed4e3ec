extension SplitTestingService {
    /// Every experiment of the catalog as the current units get it now: the group
    /// ``fetchSplitTest(_:)`` serves and why, whether it was exposed, the override in force, and
    /// the definition in force. For a debug menu; ``SplitTestingDebugModel`` keeps one up to date.
    ///
    /// A snapshot changes nothing an experiment measures: it sends no exposure, enrols no one,
    /// stores no assignment and caches no resolution. An experiment the app has not fetched yet is
    /// shown as its next fetch would resolve it (a unit to be bucketed is shown `bucketed`, and
    /// stored only by that fetch), so a menu that lists every experiment never makes a unit
    /// sticky to a group that a later release or control document would not have given it, nor
    /// wins the first write of a group in a store shared with an app's extensions. It reads the
    /// store like a first fetch does. The one value it may store is a new device id, when none
    /// exists yet, as the first fetch of any device-level experiment would, and on a shared
    /// file store (``AssignmentStore/file(at:report:)``) that waits at most a second for another process's lock, once per
    /// install.
    ///
    /// ```swift
    /// for experiment in service.debugSnapshot().experiments where experiment.override == nil {
    ///     print("\(experiment.identifier): \(experiment.group) (\(experiment.reason))")
    /// }
    /// ```
    public func debugSnapshot() -> SplitTestingDebugSnapshot {
        var issues: [SplitTestingIssue] = []
        let (previews, deviceID, userID, controlSequence) = state.withLock { state in
            let previews = catalog.types.map { state.preview($0, store: store, issues: &issues) }
            let deviceID = state.unit(for: .device, store: store, issues: &issues)
            return (previews, deviceID, state.userID, state.control?.sequence)
        }
        for issue in issues { report(issue) }
        guard let deviceID else { preconditionFailure("a device unit always exists once created") }
        // Read after the service's lock is released: the exposure log has a lock of its own.
        let experiments = previews.map { preview in
            SplitTestingDebugSnapshot.Experiment(
                identifier: preview.identifier, unit: preview.unit, group: preview.group, reason: preview.reason,
                holdout: preview.holdout,
                isExposed: preview.unit.map {
                    exposures.wasSent(experiment: preview.identifier, group: preview.group, unit: $0)
                } ?? false,
                override: preview.override, definition: preview.definition)
        }
        return SplitTestingDebugSnapshot(
            deviceID: deviceID, userID: userID, controlSequence: controlSequence, experiments: experiments)
    }

    /// Erases what this device has stored, so that the next fetch resolves as on a fresh install:
    /// for QA, "start as a new install".
    ///
    /// Removes the stored device id and the stored assignment of every catalog experiment for the
    /// current device and the signed-in user, and forgets the resolutions made so far and the
    /// exposures and holdouts sent, so that they are sent again. The next fetch creates a new
    /// device id and buckets afresh. Other users' assignments stay, as do the overrides, the
    /// attributes, the control document in force and the signed-in user (signing out is the
    /// app's). A device id the app supplied in the configuration stays the device's id: its
    /// assignments are erased, and bucketing gives it the same groups again unless the
    /// definitions or the control document changed since.
    ///
    /// Only ``AssignmentStore/removeValue(for:)`` is called, so any store works. A shared
    /// file store (``AssignmentStore/file(at:report:)``) merges the removals into the file like any other change; other
    /// processes keep the device id and the groups they resolved in memory until they restart.
    /// Assignments stored under experiments that are no longer in the catalog are left alone,
    /// since nothing reads them.
    ///
    /// ```swift
    /// service.eraseAssignments()
    /// let fresh = service.fetchSplitTest(ButtonColorSplitTest.self)  // a new device id, bucketed
    /// ```
    public func eraseAssignments() {
        changingState(.assignmentsErased) { state in
            // The device id is not created here: with none in memory or stored, nothing is erased for it.
            let device = state.deviceID ?? store.string(for: StorageKey.deviceID)
            for type in catalog.types {
                let unit = type.definition.unitType == .device ? device : state.userID
                guard let unit else { continue }
                store.removeValue(for: StorageKey.assignment(experiment: type.identifier, unit: unit))
                // The period of the assignment (a bandit's), which a fresh install does not have either.
                store.removeValue(for: StorageKey.period(experiment: type.identifier, unit: unit))
            }
            store.removeValue(for: StorageKey.deviceID)
            state.deviceID = configuredDeviceID
            state.cache.removeAll()
            // Under the service's lock, so that no fetch after the erase has its exposure forgotten.
            exposures.forgetAll()
        }
    }
}
