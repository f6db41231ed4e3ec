import SplitTesting

// GeneratedSplitTests.swift beside this file is written by `swift package
// --allow-writing-to-package-directory split-tests-generate --target CommittedApp`
// (IntegrationTests/run.sh runs it first), not by the build plugin.
let group = ButtonColorSplitTest.definition.bucketedGroup(forUnit: "user-42")
print("committed button_color user-42=\(group.rawValue) \(group.color) catalog=\(SplitTestCatalog.all.count)")
