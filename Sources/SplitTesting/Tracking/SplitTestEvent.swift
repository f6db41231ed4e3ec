/// An event the definitions declare (an `event:` document), as the generated `SplitTestEvents`
/// enum gives it: one case per event, with its properties typed, so that a misspelled event or a
/// property of the wrong type does not compile.
///
/// ```yaml
/// event: purchase
/// properties:
///   revenue: { type: double }
///   currency: { values: [usd, eur, gbp] }
/// ```
///
/// ```swift
/// service.track(.purchase(revenue: 3.99, currency: .usd))
/// ```
///
/// The generated `track(_:)` of ``SplitTestingService`` sends it to every provider with the units
/// the readout joins on; see <doc:MetricsAndEvents>.
public protocol SplitTestEvent: Sendable {
    /// The event as declared, which ``SplitTestingService`` sends with the units and the groups
    /// exposed: its name (the `event` of its lines, e.g. `purchase`) and its properties by their
    /// declared names (e.g. `["revenue": 3.99, "currency": "usd"]`).
    var trackingEvent: TrackingEvent { get }
}
