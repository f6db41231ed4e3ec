import SplitTesting

// GeneratedSplitTests.swift beside this file is written by `swift package
// --allow-writing-to-package-directory split-tests-generate --target CommittedApp`
// (IntegrationTests/run.sh runs it first), not by the build plugin.
let service = SplitTestingService(configuration: .init(store: .inMemory, deviceID: "user-42"))
let group = service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup
print("committed button_color user-42=\(group.rawValue) \(group.color) catalog=\(SplitTestCatalog.all.count)")
