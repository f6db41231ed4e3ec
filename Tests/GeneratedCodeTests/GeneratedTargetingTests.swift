@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The generated `SplitTestAttributes`, targeting and holdouts of `experiments/targeting/`,
/// resolved by the real runtime.
@Suite struct GeneratedTargetingTests {
    @Test func attributesBecomeTypedValues() {
        let attributes = SplitTestAttributes(plan: .trial, daysSinceInstall: 12, betaTester: false)
        #expect(attributes.attributeValues == SplitTestAttributeValues([
            "plan": .string("trial"), "days_since_install": .int(12), "beta_tester": .bool(false),
        ]))
        #expect(SplitTestAttributes().attributeValues == SplitTestAttributeValues())
        #expect(SplitTestAttributes.Plan.allCases.map(\.rawValue) == ["free", "trial", "pro"])
    }

    /// The built-ins are typed too: an app gives the values the platform lacks (no bundle version
    /// in a command-line tool or on Linux) or knows better, with no SPI.
    @Test func builtInAttributesAreTypedAndReplaceThePlatformsValues() {
        let attributes = SplitTestAttributes(appVersion: "5.3.1", platform: .ipados, osVersion: "17.4", region: "FR")
        #expect(attributes.attributeValues == SplitTestAttributeValues([
            "app_version": .version(SplitTestVersion("5.3.1")!), "platform": .string("ipados"),
            "os_version": .version(SplitTestVersion("17.4")!), "region": .string("FR"),
        ]))
        #expect(SplitTestAttributes(appVersion: "five", osVersion: "").attributeValues == SplitTestAttributeValues())
        #expect(SplitTestAttributes.Platform.allCases.map(\.rawValue) == SplitTestAttributeValues.platformNames)

        // Through the public configuration: the platform's built-ins, with the app's set over them.
        var reasons: [AssignmentReason: Int] = [:]
        for index in 0..<300 {
            let service = SplitTestingService(configuration: .init(
                store: .inMemory, deviceID: "device-\(index)", catalog: SplitTestCatalog.all))
            service.setAttributes(SplitTestAttributes(appVersion: "5.3.1", platform: .ios))
            reasons[service.fetchSplitTest(HomeWidgetSplitTest.self).assignment.reason, default: 0] += 1
            let old = SplitTestingService(configuration: .init(
                store: .inMemory, deviceID: "device-\(index)", catalog: SplitTestCatalog.all))
            old.setAttributes(SplitTestAttributes(appVersion: "5.1.4", platform: .ios))
            #expect([.notTargeted, .holdout].contains(old.fetchSplitTest(HomeWidgetSplitTest.self).assignment.reason))
        }
        #expect(reasons[.notTargeted] == nil, "every install is targeted: \(reasons)")
        #expect(reasons[.bucketed, default: 0] > 100 && reasons[.notEnrolled, default: 0] > 100, "\(reasons)")
    }

    @Test func targetingAndHoldoutAreCompiledAsData() {
        let widget = HomeWidgetSplitTest.definition
        #expect(widget.targeting?.conditions.map(\.attribute) == ["app_version", "platform"])
        #expect(widget.holdout == SplitTestHoldout(name: "global_2026_q4", unitType: .device, buckets: 500))
        #expect(ButtonColorSplitTest.definition.holdout?.name == "global_2026_q4")
        #expect(AnnualPlanOfferSplitTest.definition.holdout == nil, "a device holdout covers no user experiment")
        #expect(ProfileRedesignSplitTest.definition.targeting == nil)
    }

    /// A paying user a week in is enrolled; a free one, or one not set, gets the standard offer.
    @Test func thePaidUsersExperimentFollowsTheAttributes() {
        let rules = AnnualPlanOfferSplitTest.definition
        var enrolled = 0
        for index in 0..<200 {
            let user = "user-\(index)"
            let paying = rules.resolve(
                unit: user, attributes: SplitTestAttributes(plan: .pro, daysSinceInstall: 7).attributeValues)
            #expect(paying.reason == .bucketed)
            if paying.reason == .bucketed { enrolled += 1 }
            let free = rules.resolve(
                unit: user, attributes: SplitTestAttributes(plan: .free, daysSinceInstall: 30).attributeValues)
            #expect(free.reason == .notTargeted && free.groupIndex == 0)
            #expect(rules.resolve(unit: user).reason == .notTargeted)
        }
        #expect(enrolled == 200)
    }

    /// Through the service: built-in attributes from the configuration, custom ones set by the app.
    @Test func theServiceResolvesTheRolloutWithItsAttributes() {
        var reasons: [AssignmentReason: Int] = [:]
        for index in 0..<400 {
            let service = SplitTestingService(configuration: .init(
                store: InMemoryAssignmentStore(),
                deviceID: "device-\(index)", catalog: SplitTestCatalog.all,
                builtInAttributes: SplitTestAttributeValues([
                    SplitTestAttributeValues.appVersion: .version(SplitTestVersion("5.3.1")!),
                    SplitTestAttributeValues.platform: .string("ios"),
                ])))
            service.setAttributes(SplitTestAttributes(betaTester: true))
            let assignment = service.fetchSplitTest(HomeWidgetSplitTest.self).assignment
            reasons[assignment.reason, default: 0] += 1
            if assignment.reason == .holdout { #expect(assignment.holdout == "global_2026_q4") }
            let old = SplitTestingService(configuration: .init(
                store: InMemoryAssignmentStore(),
                deviceID: "device-\(index)", catalog: SplitTestCatalog.all,
                builtInAttributes: SplitTestAttributeValues([
                    SplitTestAttributeValues.appVersion: .version(SplitTestVersion("5.1.9")!),
                    SplitTestAttributeValues.platform: .string("ios"),
                ])))
            let outdated = old.fetchSplitTest(HomeWidgetSplitTest.self).assignment
            // The holdout is decided before targeting: a held-out device stays held out whatever
            // its version; any other device is not targeted.
            #expect(outdated.reason == (assignment.reason == .holdout ? .holdout : .notTargeted))
            #expect(outdated.group == .hidden)
        }
        #expect(reasons[.notTargeted] == nil)
        #expect((reasons[.bucketed] ?? 0) > 150 && (reasons[.notEnrolled] ?? 0) > 150, "\(reasons)")
        #expect((reasons[.holdout] ?? 0) > 5 && (reasons[.holdout] ?? 0) < 45, "\(reasons)")
    }
}
