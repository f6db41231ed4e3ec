import Foundation

/// A value that threads share, guarded by its own lock.
///
/// `Mutex` from Synchronization would do, but it needs macOS 15 / iOS 18 and the package
/// supports macOS 13 / iOS 16; `NSLock.withLock` is missing on macOS 13 too.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is sound: `value` is private and only touched inside `withLock`,
    // which holds `lock` for the whole access, so no two threads ever read or write it at
    // once; `lock` itself is thread-safe; and `Value: Sendable`, so what leaves `withLock`
    // may cross threads.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into the
    /// same `Locked` (NSLock is not recursive).
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
