#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Makes a normal exit of the process (returning from `main`, or `exit`) wait for the writes
/// that every ``BackgroundWriter`` has queued: a command-line tool that fetches an experiment
/// and returns at once would otherwise end before its store's background write, and hand out
/// a group that its next launch does not know.
///
/// The `atexit` hook is installed by the first writer that queues a write, so a process that
/// never writes never has it. When it runs, every writer waits for each later write as it is
/// asked for (a store used by another exit handler, or by a thread still running), and the hook
/// waits until no writer has a write left, since a write may ask another writer for one (a
/// `report` that appends to an events file). A write that the exiting thread itself runs (its
/// `report` called `exit`) is not waited for: it cannot finish before the exit it called. What
/// `_exit`, a signal or a crash ends is not waited for either; a store's file is then the old
/// one or the new one, never a torn one.
enum WritesAtExit {
    private struct State: Sendable {
        var writers: [Registered] = []
        var isExiting = false
    }

    /// A writer known to the hook, which does not keep it alive: a store that is gone has no
    /// write left (a queued write keeps its store alive until it ends).
    private final class Registered: Sendable {
        weak let writer: BackgroundWriter?

        init(_ writer: BackgroundWriter) { self.writer = writer }
    }

    private static let state = Locked(State())

    /// Installs the hook, once.
    private static let hook: Void = {
        atexit { WritesAtExit.finishWrites() }
    }()

    /// Makes the exit wait for `writer`'s writes; returns whether the process is exiting
    /// already, in which case `writer` must wait for each write itself.
    static func register(_ writer: BackgroundWriter) -> Bool {
        _ = hook
        return state.withLock { state in
            state.writers.removeAll { $0.writer == nil }
            state.writers.append(Registered(writer))
            return state.isExiting
        }
    }

    /// The hook: waits until every writer is idle. Each round asks every writer (including one
    /// registered during the last round) to wait for its later writes itself, then waits for
    /// those that have a write queued or running. Later rounds catch the writes that writes
    /// asked for; they are few (a `report` per failure), so the rounds are bounded, and a thread
    /// that keeps writing while the process exits cannot hold the exit: it waits for its own.
    private static func finishWrites() {
        for _ in 0..<8 {
            let writers = state.withLock { state in
                state.isExiting = true
                return state.writers.compactMap(\.writer)
            }
            let busy = writers.filter { $0.startExiting() }
            if busy.isEmpty { return }
            for writer in busy { writer.waitUntilIdle() }
        }
    }
}
