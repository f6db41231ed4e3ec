import Testing
@_spi(Generated) @_spi(Tools) import SplitTesting

/// Split tests compare by the resolution they stand for, not by where their hits are reported.
@Suite struct EquatableTests {
    @Test func valuesOfTheSameResolutionAreEqual() {
        let service = SplitTestingService(configuration: .init(store: InMemoryAssignmentStore(), deviceID: "device-1", catalog: testCatalog))
        let first = service.fetchSplitTest(ButtonColorSplitTest.self)
        let second = service.fetchSplitTest(ButtonColorSplitTest.self)
        #expect(first.assignment.reason == .bucketed && second.assignment.reason == .sticky)
        #expect(first != second, "bucketed and then sticky are two reasons")
        #expect(second == service.fetchSplitTest(ButtonColorSplitTest.self))

        // A value made for a preview reports nowhere, yet equals the service's.
        let preview = ButtonColorSplitTest(assignment: SplitTestAssignment(
            experiment: "button_color", group: second.currentGroup, reason: .sticky, unitID: "device-1"))
        #expect(preview == second)
        #expect(preview.assignment.hashValue == second.assignment.hashValue)
    }

    @Test func eachPartOfAnAssignmentCounts() {
        let base = SplitTestAssignment(
            experiment: "banner", group: HeldOutBannerSplitTest.Group.hidden, reason: .holdout, unitID: "device-1",
            holdout: "q1_holdout")
        let variants = [
            SplitTestAssignment(experiment: "badge", group: base.group, reason: .holdout, unitID: "device-1", holdout: "q1_holdout"),
            SplitTestAssignment(experiment: "banner", group: .shown, reason: .holdout, unitID: "device-1", holdout: "q1_holdout"),
            SplitTestAssignment(experiment: "banner", group: base.group, reason: .notEnrolled, unitID: "device-1", holdout: "q1_holdout"),
            SplitTestAssignment(experiment: "banner", group: base.group, reason: .holdout, unitID: "device-2", holdout: "q1_holdout"),
            SplitTestAssignment(experiment: "banner", group: base.group, reason: .holdout, unitID: nil, holdout: "q1_holdout"),
            SplitTestAssignment(experiment: "banner", group: base.group, reason: .holdout, unitID: "device-1", holdout: "q2_holdout"),
            SplitTestAssignment(experiment: "banner", group: base.group, reason: .holdout, unitID: "device-1", holdout: nil),
        ]
        for variant in variants { #expect(variant != base, "\(variant)") }
        #expect(Set(variants + [base]).count == variants.count + 1)
        #expect(HeldOutBannerSplitTest(assignment: base) != HeldOutBannerSplitTest(assignment: variants[1]))
    }
}
