import Dispatch

/// Runs file writes on a serial background queue, coalescing bursts: while a write is queued
/// and not started, asking for another one does nothing, because the queued one will see the
/// latest state when it runs.
///
/// A normal exit of the process waits for the writes queued (see ``WritesAtExit``), and once the
/// process is exiting every write is waited for as it is asked for, since nothing would run it
/// after the exit.
final class BackgroundWriter: Sendable {
    private let queue: DispatchQueue
    private let state = Locked(State())

    private struct State: Sendable {
        /// A write is queued and has not started.
        var isScheduled = false
        /// Writes queued and not finished, for the exit to know whether to wait.
        var unfinished = 0
        /// Known to ``WritesAtExit``, which waits for this writer when the process exits.
        var isRegistered = false
        /// The process is exiting: each write is waited for as soon as it is asked for.
        var waitsForEachWrite = false
    }

    /// The key under which a writer's queue holds the writer's identity, so that a call made
    /// from inside a write (a `report` that reaches back into its store) never waits for the
    /// queue it runs on.
    private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .utility)
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
    }

    /// Queues `work` unless a write is already queued. `work` must read the state it writes
    /// when it runs, not capture it, since a coalesced call's own closure is dropped. Once the
    /// process is exiting, returns only when the write is done.
    func schedule(_ work: @escaping @Sendable () -> Void) {
        let (shouldQueue, shouldRegister, exiting) = state.withLock { state in
            let shouldQueue = !state.isScheduled
            let shouldRegister = !state.isRegistered
            if shouldQueue { state.unfinished += 1 }
            state.isScheduled = true
            state.isRegistered = true
            return (shouldQueue, shouldRegister, state.waitsForEachWrite)
        }
        var waits = exiting
        if shouldRegister, WritesAtExit.register(self) {
            state.withLock { $0.waitsForEachWrite = true }
            waits = true
        }
        if shouldQueue {
            queue.async { [state] in
                // Cleared before the work reads the state, so that a change made while it writes
                // queues one more write instead of being lost.
                state.withLock { $0.isScheduled = false }
                work()
                state.withLock { $0.unfinished -= 1 }
            }
        }
        // From inside any writer's work, the exit's own loop waits instead: two writes waiting
        // for each other's queues would never end.
        if waits, !Self.isInsideWrite { waitUntilIdle() }
    }

    /// Blocks until every write queued so far has finished; returns at once when called from
    /// inside one of this writer's writes, which cannot wait for itself.
    func waitUntilIdle() {
        guard !runsOnQueue else { return }
        queue.sync {}
    }

    /// For ``WritesAtExit``: makes every later write wait for itself, and tells whether a write
    /// is queued or running now that the calling thread can wait for (not one it runs itself).
    func startExiting() -> Bool {
        let busy = state.withLock { state in
            state.waitsForEachWrite = true
            return state.unfinished > 0
        }
        return busy && !runsOnQueue
    }

    /// Whether the calling thread runs one of this writer's writes.
    private var runsOnQueue: Bool {
        DispatchQueue.getSpecific(key: Self.queueKey) == ObjectIdentifier(self)
    }

    /// Whether the calling thread runs a write of some writer.
    private static var isInsideWrite: Bool {
        DispatchQueue.getSpecific(key: queueKey) != nil
    }
}
