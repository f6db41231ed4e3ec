import SplitTesting

/// Main-actor isolated by default, like an app's UI code: the generated types must be usable here
/// and from a nonisolated context without a warning.
struct BuyButton {
    let group: ButtonColorSplitTest.Group

    var label: String { "\(group.rawValue) \(group.color) radius \(group.cornerRadius)" }
}

nonisolated func bucketed(_ unit: String) -> ButtonColorSplitTest.Group {
    SplitTestingService(configuration: .init(store: .inMemory, deviceID: unit)).fetchSplitTest(ButtonColorSplitTest.self).currentGroup
}

let button = BuyButton(group: bucketed("user-42"))
print("main-actor button_color user-42=\(button.label) catalog=\(SplitTestCatalog.all.count)")
