#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value that threads share, guarded by its own lock: the one lock type of the package's
/// targets (the runtime, remote control, the test support library and the demo).
///
/// `Mutex` from Synchronization would do, but it needs macOS 15 / iOS 18 and the package
/// supports macOS 13 / iOS 16. The lock is the platform's own: `os_unfair_lock` on Apple
/// platforms, a `pthread_mutex_t` elsewhere, both uncontended in one atomic operation; `NSLock`
/// adds a message send (Apple) or a class method call (Linux) to every sticky fetch.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is sound: the value is only touched inside `withLock`, which holds
    // the lock for the whole access, so no two threads ever read or write it at once; the lock
    // lives at a fixed address for the instance's lifetime, as both platform locks require; and
    // `Value: Sendable`, so what leaves `withLock` may cross threads.
    #if canImport(Darwin)
        private typealias PlatformLock = os_unfair_lock_s
    #else
        private typealias PlatformLock = pthread_mutex_t
    #endif
    private let lock: UnsafeMutablePointer<PlatformLock>
    // The value lives behind a pointer rather than in a `var`, because a class's `var` pays for
    // a dynamic exclusivity check on every access (a tenth of a sticky fetch) that the lock
    // already makes redundant. A nested `withLock` on the same instance deadlocks on the lock
    // before it could ever reach the pointer twice.
    private let storage: UnsafeMutablePointer<Value>

    package init(_ value: Value) {
        lock = .allocate(capacity: 1)
        #if canImport(Darwin)
            lock.initialize(to: os_unfair_lock_s())
        #else
            lock.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(lock, nil)
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #endif
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into the
    /// same `Locked` (neither lock is recursive).
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        acquire()
        defer { release() }
        return try body(&storage.pointee)
    }

    /// Whether some thread holds the lock at this moment; for tests that check that something
    /// happens outside it. Never use it to decide whether to take the lock.
    package func isLocked() -> Bool {
        #if canImport(Darwin)
            guard os_unfair_lock_trylock(lock) else { return true }
        #else
            guard pthread_mutex_trylock(lock) == 0 else { return true }
        #endif
        release()
        return false
    }

    @inline(__always)
    private func acquire() {
        #if canImport(Darwin)
            os_unfair_lock_lock(lock)
        #else
            pthread_mutex_lock(lock)
        #endif
    }

    @inline(__always)
    private func release() {
        #if canImport(Darwin)
            os_unfair_lock_unlock(lock)
        #else
            pthread_mutex_unlock(lock)
        #endif
    }
}
