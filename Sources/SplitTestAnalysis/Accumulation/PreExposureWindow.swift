/// The stretch of time before a unit's first exposure whose goals CUPED reads as the unit's
/// covariate: `days` days up to the exposure, the exposure itself excluded (a goal at the
/// moment of the first exposure counts after it, as it always has).
///
/// A goal at time `t` is in the window of a unit first exposed at `f` when
/// `f − days·86,400 s ≤ t < f`. The length is kept in whole microseconds, the precision of the
/// warehouses' timestamps, so that the event files and the emitted SQL draw the same line.
///
/// ```swift
/// let window = PreExposureWindow(days: 14)!
/// window.contains(goalAt: exposure - 3_600, firstExposure: exposure)  // true
/// ```
public struct PreExposureWindow: Sendable, Hashable {
    /// Two weeks, GrowthBook's default lookback.
    public static let defaultDays = 14.0
    /// The longest window accepted, in days (so that its microseconds fit any warehouse's integer).
    public static let maximumDays = 1_000_000.0

    /// The length in days, as given.
    public let days: Double
    /// The length in whole microseconds.
    public let microseconds: Int64

    /// A window of `days` days; `nil` unless `days` is a positive finite number of at least a
    /// microsecond and at most ``maximumDays``.
    public init?(days: Double) {
        guard days.isFinite, days > 0, days <= Self.maximumDays else { return nil }
        let microseconds = (days * 86_400_000_000).rounded()
        guard microseconds >= 1 else { return nil }
        self.days = days
        self.microseconds = Int64(microseconds)
    }

    /// The two weeks of ``defaultDays``.
    public static let twoWeeks = PreExposureWindow(days: defaultDays)!

    /// The length in seconds.
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// Whether a goal at `time` falls in the window of a unit first exposed at `firstExposure`
    /// (both in seconds since 1970).
    public func contains(goalAt time: Double, firstExposure: Double) -> Bool {
        time < firstExposure && time >= firstExposure - seconds
    }
}
