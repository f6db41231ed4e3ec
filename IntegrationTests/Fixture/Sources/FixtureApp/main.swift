import SplitTesting

/// One line per experiment: its groups and what `unit` gets on a fresh install.
func describe<Test: SplitTest>(_ test: Test.Type, unit: String) -> String {
    let resolution = Test.definition.rules.resolve(unit: unit)
    let groups = Test.Group.allCases.map(\.rawValue).joined(separator: ",")
    let group = Test.Group.allCases[resolution.groupIndex].rawValue
    return "\(Test.identifier) groups=\(groups) \(unit)=\(group)"
}

for test in SplitTestCatalog.all {
    print(describe(test, unit: "user-42"))
}
let device = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
print("button_color \(device)=\(ButtonColorSplitTest.definition.bucketedGroup(forUnit: device).rawValue)")
