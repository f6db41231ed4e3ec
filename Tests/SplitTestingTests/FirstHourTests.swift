import Foundation
import Testing
@_spi(Generated) @testable import SplitTesting

/// What a new user meets first: targeting that cannot work is reported, an empty debug snapshot
/// says why it is empty, and tracking values print as themselves.
@Suite struct FirstHourTests {
    static func service(
        attributes: SplitTestAttributeValues, catalog: [any SplitTest.Type] = [PaywallCopySplitTest.self],
        issues: IssueRecorder
    ) -> SplitTestingService {
        SplitTestingService(configuration: .init(
            deviceID: ResolutionTests.device, catalog: catalog, report: issues.report, builtInAttributes: attributes))
    }

    @Test func anUnsetBuiltInAttributeThatAnExperimentTargetsIsReportedOnce() {
        let issues = IssueRecorder()
        // The platform is set, the app's version is not (no bundle version, as in a test or a tool).
        let service = Self.service(attributes: SplitTestAttributeValues(["platform": .string("ios")]), issues: issues)
        #expect(issues.issues.isEmpty, "nothing is reported before an experiment is resolved")
        #expect(service.fetchSplitTest(PaywallCopySplitTest.self).assignment.reason == .notTargeted)
        service.associate(user: "user-1")
        _ = service.fetchSplitTest(PaywallCopySplitTest.self)
        // `plan`, a custom attribute, is the app's to leave unset: not reported.
        #expect(issues.issues == [.targetedAttributeNotSet(attribute: "app_version")])
        #expect(
            issues.issues.map(\.description)
                == ["'app_version' is not set: experiments targeting it enrol no one"])
    }

    @Test func setBuiltInsAreNotReported() {
        let issues = IssueRecorder()
        let service = Self.service(attributes: targetedAttributes, issues: issues)
        service.setAttributes(SplitTestAttributeValues(["plan": .string("free")]))
        #expect(service.fetchSplitTest(PaywallCopySplitTest.self).assignment.reason == .notTargeted)
        #expect(issues.issues.isEmpty)
    }

    @Test func theSnapshotOfAnEmptyCatalogSaysSo() {
        let issues = IssueRecorder()
        let empty = Self.service(attributes: targetedAttributes, catalog: [], issues: issues).debugSnapshot()
        #expect(empty.experiments.isEmpty)
        #expect(empty.description.contains("the catalog is empty"), "\(empty.description)")
        let full = Self.service(attributes: targetedAttributes, issues: issues).debugSnapshot()
        #expect(!full.description.contains("the catalog is empty"))
        #expect(full.description.contains("paywall_copy: "), "\(full.description)")
    }

    @Test func theArticlesQuoteTheseMessagesAsTheRuntimePrintsThem() throws {
        let issue = SplitTestingIssue.targetedAttributeNotSet(attribute: "app_version").description
        #expect(try DocumentationArticleTests.article("Targeting.md").contains("```\n\(issue)\n```"))
        let snapshot = Self.service(attributes: targetedAttributes, catalog: [], issues: IssueRecorder()).debugSnapshot()
        let emptyLine = try #require(snapshot.description.split(separator: "\n").last)
        #expect(try DocumentationArticleTests.article("DebugMenu.md").contains("```\n\(emptyLine)\n```"))
    }

    @Test func trackingValuesPrintAsTheirValues() {
        let values: [TrackingValue] = ["discounted", 3.99, 3, true]
        #expect(values.map(\.description) == ["discounted", "3.99", "3", "true"])
        #expect("\(TrackingValue.string("discounted"))" == "discounted")
    }
}
