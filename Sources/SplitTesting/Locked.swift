import Foundation

/// A value that threads share, guarded by its own lock.
///
/// `Mutex` from Synchronization would do, but it needs macOS 15 / iOS 18 and the package
/// supports macOS 13 / iOS 16; `NSLock.withLock` is missing on macOS 13 too.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is sound: the value is only touched inside `withLock`, which holds
    // `lock` for the whole access, so no two threads ever read or write it at once; `lock` is
    // thread-safe; and `Value: Sendable`, so what leaves `withLock` may cross threads.
    private let lock = NSLock()
    // The value lives behind a pointer rather than in a `var`, because a class's `var` pays for
    // a dynamic exclusivity check on every access (a tenth of a sticky fetch) that the lock
    // already makes redundant. A nested `withLock` on the same instance deadlocks on `lock`
    // before it could ever reach the pointer twice.
    private let storage: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into the
    /// same `Locked` (NSLock is not recursive).
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage.pointee)
    }
}
