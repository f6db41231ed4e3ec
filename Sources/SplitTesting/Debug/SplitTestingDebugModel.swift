import Observation

/// What a debug menu binds to: the service's ``SplitTestingDebugSnapshot``, kept up to date from
/// its ``SplitTestingService/changes()``, and the override a menu's picker sets.
///
/// It is `@Observable`, so a SwiftUI `List` over the ``snapshot``'s experiments redraws when an override is set
/// or cleared, a control document is applied, attributes are set, a user signs in or out, or the
/// assignments are erased, wherever in the app that happened. Fetches and hits are not changes
/// (the sticky path of a fetch does no work for observers): call ``refresh()`` when the menu
/// appears, or from a pull to refresh, to see experiments fetched or exposed since.
///
/// The model lives on the main actor, as SwiftUI code expects. Making a snapshot reads the store
/// as a first fetch does (memory; a shared file store, ``AssignmentStore/file(at:report:)``, may read its file once another
/// process changed it). The model observes the service until it is released.
///
/// ```swift
/// let menu = SplitTestingDebugModel(service: service)
/// for experiment in menu.snapshot.experiments { print(experiment.identifier, experiment.group, experiment.reason) }
/// menu.setOverride("blue", for: "button_color")
/// service.eraseAssignments()  // the model follows: it refreshes on the service's changes
/// ```
///
/// See <doc:DebugMenu> for the SwiftUI view.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor @Observable
public final class SplitTestingDebugModel {
    /// The service the model reads and changes.
    package let service: SplitTestingService
    /// The latest snapshot: refreshed on every change of the service, after each action, and by
    /// ``refresh()``.
    public private(set) var snapshot: SplitTestingDebugSnapshot
    private let observation = DebugModelObservation()

    /// Creates a model over `service`, with a snapshot made now, and follows the service's changes.
    public init(service: SplitTestingService) {
        self.service = service
        snapshot = service.debugSnapshot()
        let changes = service.changes()
        observation.start(Task { [weak self] in
            // Holds the model only while it refreshes, so that releasing it ends the loop.
            for await _ in changes {
                guard let self else { return }
                self.refresh()
            }
        })
    }

    deinit {
        observation.cancel()
    }

    /// Makes a new snapshot now.
    public func refresh() {
        snapshot = service.debugSnapshot()
    }

    /// Serves `group` of `experiment` from now on, or removes the experiment's override when
    /// `group` is `nil`: what a picker of the experiment's groups, with a "no override" entry,
    /// sets. A group or experiment the catalog lacks is reported through the service's `report`
    /// and ignored.
    public func setOverride(_ group: String?, for experiment: String) {
        if let group {
            service.setOverride(experiment: experiment, group: group)
        } else {
            service.removeOverride(experiment: experiment)
        }
        refresh()
    }
}

/// The task that follows a model's changes, cancelled when the model is released; kept apart so
/// that the model's `deinit`, which is not on the main actor, can reach it.
final class DebugModelObservation: Sendable {
    private let task = Locked<Task<Void, Never>?>(nil)

    func start(_ task: Task<Void, Never>) {
        self.task.withLock { $0 = task }
    }

    func cancel() {
        task.withLock { $0 }?.cancel()
    }
}
