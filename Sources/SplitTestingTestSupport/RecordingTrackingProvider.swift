import Foundation
public import SplitTesting

/// A `TrackingProvider` that keeps everything it is told in memory, for tests.
///
/// ```swift
/// let recorder = RecordingTrackingProvider()
/// let service = SplitTestingService(configuration: .init(tracking: TrackingClient(providers: [recorder])))
/// service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
/// #expect(recorder.events.map(\.identifier) == [TrackingEvent.exposureIdentifier])
/// ```
public final class RecordingTrackingProvider: TrackingProvider {
    /// One call the provider received.
    public enum Call: Sendable, Hashable {
        /// `TrackingProvider.setup()`.
        case setup
        /// `TrackingProvider.track(_:)`.
        case track(TrackingEvent)
        /// `TrackingProvider.associate(user:)`.
        case associate(user: String)
        /// `TrackingProvider.dissociate()`.
        case dissociate
    }

    private let recorded = Locked<[Call]>([])

    /// Creates an empty recorder.
    public init() {}

    /// Every call received, in order.
    public var calls: [Call] {
        recorded.withLock { $0 }
    }

    /// The events tracked, in order.
    public var events: [TrackingEvent] {
        calls.compactMap { call in
            if case .track(let event) = call { event } else { nil }
        }
    }

    /// Records the setup.
    public func setup() { record(.setup) }
    /// Records `event`.
    public func track(_ event: TrackingEvent) { record(.track(event)) }
    /// Records the user.
    public func associate(user: String) { record(.associate(user: user)) }
    /// Records the sign-out.
    public func dissociate() { record(.dissociate) }

    /// Forgets everything recorded so far.
    public func reset() { recorded.withLock { $0.removeAll() } }

    private func record(_ call: Call) {
        recorded.withLock { $0.append(call) }
    }
}
