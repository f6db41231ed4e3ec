import SplitTesting

/// One line per experiment: its groups and what `unit` gets on a fresh install, asked of a
/// service as an app asks it (the unit is both the device and the signed-in user).
func describe<Test: SplitTest>(_ test: Test.Type, unit: String) -> String {
    let service = SplitTestingService(configuration: .init(store: .inMemory, deviceID: unit, catalog: SplitTestCatalog.all))
    service.associate(user: unit)
    let groups = Test.Group.allCases.map(\.rawValue).joined(separator: ",")
    return "\(Test.identifier) groups=\(groups) \(unit)=\(service.fetchSplitTest(Test.self).currentGroup.rawValue)"
}

for test in SplitTestCatalog.all {
    print(describe(test, unit: "user-42"))
}
let device = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
let service = SplitTestingService(configuration: .init(store: .inMemory, deviceID: device))
print("button_color \(device)=\(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup.rawValue)")
