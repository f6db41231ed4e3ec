/// An analytics destination: an SDK, a file, a test recorder.
///
/// Only ``track(_:)`` must be written; ``setup()``, ``associate(user:)`` and ``dissociate()``
/// do nothing unless a provider implements them:
///
/// ```swift
/// struct ConsoleTrackingProvider: TrackingProvider {
///     func track(_ event: TrackingEvent) { print(event.identifier, event.properties) }
/// }
/// ```
///
/// Providers are called on whatever thread the app resolved or hit an experiment on, so they
/// must be thread-safe and should hand slow work (I/O, network) to their own queue.
public protocol TrackingProvider: Sendable {
    /// Prepares the provider; the ``TrackingClient`` calls it once, before any event. Does
    /// nothing by default.
    func setup()
    /// Sends one event.
    func track(_ event: TrackingEvent)
    /// Attributes the following events to the signed-in `user`. Does nothing by default.
    func associate(user: String)
    /// Stops attributing events to the user who signed out. Does nothing by default.
    func dissociate()
}

/// What a provider that only sends events needs: nothing to prepare and no user to attribute
/// them to. An SDK that keeps a user id implements ``TrackingProvider/associate(user:)`` and
/// ``TrackingProvider/dissociate()`` itself:
///
/// ```swift
/// struct AnalyticsAdapter: TrackingProvider {
///     func track(_ event: TrackingEvent) { Analytics.log(event.identifier, event.properties) }
///     func associate(user: String) { Analytics.setUserID(user) }
///     func dissociate() { Analytics.setUserID(nil) }
/// }
/// ```
extension TrackingProvider {
    /// Does nothing: the provider needs no preparation.
    public func setup() {}
    /// Does nothing: the provider does not attribute events to users.
    public func associate(user: String) {}
    /// Does nothing: the provider does not attribute events to users.
    public func dissociate() {}
}

/// Fans every event out to each of its providers, in order.
///
/// ```swift
/// let tracking = TrackingClient(providers: [firebaseAdapter, JSONLinesTrackingProvider(fileURL: log)])
/// let service = SplitTestingService(configuration: .init(tracking: tracking))
/// ```
public struct TrackingClient: Sendable {
    /// The providers every event goes to.
    package let providers: [any TrackingProvider]

    /// Creates a client over `providers`; with none, events go nowhere.
    public init(providers: [any TrackingProvider] = []) {
        self.providers = providers
    }

    /// Calls ``TrackingProvider/setup()`` on every provider; the service does this when created.
    package func setup() {
        for provider in providers { provider.setup() }
    }

    /// Sends `event` to every provider.
    public func track(_ event: TrackingEvent) {
        for provider in providers { provider.track(event) }
    }

    /// Tells every provider that `user` signed in.
    package func associate(user: String) {
        for provider in providers { provider.associate(user: user) }
    }

    /// Tells every provider that the user signed out.
    package func dissociate() {
        for provider in providers { provider.dissociate() }
    }
}
