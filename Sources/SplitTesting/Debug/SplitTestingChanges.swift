/// A change made to a ``SplitTestingService`` that can change what it serves: what
/// ``SplitTestingService/changes()`` delivers, for a debug menu to refresh on.
///
/// ```swift
/// for await change in service.changes() {
///     if case .controlApplied(let sequence) = change { print("control document \(sequence) in force") }
/// }
/// ```
public enum SplitTestingChange: Sendable, Hashable {
    /// An override was set: `group` of `experiment` is served from now on.
    case overrideSet(experiment: String, group: String)
    /// The override of `experiment` was removed (there may have been none).
    case overrideRemoved(experiment: String)
    /// Every override was removed.
    case overridesCleared
    /// A control document's payload was put in force (by `SplitTestingRemote`, at once or at the next start).
    case controlApplied(sequence: Int)
    /// The app's targeting attributes were set (the generated `setAttributes(_:)`).
    case attributesSet
    /// `user` signed in (``SplitTestingService/associate(user:)``).
    case userAssociated(user: String)
    /// The user signed out (``SplitTestingService/dissociate()``, or an empty user id).
    case userDissociated
    /// The stored assignments were erased (``SplitTestingService/eraseAssignments()``).
    case assignmentsErased
}

extension SplitTestingService {
    /// A new stream of the changes made to this service from now on, in the order they were made.
    ///
    /// Each call is a subscription of its own, so any number of observers can follow the service.
    /// The stream finishes when the service is released, or earlier when its consumer stops: the
    /// task iterating it is cancelled, or the stream is dropped. One event arrives per call that
    /// was applied (an override set to the group it already had is still an event); a call the
    /// service refuses (an unknown override, a control document that is not newer) is none.
    ///
    /// The service never waits for a consumer: events are delivered after the service has
    /// released its lock, so a consumer may call back into the service. A consumer that falls
    /// behind keeps the 64 newest changes it has not read, and older ones are
    /// dropped: refresh from the service on each event (as ``SplitTestingDebugModel`` does)
    /// rather than rebuild state from the events, and nothing is lost.
    ///
    /// Fetches and hits are not changes: they would put work on the sticky path of
    /// ``fetchSplitTest(_:)``.
    ///
    /// ```swift
    /// let task = Task {
    ///     for await _ in service.changes() { rows = service.debugSnapshot().experiments }
    /// }
    /// ```
    public func changes() -> AsyncStream<SplitTestingChange> {
        changeBroadcaster.subscribe()
    }

    /// How many unread changes a stream of ``changes()`` keeps for a consumer that falls behind;
    /// beyond that the oldest are dropped.
    package static let bufferedChangeLimit = 64

    /// Runs `body` under the service's lock and queues the change it returns, if any, in the same
    /// critical section, so that concurrent changes reach subscribers in the order they were
    /// made; then delivers it after the lock is released.
    func changingState<Result>(_ body: (inout ResolutionState) -> (Result, SplitTestingChange?)) -> Result {
        let result = state.withLock { state in
            let (result, change) = body(&state)
            if let change { changeBroadcaster.enqueue(change) }
            return result
        }
        changeBroadcaster.deliver()
        return result
    }

    /// ``changingState(_:)`` for a change that is always made.
    func changingState(_ change: SplitTestingChange, _ body: (inout ResolutionState) -> Void) {
        changingState { state -> ((), SplitTestingChange?) in
            body(&state)
            return ((), change)
        }
    }
}

/// Hands a service's changes to every subscribed stream.
///
/// Changes are queued while the service holds its lock and yielded after it released it, by
/// one thread at a time (the first to find the queue non-empty), so that every subscriber sees
/// them in the order they were made and no consumer runs while the service is locked.
final class ChangeBroadcaster: Sendable {
    private struct State: Sendable {
        var subscribers: [Int: AsyncStream<SplitTestingChange>.Continuation] = [:]
        var nextSubscriber = 0
        var pending: [SplitTestingChange] = []
        /// Whether a thread is yielding queued changes; others leave theirs to it.
        var delivering = false
    }

    private let state = Locked(State())

    deinit {
        // The service is gone: every subscription ends.
        for subscriber in state.withLock({ $0.subscribers.values }) { subscriber.finish() }
    }

    func subscribe() -> AsyncStream<SplitTestingChange> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: SplitTestingChange.self,
            bufferingPolicy: .bufferingNewest(SplitTestingService.bufferedChangeLimit))
        let id = state.withLock { state in
            defer { state.nextSubscriber += 1 }
            return state.nextSubscriber
        }
        // Called when the consumer stops (cancelled, or the stream dropped) or the service is gone.
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        state.withLock { $0.subscribers[id] = continuation }
        return stream
    }

    /// How many streams are subscribed now.
    var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }

    /// Queues `change` for delivery; called while the service holds its lock.
    func enqueue(_ change: SplitTestingChange) {
        state.withLock { state in
            if !state.subscribers.isEmpty { state.pending.append(change) }
        }
    }

    /// Yields the queued changes to every subscriber; called after the service released its lock.
    /// Yielding never waits: a stream buffers, or resumes a waiting consumer on its own executor.
    func deliver() {
        var batch = nextBatch(starting: true)
        while let (changes, subscribers) = batch {
            for change in changes {
                for subscriber in subscribers { subscriber.yield(change) }
            }
            batch = nextBatch(starting: false)
        }
    }

    /// The queued changes and the subscribers to yield them to, taking them off the queue; `nil`
    /// when there are none or (`starting`) another thread is delivering already.
    private func nextBatch(
        starting: Bool
    ) -> ([SplitTestingChange], [AsyncStream<SplitTestingChange>.Continuation])? {
        state.withLock { state in
            if starting, state.delivering { return nil }
            guard !state.pending.isEmpty else {
                state.delivering = false
                return nil
            }
            state.delivering = true
            defer { state.pending.removeAll() }
            return (state.pending, Array(state.subscribers.values))
        }
    }
}
