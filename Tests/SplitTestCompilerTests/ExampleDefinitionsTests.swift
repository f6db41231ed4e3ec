import Foundation
@_spi(Tools) import SplitTestCompiler
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestTools
import Testing

/// The repository's own `experiments/` folder: the demo's inputs, and the documentation's examples.
@Suite struct ExampleDefinitionsTests {
    static let experimentsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("experiments")

    static func loadExamples() throws -> [SourceFile] {
        let root = experimentsFolder.standardizedFileURL
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [SourceFile] = []
        for case let url as URL in enumerator where ["yaml", "yml"].contains(url.pathExtension) {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count + 1))
            files.append(SourceFile(path: "experiments/" + relative, contents: Array(try Data(contentsOf: url))))
        }
        return files.sorted { $0.path < $1.path }
    }

    static func compiledExamples() throws -> CompilationResult {
        DefinitionCompiler.compile(try loadExamples(), today: testToday)
    }

    @Test func everyExampleCompilesWithTheResolvedAndStoppedWarningsOnly() throws {
        let files = try Self.loadExamples()
        #expect(files.count >= 8)
        let result = DefinitionCompiler.compile(files, today: testToday)
        #expect(!result.hasErrors)
        #expect(result.diagnostics.map(\.description) == [
            "experiments/onboarding_tutorial.yaml:8:9: warning: experiment 'onboarding_tutorial' is resolved: "
                + "every unit gets 'short_tutorial'; its code can be removed once no released app version runs it",
            "experiments/search_suggestions.yaml:9:9: warning: experiment 'search_suggestions' is stopped: "
                + "every unit gets the control 'control' and nothing is enrolled or exposed; stored groups are kept "
                + "for when it runs again",
        ])
        #expect(result.experiments.map(\.identifier) == [
            "annual_plan_offer", "app_color_scheme", "button_color", "checkout_button_copy", "checkout_express_pay",
            "checkout_page", "difficulty_coefficient", "feed_prefetch", "home_widget", "onboarding_copy",
            "onboarding_flow", "onboarding_tutorial", "profile_redesign", "projection_banner", "search_suggestions",
            "welcome_offer",
        ])
        #expect(result.attributes.map(\.name) == ["plan", "days_since_install", "beta_tester"])
        #expect(result.holdouts.map(\.name) == ["global_2026_q4"])
        #expect(result.holdouts.first?.experiments.count == 10, "every device experiment")
    }

    @Test func onboardingCopyIsABanditOfThreeEvenArms() throws {
        let experiment = try Self.example("onboarding_copy")
        #expect(experiment.definition.allocation == .bandit(SplitTestBandit(goal: "signup", minimumWeight: 5, burnIn: 100)))
        #expect(experiment.definition.bucketTable.bucketCounts == [3334, 3333, 3333])
    }

    static func example(_ identifier: String) throws -> Experiment {
        try #require(try compiledExamples().experiments.first { $0.identifier == identifier })
    }

    @Test func difficultyCoefficientWeightsAndTraffic() throws {
        let experiment = try Self.example("difficulty_coefficient")
        #expect(experiment.definition.unitType == .user)
        #expect(experiment.definition.bucketTable.bucketCounts == [1000, 2000, 7000])
        #expect(experiment.definition.trafficBuckets == 3000)
        #expect(experiment.parameters.map(\.type) == [.double])
        #expect(experiment.groups.map(\.parameterValues) == [[.double(1)], [.double(1.1)], [.double(1.5)]])
    }

    @Test func feedPrefetchTimeoutWidensToDoubleThroughDefaults() throws {
        let experiment = try Self.example("feed_prefetch")
        #expect(experiment.parameters.map(\.name) == ["max_prefetch_cost", "video_cost", "image_cost", "timeout_seconds"])
        #expect(experiment.parameters.map(\.type) == [.int, .int, .int, .double])
        #expect(experiment.groups.map { $0.parameterValues.last } == [.double(5), .double(2.5), .double(5)])
        #expect(experiment.definition.bucketTable.bucketCounts == [5000, 2500, 2500])
        #expect(experiment.definition.salt == "feed_prefetch_2026_11")
    }

    @Test func checkoutPageIsAFullFactorialOfItsTwoFactors() throws {
        let experiment = try Self.example("checkout_page")
        let design = try #require(experiment.definition.factorial)
        #expect(design.factors.map(\.name) == ["headline", "button"])
        #expect(design.isFullFactorial)
        #expect(experiment.groupNames == [
            "classic+green", "classic+orange", "classic+purple", "urgent+green", "urgent+orange", "urgent+purple",
        ])
        #expect(experiment.groups.map(\.weight) == [1, 1, 1, 1, 2, 1])
        #expect(experiment.definition.control == "classic+green")
        #expect(experiment.factors.map(\.parameters.count) == [1, 0])
        #expect(experiment.factors[0].levels.map(\.parameterValues) == [[.string("Buy now")], [.string("Only today: free delivery")]])
    }

    @Test func buttonColorDefaultsAndSwiftNames() throws {
        let experiment = try Self.example("button_color")
        #expect(experiment.groupNames == ["red", "blue", "dark_gray"])
        #expect(experiment.groups[1].parameterValues == [.string("#007AFF"), .int(8)])
        #expect(experiment.swiftName == "ButtonColorSplitTest")
        #expect(experiment.expires == CalendarDate(year: 2027, month: 3, day: 1))
        #expect(experiment.displayPath == "experiments/button_color.yaml")
    }

    @Test func checkoutLayerIsSplitInHalves() throws {
        #expect(try Self.example("checkout_button_copy").definition.layer?.buckets == 0..<5000)
        #expect(try Self.example("checkout_express_pay").definition.layer?.buckets == 5000..<10_000)
    }

    @Test func resolvedAndListFormExamples() throws {
        let onboarding = try Self.example("onboarding_tutorial")
        #expect(onboarding.definition.winnerIndex == 1)
        #expect(onboarding.definition.bucketTable.bucketCounts == [3334, 3333, 3333])
        let profile = try Self.example("profile_redesign")
        #expect(profile.definition.bucketTable.bucketCounts == [2500, 2500, 2500, 2500])
        #expect(profile.definition.trafficBuckets == 8000)
        let scheme = try Self.example("app_color_scheme")
        #expect(scheme.swiftName == "AppColorSchemeTest")
        #expect(scheme.parameters.map(\.type) == [.bool, .string])
    }

    @Test func stoppedAndForcedExamples() throws {
        let search = try Self.example("search_suggestions")
        #expect(search.definition.status == .stopped)
        #expect(search.definition.force == ["qa-device-1": 1])
        #expect(UnitAssignment(experiment: search, unit: "device-1").reason == .stopped)
        #expect(UnitAssignment(experiment: search, unit: "qa-device-1").group == "ranked")
        let banner = try Self.example("projection_banner")
        #expect(banner.definition.status == .running)
        #expect(UnitAssignment(experiment: banner, unit: "user-42").reason == .forced)
        #expect(UnitAssignment(experiment: banner, unit: "user-42").group == "show_notification")
    }
}
