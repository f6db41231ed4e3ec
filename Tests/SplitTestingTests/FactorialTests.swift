@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestingTestSupport
import Testing

/// A multivariate experiment is a definition whose groups are its cells: one group hash per unit
/// into the cell table, stickiness, overrides, force, control documents and exposures with cell
/// names, and one `factor_<name>` property per factor on the exposure.
@Suite struct FactorialTests {
    static func service(
        user: String? = "user-1", store: InMemoryAssignmentStore = InMemoryAssignmentStore(),
        recorder: RecordingTrackingProvider = RecordingTrackingProvider(), issues: IssueRecorder = IssueRecorder(),
        launchOverrides: LaunchOverrides = .disabled, control: SplitTestControl? = nil
    ) -> SplitTestingService {
        let service = SplitTestingService(configuration: .init(
            store: store, deviceID: "device-1", catalog: [CheckoutPageSplitTest.self],
            tracking: TrackingClient(providers: [recorder]), launchOverrides: launchOverrides,
            report: issues.report).with(control: control))
        if let user { service.associate(user: user) }
        return service
    }

    @Test func theDefinitionsGroupsAreTheCellsInCellOrder() throws {
        let definition = CheckoutPageSplitTest.definition
        #expect(definition.groups == [
            "classic+green", "classic+orange", "classic+purple", "urgent+green", "urgent+orange", "urgent+purple",
        ])
        #expect(definition.control == "classic+green")
        let design = try #require(definition.factorial)
        #expect(design.factors.map(\.name) == ["headline", "button"])
        #expect(design.factors.map(\.levels) == [["classic", "urgent"], ["green", "orange", "purple"]])
        #expect(design.cellLevels == [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]])
        #expect(design.isFullFactorial)
        #expect(design.levels(ofCell: 4) == ["urgent", "orange"])
        #expect(definition.bucketTable == BucketTable(weights: [1, 1, 1, 1, 2, 1]))
        let fractional = try #require(CheckoutPageFractionalSplitTest.definition.factorial)
        #expect(!fractional.isFullFactorial)
        #expect(fractional.cellLevels == [[0, 0], [0, 2], [1, 1]])
        #expect(ButtonColorSplitTest.definition.factorial == nil)
    }

    @Test func aCellNameIsItsLevelsAndNothingElse() {
        typealias Group = CheckoutPageSplitTest.Group
        for cell in Group.allCases { #expect(Group(rawValue: cell.rawValue) == cell) }
        for name in ["urgent", "urgent+orange+x", "orange+urgent", "urgent+", "+orange", "", "urgent+blue", "Urgent+orange"] {
            #expect(Group(rawValue: name) == nil, "\(name) is no cell")
        }
        typealias Fractional = CheckoutPageFractionalSplitTest.Group
        #expect(Fractional(rawValue: "urgent+orange")?.button == .orange)
        #expect(Fractional(rawValue: "urgent+green") == nil, "a cell the fractional design does not list")
        #expect(Fractional(headline: .classic, button: .orange) == nil)
    }

    /// One group hash (seed 0 over `salt:unit`) per unit, into the bucket table over the cells.
    @Test func eachUnitGetsTheCellOfItsGroupBucket() {
        let store = InMemoryAssignmentStore()
        let service = Self.service(user: nil, store: store)
        var seen = Set<String>()
        for index in 0..<600 {
            let user = "user-\(index)"
            service.associate(user: user)
            let test = service.fetchSplitTest(CheckoutPageSplitTest.self)
            let bucket = Bucketing.bucket(salt: "checkout_page", unit: user, purpose: .group)
            let bounds = [1429, 2858, 4287, 5715, 8572, 10_000]
            let expected = CheckoutPageSplitTest.definition.groups[bounds.firstIndex { bucket < $0 } ?? 0]
            #expect(test.currentGroup.rawValue == expected)
            #expect(test.assignment.reason == .bucketed)
            #expect(store.string(for: StorageKey.assignment(experiment: "checkout_page", unit: user)) == expected)
            seen.insert(expected)
        }
        #expect(seen.count == 6)
    }

    @Test func theExposureCarriesTheCellAndEachFactorsLevel() {
        let recorder = RecordingTrackingProvider()
        let service = Self.service(recorder: recorder)
        let test = service.fetchSplitTest(CheckoutPageSplitTest.self)
        test.hitSplitTest()
        test.hitSplitTest()
        #expect(recorder.events.count == 1)
        #expect(recorder.events.first?.properties == [
            TrackingEvent.Property.experiment: "checkout_page", TrackingEvent.Property.group: .string(test.currentGroup.rawValue),
            TrackingEvent.Property.unit: "user-1",
            TrackingEvent.factorPropertyName(factor: "headline"): .string(test.currentGroup.headline.rawValue),
            TrackingEvent.factorPropertyName(factor: "button"): .string(test.currentGroup.button.rawValue),
            TrackingEvent.dimensionPropertyName(attribute: "platform"): .string(service.attributes["platform"]?.description ?? "none"),
        ])
        #expect(TrackingEvent.factorPropertyName(factor: "headline") == "factor_headline")
        service.trackGoal("purchase")
        #expect(recorder.events.last?.properties["split_test-checkout_page"] == .string(test.currentGroup.rawValue))
    }

    @Test func aPlainExperimentsExposureHasNoFactors() {
        let recorder = RecordingTrackingProvider()
        let service = Self.service(recorder: recorder)
        service.fetchSplitTest(CheckoutPageSplitTest.self).hitSplitTest()
        service.fetchSplitTest(ButtonColorSplitTest.self).hitSplitTest()
        #expect(recorder.events.count == 2)
        #expect(recorder.events.last?.properties.keys.sorted() == ["dimension_platform", "experiment", "group", "unit"])
    }

    @Test func theStoredValueIsTheCellNameAndStaysAcrossLaunches() {
        let store = InMemoryAssignmentStore()
        let first = Self.service(store: store).fetchSplitTest(CheckoutPageSplitTest.self)
        #expect(store.string(for: StorageKey.assignment(experiment: "checkout_page", unit: "user-1")) == first.currentGroup.rawValue)
        let second = Self.service(store: store).fetchSplitTest(CheckoutPageSplitTest.self)
        #expect(second.currentGroup == first.currentGroup)
        #expect(second.assignment.reason == .sticky)
    }

    @Test func aStoredCellThatIsNoLongerListedIsDiscardedAndReported() throws {
        let user = unitID { CheckoutPageSplitTest.bucketedGroup(forUnit: $0).rawValue == "urgent+green" }
        let store = InMemoryAssignmentStore()
        _ = Self.service(user: user, store: store).fetchSplitTest(CheckoutPageSplitTest.self)
        let issues = IssueRecorder()
        let later = Self.service(user: user, store: store, issues: issues).fetchSplitTest(CheckoutPageFractionalSplitTest.self)
        #expect(later.assignment.reason == .bucketed)
        #expect(later.currentGroup == CheckoutPageFractionalSplitTest.bucketedGroup(forUnit: user))
        #expect(issues.issues == [.storedGroupNotFound(experiment: "checkout_page", unit: user, group: "urgent+green")])
        #expect(store.string(for: StorageKey.assignment(experiment: "checkout_page", unit: user)) == later.currentGroup.rawValue)
    }

    @Test func overridesNameCells() {
        let issues = IssueRecorder()
        let service = Self.service(issues: issues, launchOverrides: LaunchOverrides(
            environment: ["SPLIT_TEST_OVERRIDES": "checkout_page=urgent+green"]))
        #expect(service.fetchSplitTest(CheckoutPageSplitTest.self).currentGroup == .init(headline: .urgent, button: .green))
        #expect(service.fetchSplitTest(CheckoutPageSplitTest.self).assignment.reason == .override)
        service.setOverride(CheckoutPageSplitTest.self, group: .init(headline: .classic, button: .purple))
        #expect(service.fetchSplitTest(CheckoutPageSplitTest.self).currentGroup.rawValue == "classic+purple")
        #expect(!service.setOverride(experiment: "checkout_page", group: "urgent+blue"))
        #expect(!service.setOverride(experiment: "checkout_page", group: "orange+urgent"))
        #expect(issues.issues == [
            .overrideGroupNotFound(experiment: "checkout_page", group: "urgent+blue", source: .api),
            .overrideGroupNotFound(experiment: "checkout_page", group: "orange+urgent", source: .api),
        ])
    }

    @Test func forceAndNoUserServeCells() {
        let forced = Self.service(user: "qa-user").fetchSplitTest(CheckoutPageSplitTest.self)
        #expect(forced.currentGroup.rawValue == "urgent+purple")
        #expect(forced.assignment.reason == .forced)
        let signedOut = Self.service(user: nil).fetchSplitTest(CheckoutPageSplitTest.self)
        #expect(signedOut.currentGroup == .init(headline: .classic, button: .green))
        #expect(signedOut.assignment.reason == .noUser)
    }

    @Test func aControlDocumentNamesCellsAndAnUnknownCellIsReportedAndIgnored() {
        let winner = Self.service(control: SplitTestControl(sequence: 1, experiments: [
            "checkout_page": .init(status: .resolved(winner: "urgent+orange"), force: ["user-1": "classic+orange"]),
        ]))
        #expect(winner.fetchSplitTest(CheckoutPageSplitTest.self).currentGroup.rawValue == "classic+orange")
        winner.associate(user: "user-2")
        #expect(winner.fetchSplitTest(CheckoutPageSplitTest.self).currentGroup.rawValue == "urgent+orange")
        #expect(winner.fetchSplitTest(CheckoutPageSplitTest.self).assignment.reason == .resolved)

        let issues = IssueRecorder()
        let unknown = Self.service(issues: issues, control: SplitTestControl(sequence: 1, experiments: [
            "checkout_page": .init(status: .resolved(winner: "urgent+blue")),
        ]))
        #expect(issues.issues == [.controlGroupNotFound(experiment: "checkout_page", group: "urgent+blue")])
        #expect(unknown.fetchSplitTest(CheckoutPageSplitTest.self).assignment.reason == .bucketed)
    }
}
