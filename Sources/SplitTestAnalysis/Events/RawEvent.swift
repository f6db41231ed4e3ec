import SplitTestFormats

/// One event line as read: its name, its time, and the properties the readout uses.
///
/// Both shapes are read: the runtime's (`{"date", "event", "properties": {…}, "user"}`) and a flat
/// export with the properties beside `event` and `date`. Other properties are skipped unread.
public struct RawEvent: Sendable, Hashable {
    /// The fields as the event-line codec decoded them: the parser hands them over whole, so that
    /// no field is copied on the way to the readout.
    package var fields: EventLine.Fields

    /// `event`, e.g. `split_test_exposure`.
    public var name: String {
        get { fields.event }
        set { fields.event = newValue }
    }
    /// `date`, in seconds since 1970 (UTC).
    public var time: Double {
        get { fields.date }
        set { fields.date = newValue }
    }
    /// `experiment` of an exposure.
    public var experiment: String? {
        get { fields.experiment }
        set { fields.experiment = newValue }
    }
    /// `group` of an exposure.
    public var group: String? {
        get { fields.group }
        set { fields.group = newValue }
    }
    /// `unit` of an exposure or a holdout event.
    public var unit: String? {
        get { fields.unit }
        set { fields.unit = newValue }
    }
    /// `goal` of a goal.
    public var goal: String? {
        get { fields.goal }
        set { fields.goal = newValue }
    }
    /// `value` of a goal, when given as a number.
    public var value: Double? {
        get { fields.value }
        set { fields.value = newValue }
    }
    /// Whether `value` was present but not a finite number (`"nan"`, a string, a Boolean, an
    /// array or an object).
    public var valueIsInvalid: Bool {
        get { fields.valueIsInvalid }
        set { fields.valueIsInvalid = newValue }
    }
    /// `device` of a goal.
    public var device: String? {
        get { fields.device }
        set { fields.device = newValue }
    }
    /// `user` of a goal (its property, or else the line's top-level `user`).
    public var user: String? {
        get { fields.user }
        set { fields.user = newValue }
    }
    /// `holdout` of a holdout event.
    public var holdout: String? {
        get { fields.holdout }
        set { fields.holdout = newValue }
    }
    /// `period` of an exposure: the allocation period of the unit's first assignment (a bandit's).
    public var period: Int? {
        get { fields.period }
        set { fields.period = newValue }
    }
    /// Whether `period` was present but not a whole number from 0 to 2³¹ − 1.
    public var periodIsInvalid: Bool {
        get { fields.periodIsInvalid }
        set { fields.periodIsInvalid = newValue }
    }
    /// Every property but `device` and `user`, in the order written, when the line was read
    /// with its properties (the typed properties of an app's declared events, the dimensions of
    /// an exposure); empty otherwise.
    package var properties: [EventLine.Property] {
        get { fields.properties }
        set { fields.properties = newValue }
    }

    /// The event of a decoded line.
    package init(fields: consuming EventLine.Fields) {
        self.fields = fields
    }

    /// Creates an event.
    public init(
        name: String, time: Double, experiment: String? = nil, group: String? = nil, unit: String? = nil,
        goal: String? = nil, value: Double? = nil, device: String? = nil, user: String? = nil, holdout: String? = nil
    ) {
        fields = EventLine.Fields()
        fields.event = name
        fields.date = time
        fields.experiment = experiment
        fields.group = group
        fields.unit = unit
        fields.goal = goal
        fields.value = value
        fields.device = device
        fields.user = user
        fields.holdout = holdout
    }
}
