import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// What every unwritable-location test checks once its store cannot write: the service keeps
/// serving, from memory, the groups it resolved, and the failure was reported once.
enum UnwritableStoreScenario {
    static let users = (1...20).map { "user-\($0)" }

    /// Resolves both experiments for the device and every user, lets the store try to write,
    /// and checks that the failure was reported and nothing changed for the app. Returns each
    /// unit's group, by storage key, for checks against the file afterwards.
    @discardableResult
    static func run(store: FileAssignmentStore, recorder: IssueRecorder) -> [String: String] {
        let service = SplitTestingService(configuration: .init(
            store: store, catalog: [CheckoutFlowSplitTest.self, ProfileLayoutSplitTest.self],
            report: recorder.record))
        let checkout = service.fetchSplitTest(CheckoutFlowSplitTest.self)
        var profiles: [String: ProfileLayoutSplitTest.Group] = [:]
        for user in users {
            service.associate(user: user)
            profiles[user] = service.fetchSplitTest(ProfileLayoutSplitTest.self).currentGroup
        }
        store.flush()
        // A write that fails, or a lock that cannot be taken to write: one report until a write succeeds.
        #expect(recorder.unwritable.count + recorder.lockUnavailable.count == 1, "\(recorder.issues)")
        #expect(recorder.corrupt.isEmpty)

        // The same service, again: the same groups.
        #expect(service.fetchSplitTest(CheckoutFlowSplitTest.self).currentGroup == checkout.currentGroup)
        for user in users {
            service.associate(user: user)
            #expect(service.fetchSplitTest(ProfileLayoutSplitTest.self).currentGroup == profiles[user])
        }

        // A new service on the same store, as after a sign-out and sign-in or a second service in
        // the process: the assignments the store keeps in memory are served as sticky.
        let next = SplitTestingService(configuration: .init(
            store: store, catalog: [CheckoutFlowSplitTest.self, ProfileLayoutSplitTest.self],
            report: recorder.record))
        #expect(next.deviceID == service.deviceID)
        let nextCheckout = next.fetchSplitTest(CheckoutFlowSplitTest.self)
        #expect(nextCheckout.currentGroup == checkout.currentGroup)
        #expect(nextCheckout.assignment.reason == .sticky)
        for user in users {
            next.associate(user: user)
            let profile = next.fetchSplitTest(ProfileLayoutSplitTest.self)
            #expect(profile.currentGroup == profiles[user] && profile.assignment.reason == .sticky)
        }

        var expected = [StorageKey.deviceID: service.deviceID]
        expected[StorageKey.assignment(experiment: CheckoutFlowSplitTest.identifier, unit: service.deviceID)] =
            checkout.currentGroup.rawValue
        for (user, group) in profiles {
            expected[StorageKey.assignment(experiment: ProfileLayoutSplitTest.identifier, unit: user)] = group.rawValue
        }
        return expected
    }

    /// The JSON object of strings in `file`, or nil when it is missing or not such an object.
    static func storedValues(in file: URL) -> [String: String]? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: String]
    }
}
