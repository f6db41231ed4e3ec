import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting

/// Overrides through the API, the environment and launch arguments, and unknown ones.
@Suite struct OverrideTests {
    @Test func nameBasedOverridesAreCheckedAgainstTheCatalog() {
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog, report: issues.report))
        #expect(service.setOverride(experiment: "button_color", group: "dark_gray"))
        #expect(!service.setOverride(experiment: "button_colour", group: "blue"))
        #expect(!service.setOverride(experiment: "button_color", group: "purple"))
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == .darkGray)
        #expect(service.overrides == ["button_color": "dark_gray"])
        #expect(issues.issues == [
            .overrideExperimentNotFound(experiment: "button_colour", source: .api),
            .overrideGroupNotFound(experiment: "button_color", group: "purple", source: .api),
        ])
    }

    @Test func clearOverridesRestoresBucketing() {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), catalog: testCatalog))
        service.setOverride(ButtonColorSplitTest.self, group: .darkGray)
        service.setOverride(experiment: "app_color_scheme", group: "light")
        service.clearOverrides()
        #expect(service.overrides.isEmpty)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .bucketed)
        #expect(service.fetchSplitTest(AppColorSchemeSplitTest.self).assignment.reason == .resolved)
    }

    @Test func anOverrideSetAfterAResolutionWinsUntilRemoved() {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: "override-device", catalog: testCatalog))
        let bucketed = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(bucketed.assignment.reason == .bucketed)
        let other: ButtonColorSplitTest.Group = bucketed.currentGroup == .red ? .blue : .red
        service.setOverride(ButtonColorSplitTest.self, group: other)
        for _ in 0..<2 {
            let overridden = service.fetchSplitTest(ButtonColorSplitTest.self)
            #expect(overridden.currentGroup == other)
            #expect(overridden.assignment.reason == .override)
            #expect(overridden.assignment.unitID == "override-device")
        }
        // Another experiment's resolution is untouched by the override.
        #expect(service.fetchSplitTest(AppColorSchemeSplitTest.self).assignment.reason == .resolved)
        service.removeOverride(ButtonColorSplitTest.self)
        let sticky = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(sticky.currentGroup == bucketed.currentGroup)
        #expect(sticky.assignment.reason == .sticky)
        #expect(sticky.assignment.unitID == "override-device")
    }

    @Test func environmentAndLaunchArgumentsOverrideWhenEnabled() {
        let launch = LaunchOverrides(
            environment: ["SPLIT_TEST_OVERRIDES": "button_color=blue, profile_redesign=new_v1"],
            arguments: ["/path/to/App", "-SPLIT_TEST_OVERRIDES", "button_color=dark_gray", "-other", "x"])
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            catalog: testCatalog, launchOverrides: launch, report: issues.report))
        // The launch argument comes after the environment, so it wins.
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).currentGroup == .darkGray)
        service.associate(user: "user-1")
        let profile = service.fetchSplitTest(ProfileRedesignSplitTest.self)
        #expect(profile.currentGroup == .newV1)
        #expect(profile.assignment.reason == .override)
        #expect(issues.issues.isEmpty)
    }

    @Test func launchOverridesAreIgnoredUnlessEnabled() {
        var configuration = SplitTestingService.Configuration(store: InMemoryAssignmentStore(), catalog: testCatalog)
        #expect(configuration.launchOverrides == .disabled)
        configuration.launchOverrides = .disabled
        let service = SplitTestingService(configuration: configuration)
        #expect(service.overrides.isEmpty)
        #expect(service.fetchSplitTest(ButtonColorSplitTest.self).assignment.reason == .bucketed)
    }

    @Test func unknownAndMalformedLaunchOverridesAreReportedAndIgnored() {
        let launch = LaunchOverrides(
            environment: ["SPLIT_TEST_OVERRIDES": "nope=blue,button_color=purple,garbage,=blue,,button_color=blue"],
            arguments: ["-SPLIT_TEST_OVERRIDES"])
        let issues = IssueRecorder()
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            catalog: testCatalog, launchOverrides: launch, report: issues.report))
        #expect(service.overrides == ["button_color": "blue"])
        #expect(issues.issues == [
            .overrideExperimentNotFound(experiment: "nope", source: .environment),
            .overrideGroupNotFound(experiment: "button_color", group: "purple", source: .environment),
            .malformedOverride(text: "garbage", source: .environment),
            .malformedOverride(text: "=blue", source: .environment),
            .malformedOverride(text: "-SPLIT_TEST_OVERRIDES", source: .launchArgument),
        ])
        #expect(issues.issues.allSatisfy { !$0.description.isEmpty })
    }

    @Test func duplicateCatalogEntriesAreReported() {
        let issues = IssueRecorder()
        _ = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            catalog: [ButtonColorSplitTest.self, ButtonColorWithoutDarkGraySplitTest.self], report: issues.report))
        #expect(issues.issues == [.duplicateCatalogExperiment(experiment: "button_color")])
    }
}
