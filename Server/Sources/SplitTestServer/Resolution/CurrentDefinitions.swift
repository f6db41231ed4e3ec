import NIOConcurrencyHelpers

/// The ``ServedDefinitions`` the service answers from, replaced whole when the definitions are
/// read again.
///
/// A request takes the definitions once, when it starts, and answers from them to the end: a
/// reload in the middle of it neither fails it nor mixes two sets of definitions in one answer.
public final class CurrentDefinitions: Sendable {
    private let current: NIOLockedValueBox<ServedDefinitions>

    /// Serves `definitions` until ``replace(with:)``.
    public init(_ definitions: ServedDefinitions) {
        current = NIOLockedValueBox(definitions)
    }

    /// The definitions in force now.
    public var served: ServedDefinitions {
        current.withLockedValue { $0 }
    }

    /// Serves `definitions` to every request that starts from now on.
    public func replace(with definitions: ServedDefinitions) {
        current.withLockedValue { $0 = definitions }
    }
}
