import SplitTesting

/// A user-level experiment follows the signed-in user, never the device: one user's group is
/// never served to another, and a user who comes back gets their group again.
func runLoginScenario() {
    section("Users: profile_redesign (user-level) on one shared device")
    let service = SplitTestingService(configuration: .init(
        store: .inMemory,
        deviceID: Population.deviceID(42), catalog: SplitTestCatalog.all))
    // Two users the experiment enrols into different groups, found by resolving each candidate
    // as the service does (on a scratch service of its own), so that the table shows each user
    // keeping their own group.
    func user(bucketedOutside excluded: String) -> (user: String, group: String) {
        for number in 1000... {
            let scratch = SplitTestingService(configuration: .init(store: .inMemory, deviceID: Population.deviceID(42)))
            scratch.associate(user: "user-\(number)")
            let assignment = scratch.fetchSplitTest(ProfileRedesignSplitTest.self).assignment
            if assignment.reason == .bucketed && assignment.group.rawValue != excluded {
                return ("user-\(number)", assignment.group.rawValue)
            }
        }
        preconditionFailure("some user is bucketed outside every single group")
    }
    let (first, firstGroup) = user(bucketedOutside: ProfileRedesignSplitTest.definition.control)
    let second = user(bucketedOutside: firstGroup).user
    var steps = TextTable(header: ["step", "user", "group", "reason"])
    func record(_ step: String) {
        let profile = service.fetchSplitTest(ProfileRedesignSplitTest.self)
        steps.append([step, service.currentUserID ?? "-", profile.currentGroup.rawValue, "\(profile.assignment.reason)"])
    }
    record("launch, signed out")
    service.associate(user: first)
    record("associate(user:)")
    record("fetch again")
    service.dissociate()
    record("dissociate()")
    service.associate(user: second)
    record("another user signs in")
    service.associate(user: first)
    record("the first user returns")
    print(steps.render())
}
