import Foundation
import Observation
import Testing
@_spi(Generated) @_spi(Tools) @testable import SplitTesting

/// The observable model a debug menu's list binds to: its rows follow every change of the
/// service, wherever it was made, and its actions change the service.
@MainActor
@Suite(.timeLimit(.minutes(2))) struct DebugModelTests {
    static func service(store: any AssignmentStore = InMemoryAssignmentStore()) -> SplitTestingService {
        SplitTestingService(configuration: .init(
            store: store, catalog: DebugSnapshotTests.catalog, builtInAttributes: SplitTestAttributeValues()))
    }

    /// Waits until `condition` holds, letting the model's observation run; whether it did.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    static func row(_ identifier: String, of model: SplitTestingDebugModel) -> SplitTestingDebugSnapshot.Experiment? {
        model.snapshot.experiments.first { $0.identifier == identifier }
    }

    @Test func theRowsAreTheServicesSnapshot() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let service = Self.service()
        let model = SplitTestingDebugModel(service: service)
        #expect(model.snapshot.experiments == service.debugSnapshot().experiments)
        #expect(model.snapshot.experiments.map(\.id) == DebugSnapshotTests.catalog.map { $0.identifier })
        #expect(model.snapshot.deviceID == service.deviceID)
    }

    @Test func rowsFollowEveryChangeMadeToTheService() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let service = Self.service()
        let model = SplitTestingDebugModel(service: service)

        service.setOverride(ButtonColorSplitTest.self, group: .darkGray)
        #expect(await Self.eventually { Self.row("button_color", of: model)?.override == "dark_gray" })
        #expect(Self.row("button_color", of: model)?.reason == .override)

        service.clearOverrides()
        #expect(await Self.eventually { Self.row("button_color", of: model)?.override == nil })

        #expect(service.applyControl(SplitTestControl(sequence: 2, experiments: ["button_color": .init(status: .stopped)])))
        #expect(await Self.eventually { Self.row("button_color", of: model)?.definition.status == .stopped })
        #expect(Self.row("button_color", of: model)?.reason == .stopped && model.snapshot.controlSequence == 2)

        #expect(Self.row("paywall_copy", of: model)?.reason == .notTargeted)
        service.setAttributes(targetedAttributes)
        #expect(await Self.eventually { Self.row("paywall_copy", of: model)?.reason == .bucketed })

        service.associate(user: "user-5")
        #expect(await Self.eventually { Self.row("onboarding_tutorial", of: model)?.unit == "user-5" })
        #expect(Self.row("onboarding_tutorial", of: model)?.reason == .bucketed)

        service.dissociate()
        #expect(await Self.eventually { Self.row("onboarding_tutorial", of: model)?.reason == .noUser })

        let device = model.snapshot.deviceID
        service.eraseAssignments()
        #expect(await Self.eventually { model.snapshot.deviceID != device })
        #expect(model.snapshot.deviceID == service.deviceID)
    }

    @Test func observersAreToldWhenTheRowsChange() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let service = Self.service()
        let model = SplitTestingDebugModel(service: service)
        let told = Locked(false)
        // What SwiftUI does for a view that reads the rows.
        withObservationTracking {
            _ = model.snapshot.experiments
        } onChange: {
            told.withLock { $0 = true }
        }
        service.associate(user: "user-9")
        #expect(await Self.eventually { told.withLock { $0 } })
        #expect(await Self.eventually { Self.row("onboarding_tutorial", of: model)?.unit == "user-9" })
    }

    @Test func theOverrideActionChangesTheServiceAndTheRowsAtOnce() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let store = InMemoryAssignmentStore()
        let service = Self.service(store: store)
        let model = SplitTestingDebugModel(service: service)

        model.setOverride("blue", for: "button_color")
        #expect(service.overrides == ["button_color": "blue"])
        #expect(Self.row("button_color", of: model)?.group == "blue")
        #expect(Self.row("button_color", of: model)?.override == "blue")

        model.setOverride("purple", for: "button_color")  // not a group: reported, ignored
        #expect(service.overrides == ["button_color": "blue"])

        model.setOverride("light", for: "app_color_scheme")
        model.setOverride(nil, for: "button_color")
        #expect(service.overrides == ["app_color_scheme": "light"])
        #expect(Self.row("button_color", of: model)?.override == nil)

        service.clearOverrides()
        model.refresh()
        #expect(service.overrides.isEmpty)
        #expect(model.snapshot.experiments.allSatisfy { $0.override == nil })

        _ = service.fetchSplitTest(ButtonColorSplitTest.self)
        model.refresh()
        #expect(Self.row("button_color", of: model)?.reason == .sticky)
        let device = model.snapshot.deviceID
        service.eraseAssignments()
        model.refresh()
        #expect(store.string(for: StorageKey.assignment(experiment: "button_color", unit: device)) == nil)
        #expect(model.snapshot.deviceID != device)
        #expect(Self.row("button_color", of: model)?.reason == .bucketed)
    }

    /// What the SwiftUI lines of the DebugMenu article read from the model and from a row, used
    /// here as they use it, so that a rename fails this build. SwiftUI itself is not available on
    /// Linux, where CI runs, so the view is not compiled; this keeps it honest otherwise.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    static func whatTheArticleCalls(_ model: SplitTestingDebugModel) -> (model: Set<String>, row: Set<String>) {
        for experiment in model.snapshot.experiments {
            _ = (experiment.id, experiment.override, experiment.identifier, experiment.definition.groups)
            _ = "\(experiment.group) · \(experiment.reason.rawValue)\(experiment.isExposed ? " · exposed" : "")"
            model.setOverride(experiment.override, for: experiment.identifier)
        }
        model.refresh()
        return (
            ["snapshot", "setOverride", "refresh"],
            ["override", "identifier", "definition", "group", "reason", "isExposed"]
        )
    }

    @Test func theArticlesSwiftUILinesUseOnlyWhatIsBuiltAndTestedHere() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let article = try DocumentationArticleTests.article("DebugMenu.md")
        let view = try #require(
            article.components(separatedBy: "```swift\n").first { $0.contains("import SwiftUI") }?
                .components(separatedBy: "\n```").first)
        func members(of name: String) throws -> Set<String> {
            let pattern = try Regex("\\b\(name)\\.([a-zA-Z]+)")
            return Set(view.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
        }
        let service = Self.service()
        let called = Self.whatTheArticleCalls(SplitTestingDebugModel(service: service))
        #expect(try members(of: "model") == called.model)
        #expect(try members(of: "experiment") == called.row)
        #expect(view.contains("SplitTestingDebugModel(service: service)"))
        #expect(article.contains("CI runs on Linux, where SwiftUI does not exist, so these SwiftUI lines are not\ncompiled by it"))
    }

    @Test func aReleasedModelStopsObservingTheService() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let service = Self.service()
        weak var released: SplitTestingDebugModel?
        do {
            let model = SplitTestingDebugModel(service: service)
            released = model
            #expect(service.changeBroadcaster.subscriberCount == 1)
        }
        #expect(released == nil)
        #expect(await Self.eventually { service.changeBroadcaster.subscriberCount == 0 })
    }
}
