/// An adapter for analytics that segment users by "set once" user properties: on each exposure
/// it sets the property `split_test-<experiment>` to the group, through a closure the app
/// supplies. Other events are ignored.
///
/// ```swift
/// let adapter = UserPropertyTrackingProvider { name, value in
///     Amplitude.instance.identify(AMPIdentify().setOnce(name, value: value as NSString))
/// }
/// ```
///
/// The service reports each exposure once per unit and group, so the closure is called once per
/// experiment in practice; "once" semantics beyond that are the analytics SDK's.
public struct UserPropertyTrackingProvider: TrackingProvider {
    private let setUserPropertyOnce: @Sendable (_ name: String, _ value: String) -> Void

    /// Creates the adapter; `setUserPropertyOnce` receives the property name and the group.
    public init(setUserPropertyOnce: @escaping @Sendable (_ name: String, _ value: String) -> Void) {
        self.setUserPropertyOnce = setUserPropertyOnce
    }

    /// Sets `split_test-<experiment>` to the group of an exposure.
    public func track(_ event: TrackingEvent) {
        guard event.identifier == TrackingEvent.exposureIdentifier,
            let experiment = event.properties[TrackingEvent.Property.experiment]?.stringValue,
            let group = event.properties[TrackingEvent.Property.group]?.stringValue
        else { return }
        setUserPropertyOnce(TrackingEvent.groupPropertyName(experiment: experiment), group)
    }
}
