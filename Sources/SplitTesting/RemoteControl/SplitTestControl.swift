/// A control document's payload: remote changes to experiments this build knows, published by
/// `splitc publish` from the same definitions, so that a running experiment can be stopped,
/// resolved, ramped or forced without a release.
///
/// Values present in an ``Entry`` replace the compiled ones field by field; experiments the
/// build does not know are ignored. Apps do not build these: `SplitTestingRemote` fetches,
/// verifies and applies them, and `splitc` writes them; its payload codec is in
/// SplitTestControl+Payload.swift.
///
/// ```swift
/// let control = SplitTestControl(sequence: 42, experiments: [
///     "profile_redesign": .init(status: .stopped),
///     "feed_prefetch": .init(trafficBuckets: 2_000),
/// ])
/// service.applyControl(control)
/// ```
@_spi(Tools) public struct SplitTestControl: Sendable, Hashable {
    /// The remote values of one experiment; `nil` keeps the compiled value.
    public struct Entry: Sendable, Hashable {
        /// The status, replacing the compiled one (a resolved one with its winner).
        public var status: SplitTestStatus?
        /// `traffic × 100`, in `1...10_000`.
        public var trafficBuckets: Int?
        /// Group names by unit id, replacing the compiled `force:`.
        public var force: [String: String]?
        /// New weights, in percent by group name (steps of 0.01, summing to exactly 100; a group
        /// left out gets none), for units not yet assigned: units already assigned keep their group.
        /// `splitc bandit` writes them for bandit experiments.
        public var weights: [String: Double]?
        /// The allocation period these weights begin (a positive integer), which the exposures of
        /// the units first assigned under them carry.
        public var period: Int?
        /// When the experiment enrols, replacing the compiled schedule.
        public var schedule: SplitTestSchedule?

        /// Creates an entry.
        public init(
            status: SplitTestStatus? = nil, trafficBuckets: Int? = nil, force: [String: String]? = nil,
            weights: [String: Double]? = nil, period: Int? = nil, schedule: SplitTestSchedule? = nil
        ) {
            self.schedule = schedule
            self.status = status
            self.trafficBuckets = trafficBuckets
            self.force = force
            self.weights = weights
            self.period = period
        }
    }

    /// Grows with every document published; a document whose sequence is not greater than the
    /// one in force is ignored.
    public var sequence: Int
    /// When it was published (ISO 8601), for logs.
    public var generated: String?
    /// Entries by experiment identifier.
    public var experiments: [String: Entry]
    /// The environment it was published for (`splitc publish --environment`); a service whose
    /// environment is another reports it and keeps the control in force. `nil` for a document
    /// of the base values, which any service accepts.
    public var environment: String?

    /// Creates a control.
    public init(sequence: Int, generated: String? = nil, experiments: [String: Entry], environment: String? = nil) {
        self.environment = environment
        self.sequence = sequence
        self.generated = generated
        self.experiments = experiments
    }
}
