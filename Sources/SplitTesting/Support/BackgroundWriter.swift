import Dispatch

/// Runs file writes on a serial background queue, coalescing bursts: while a write is queued
/// and not started, asking for another one does nothing, because the queued one will see the
/// latest state when it runs.
final class BackgroundWriter: Sendable {
    private let queue: DispatchQueue
    private let isScheduled = Locked(false)

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .utility)
    }

    /// Queues `work` unless a write is already queued. `work` must read the state it writes
    /// when it runs, not capture it, since a coalesced call's own closure is dropped.
    func schedule(_ work: @escaping @Sendable () -> Void) {
        let shouldQueue = isScheduled.withLock { scheduled in
            if scheduled { return false }
            scheduled = true
            return true
        }
        guard shouldQueue else { return }
        queue.async { [isScheduled] in
            // Cleared before the work reads the state, so that a change made while it writes
            // queues one more write instead of being lost.
            isScheduled.withLock { $0 = false }
            work()
        }
    }

    /// Blocks until every write queued so far has finished.
    func waitUntilIdle() {
        queue.sync {}
    }
}
