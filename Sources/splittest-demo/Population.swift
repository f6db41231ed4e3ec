import Foundation
import SplitTesting

/// Simulated installs: one service per device, each with its own store, as on real phones.
/// Half of the devices have a signed-in user, so user-level experiments see both cases.
struct Population {
    let services: [SplitTestingService]

    init(devices: Int, tracking: TrackingClient = TrackingClient()) {
        services = (0..<devices).map { index in
            let service = SplitTestingService(configuration: .init(
                store: .inMemory,
                deviceID: Population.deviceID(index),
                catalog: SplitTestCatalog.all,
                tracking: tracking))
            if index.isMultiple(of: 2) { service.associate(user: "user-\(index / 2)") }
            return service
        }
    }

    /// A device id shaped like the random UUIDs apps use, derived from `index` so that every run
    /// shows the same figures.
    static func deviceID(_ index: Int) -> String {
        let words = (0..<4).map { MurmurHash3.hash(String(index).utf8, seed: UInt32($0)) }
        let bytes = words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
        return UUID(uuid: uuid).uuidString.lowercased()
    }

    /// One table row per group: its weight, the share of enrolled units it received, and how many
    /// units were not enrolled (outside traffic or layer, or without a user).
    func shareRows<T: SplitTest>(of type: T.Type) -> [[String]] {
        var counts: [T.Group: Int] = [:]
        var reasons: [AssignmentReason: Int] = [:]
        for service in services {
            let test = service.fetchSplitTest(T.self)
            reasons[test.assignment.reason, default: 0] += 1
            if test.assignment.reason.isEnrolled { counts[test.currentGroup, default: 0] += 1 }
        }
        let enrolled = counts.values.reduce(0, +)
        let shares = T.definition.bucketTable.shares
        let status: String
        switch T.definition.status {
        case .resolved:
            status = "resolved: \(T.definition.winner ?? "") for all (\(reasons[.resolved, default: 0]))"
        case .stopped:
            status = "stopped: \(T.definition.control) for all (\(reasons[.stopped, default: 0]))"
        case .running:
            let notEnrolled = services.count - enrolled
            let kept = [("held out", reasons[.holdout, default: 0]), ("not targeted", reasons[.notTargeted, default: 0])]
                .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
            status = "\(enrolled) enrolled, \(notEnrolled) not" + (kept.isEmpty ? "" : " (" + kept.joined(separator: ", ") + ")")
        }
        return T.Group.allCases.enumerated().map { index, group in
            let observed = enrolled == 0 ? "-" : percent(Double(counts[group, default: 0]) / Double(enrolled))
            return [
                index == 0 ? T.identifier : "", group.rawValue,
                percent(shares[index]), observed,
                index == 0 ? status : "",
            ]
        }
    }
}
