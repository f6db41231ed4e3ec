import Foundation
import SplitTesting

/// A second launch over the same stores: every device keeps its device id and every group.
func runSecondLaunchScenario() {
    section("Second launch: 200 installs with a file store each, launched twice")
    withScratchDirectory("stores") { directory in
        func launch() -> [[String]] {
            (0..<200).map { index in
                let store: BuiltInAssignmentStore = .file(at: directory.appendingPathComponent("install-\(index).json"))
                let service = SplitTestingService(configuration: .init(store: store, catalog: SplitTestCatalog.all))
                service.associate(user: "user-\(index)")
                let groups = SplitTestCatalog.all.map { groupName(of: $0, in: service) }
                service.flush()
                return [service.deviceID] + groups
            }
        }
        let first = launch()
        let second = launch()
        let same = zip(first, second).filter { $0 == $1 }.count
        print("device ids created on first launch and kept: \(Set(first.map { $0[0] }).count) distinct")
        print("installs with the same device id and the same group in all "
            + "\(SplitTestCatalog.all.count) experiments on the second launch: \(same) of \(first.count)")
    }
}

/// The raw group name `service` resolves for `type`, opening the catalog's existential.
func groupName<T: SplitTest>(of type: T.Type, in service: SplitTestingService) -> String {
    service.fetchSplitTest(T.self).currentGroup.rawValue
}
