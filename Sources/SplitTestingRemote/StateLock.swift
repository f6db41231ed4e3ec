import Foundation

/// A value that threads share, guarded by its own lock.
final class StateLock<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable is sound: `value` is only read or written inside `withLock`, which
    // holds `lock` for the whole access, and `Value: Sendable`, so what leaves may cross threads.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access; `body` must not call back into this lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
