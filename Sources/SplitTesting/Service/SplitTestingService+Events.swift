extension SplitTestingService {
    /// Sends a declared event to every tracking provider, as a goal is sent: under the event's own
    /// name, its properties beside `device` (the device id, created on first use like
    /// ``deviceID``), `user` while a user is signed in, and `split_test-<experiment>` set to the
    /// group of every experiment the device and the user have been exposed to. `splitc analyze`
    /// joins it to the exposed units by `device` and `user`, and computes the metrics of
    /// experiments from it.
    ///
    /// Apps call the generated `track(_:)`, which takes the generated `SplitTestEvents` (so that
    /// a case is written with a leading dot) and calls this one:
    ///
    /// ```swift
    /// service.track(.purchase(revenue: 3.99, currency: .usd))
    /// service.track(.screenLoaded(milliseconds: 420))
    /// ```
    ///
    /// In a JSON-lines file, that purchase is the line
    /// `{"date":"…","event":"purchase","properties":{"currency":"usd","device":"…","revenue":3.99,"split_test-button_color":"blue","user":"…"},"user":"…"}`.
    @_spi(Generated) public func track(_ event: any SplitTestEvent) {
        let (device, user, groups) = unitsAndExposedGroups()
        let declared = event.trackingEvent
        tracking.track(
            TrackingEvent.declared(
                declared.identifier, properties: declared.properties, device: device, user: user, groups: groups,
                date: declared.date))
    }
}
