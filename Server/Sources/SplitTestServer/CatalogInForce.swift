import NIOConcurrencyHelpers

/// The ``Catalog`` the service answers from, replaced whole when the definitions are read again.
///
/// A request takes the catalog once, when it starts, and answers from that one to the end: a
/// reload in the middle of it neither fails it nor mixes two sets of definitions in one answer.
public final class CatalogInForce: Sendable {
    private let current: NIOLockedValueBox<Catalog>

    /// Serves `catalog` until ``replace(with:)``.
    public init(_ catalog: Catalog) {
        current = NIOLockedValueBox(catalog)
    }

    /// The catalog in force now.
    public var catalog: Catalog {
        current.withLockedValue { $0 }
    }

    /// Serves `catalog` to every request that starts from now on.
    public func replace(with catalog: Catalog) {
        current.withLockedValue { $0 = catalog }
    }
}
