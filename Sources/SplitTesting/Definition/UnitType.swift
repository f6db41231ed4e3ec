/// What an experiment assigns groups to.
public enum UnitType: String, Sendable, Hashable, CaseIterable {
    /// The device (an installation of the app): keyed by the device id, which the app supplies or
    /// the runtime creates on first use and keeps in the assignment store.
    case device
    /// The signed-in user: keyed by the user id set with `associate(user:)`. With no user, the
    /// experiment serves its control and does not enrol anyone.
    case user
}
