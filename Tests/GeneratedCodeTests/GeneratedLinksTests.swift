import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The generated segments, requirement, schedule and environments of `welcome_offer`, resolved by
/// the real runtime.
@Suite struct GeneratedLinksTests {
    static let december = Date(timeIntervalSince1970: 1_797_292_800)  // 2026-12-15

    @Test func theDefinitionCarriesEveryLink() {
        let definition = WelcomeOfferSplitTest.definition
        #expect(definition.targeting?.segments.map(\.name) == ["paying_users"])
        #expect(definition.requirements.map(\.experiment) == ["onboarding_flow"])
        #expect(definition.requirements.first?.definition == OnboardingFlowSplitTest.definition)
        #expect(definition.schedule?.start == 1_796_115_600)
        #expect(Set(definition.environments.keys) == ["development", "staging"])
        #expect(SplitTestEnvironment.allCases.map(\.rawValue) == ["development", "staging", "production"])
    }

    /// A signed-in paying user whose onboarding cell is `five+on+none` is enrolled in December;
    /// one with another cell gets the control, reason `prerequisite`.
    @Test func theServiceAppliesThePrerequisiteForTheSignedInUser() {
        var reasons: [AssignmentReason: Int] = [:]
        for index in 0..<200 {
            let service = SplitTestingService(configuration: .init(
                store: InMemoryAssignmentStore(), deviceID: "device-\(index)", builtInAttributes: SplitTestAttributeValues(),
                environment: SplitTestEnvironment.production.rawValue, clock: { Self.december }))
            service.associate(user: "user-\(index)")
            service.setAttributes(SplitTestAttributes(plan: .pro, daysSinceInstall: 30))
            let cell = service.fetchSplitTest(OnboardingFlowSplitTest.self).assignment.group.rawValue
            let offer = service.fetchSplitTest(WelcomeOfferSplitTest.self).assignment
            // The holdout (step 8) comes before the prerequisite (step 9).
            if cell != "five+on+none" { #expect(offer.reason == .prerequisite || offer.reason == .holdout) }
            if cell == "five+on+none" { #expect(offer.reason != .prerequisite) }
            reasons[offer.reason, default: 0] += 1
        }
        #expect(reasons[.prerequisite, default: 0] > 100)
        #expect(reasons[.bucketed, default: 0] + reasons[.notEnrolled, default: 0] + reasons[.holdout, default: 0] > 10)
    }
}
