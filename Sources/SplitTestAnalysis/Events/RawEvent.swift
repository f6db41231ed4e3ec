import SplitTestFormats

/// One event line as read: its name, its time, and the properties the readout uses.
///
/// Both shapes are read: the runtime's (`{"date", "event", "properties": {…}, "user"}`) and a flat
/// export with the properties beside `event` and `date`. Other properties are skipped unread.
public struct RawEvent: Sendable, Hashable {
    /// `event`, e.g. `split_test_exposure`.
    public var name: String = ""
    /// `date`, in seconds since 1970 (UTC).
    public var time: Double = 0
    /// `experiment` of an exposure.
    public var experiment: String?
    /// `group` of an exposure.
    public var group: String?
    /// `unit` of an exposure or a holdout event.
    public var unit: String?
    /// `goal` of a goal.
    public var goal: String?
    /// `value` of a goal, when given as a number.
    public var value: Double?
    /// Whether `value` was present but not a finite number (`"nan"`, a string, a Boolean, an
    /// array or an object).
    public var valueIsInvalid = false
    /// `device` of a goal.
    public var device: String?
    /// `user` of a goal (its property, or else the line's top-level `user`).
    public var user: String?
    /// `holdout` of a holdout event.
    public var holdout: String?
    /// `period` of an exposure: the allocation period of the unit's first assignment (a bandit's).
    public var period: Int?
    /// Whether `period` was present but not a whole number from 0 to 2³¹ − 1.
    public var periodIsInvalid = false
    /// Every property but `device` and `user`, in the order written, when the line was read
    /// with its properties (the typed properties of an app's declared events, the dimensions of
    /// an exposure); empty otherwise.
    package var properties: [EventLine.Property] = []

    /// Creates an event.
    public init(
        name: String, time: Double, experiment: String? = nil, group: String? = nil, unit: String? = nil,
        goal: String? = nil, value: Double? = nil, device: String? = nil, user: String? = nil, holdout: String? = nil
    ) {
        self.name = name
        self.time = time
        self.experiment = experiment
        self.group = group
        self.unit = unit
        self.goal = goal
        self.value = value
        self.device = device
        self.user = user
        self.holdout = holdout
    }
}
