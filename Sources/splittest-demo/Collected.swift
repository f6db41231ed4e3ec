import SplitTesting

/// Values collected from callbacks that may run on any thread (the logging hook, a tracking
/// adapter).
final class Collected<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] {
        values.withLock { $0 }
    }
}
