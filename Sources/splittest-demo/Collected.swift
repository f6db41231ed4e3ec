import Foundation

/// Values collected from callbacks that may run on any thread (the logging hook, a tracking
/// adapter).
///
/// `@unchecked Sendable` is sound: `values` is only read or written while `lock` is held.
final class Collected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        values.append(value)
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
