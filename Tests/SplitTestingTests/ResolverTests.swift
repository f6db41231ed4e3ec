@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

/// The one resolver as a function of its inputs alone: no store, no service, no clock. Each test
/// gives the stored groups and overrides as values and reads what the resolution says to store.
@Suite struct ResolverTests {
    /// A definition of `button_color` (red, blue, dark_gray) with what a test varies.
    private static func buttonColor(
        status: SplitTestStatus = .running, force: [String: Int] = [:], trafficBuckets: Int = 10_000,
        allocation: SplitTestAllocation = .fixed, requirements: [SplitTestRequirement] = [],
        schedule: SplitTestSchedule? = nil
    ) -> SplitTestDefinition {
        SplitTestDefinition(
            identifier: "button_color", unitType: .device, salt: "button_color", groups: ["red", "blue", "dark_gray"],
            bucketTable: BucketTable(upperBounds: [3334, 6667, 10_000]), controlIndex: 0, trafficBuckets: trafficBuckets,
            status: status, force: force, allocation: allocation, schedule: schedule, requirements: requirements)
    }

    /// `onboarding_flow`, a user-level experiment others require.
    private static let onboarding = SplitTestDefinition(
        identifier: "onboarding_flow", unitType: .user, salt: "onboarding_flow", groups: ["old_flow", "new_flow"],
        bucketTable: BucketTable(upperBounds: [5000, 10_000]), controlIndex: 0)

    private static func resolve(
        _ definition: SplitTestDefinition, device: String? = "device-1", user: String? = nil,
        stored: [String: [String: StoredAssignment]] = [:], overrides: [String: String] = [:], time: Double = 0,
        inForce: [String: SplitTestDefinition] = [:]
    ) -> Resolution {
        Resolver.resolve(
            definition, units: ResolutionUnits(device: device, user: user), attributes: SplitTestAttributeValues(),
            time: time, storedAssignment: { definition, unit in stored[unit]?[definition.identifier] },
            override: { overrides[$0] }, definitionInForce: { inForce[$0.experiment] ?? $0.definition })
    }

    @Test func eachStepComesBeforeTheNext() {
        let stored = ["qa": ["button_color": StoredAssignment(group: "dark_gray")]]
        let definition = Self.buttonColor(status: .resolved(winner: "blue"), force: ["qa": 1])
        // An override beats force, which beats the winner, which beats the stored group.
        #expect(Self.resolve(definition, device: "qa", stored: stored, overrides: ["button_color": "red"]).reason == .override)
        #expect(Self.resolve(definition, device: "qa", stored: stored).reason == .forced)
        #expect(Self.resolve(definition, device: "someone", stored: ["someone": stored["qa"]!]).reason == .resolved)
        // A stopped experiment serves the control even to a unit with a stored group, and keeps it.
        let stopped = Self.resolve(Self.buttonColor(status: .stopped), device: "qa", stored: stored)
        #expect(stopped.reason == .stopped && stopped.groupIndex == 0 && stopped.changes(experiment: "button_color").isEmpty)
        // An override naming no group of the experiment is ignored.
        #expect(Self.resolve(Self.buttonColor(), stored: [:], overrides: ["button_color": "purple"]).reason == .bucketed)
        // The schedule: ended before a stored group, not started after it.
        let schedule = SplitTestSchedule(start: 100, end: 200)
        #expect(Self.resolve(Self.buttonColor(schedule: schedule), device: "qa", stored: stored, time: 300).reason == .ended)
        #expect(Self.resolve(Self.buttonColor(schedule: schedule), device: "qa", stored: stored, time: 50).reason == .sticky)
        #expect(Self.resolve(Self.buttonColor(schedule: schedule), device: "qa", time: 50).reason == .notStarted)
    }

    @Test func aStoredGroupIsStickyAndNothingIsStored() {
        let resolution = Self.resolve(Self.buttonColor(), stored: ["device-1": ["button_color": StoredAssignment(group: "dark_gray")]])
        #expect(resolution.reason == .sticky && resolution.groupIndex == 2)
        #expect(resolution.changes(experiment: "button_color").isEmpty)
    }

    @Test func aBucketedGroupIsToBeStored() {
        let resolution = Self.resolve(Self.buttonColor(), device: "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        // Bucket 4155 of the documented vectors: blue.
        #expect(resolution.reason == .bucketed && resolution.bucket == 4155 && resolution.groupIndex == 1)
        #expect(
            resolution.changes(experiment: "button_color") == [
                .store(
                    experiment: "button_color", unit: "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
                    assignment: StoredAssignment(group: "blue"))
            ])
    }

    @Test func aStoredGroupThatNoLongerExistsIsRemovedAndReplaced() {
        let unit = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
        let stored = [unit: ["button_color": StoredAssignment(group: "purple")]]
        let bucketed = Self.resolve(Self.buttonColor(), device: unit, stored: stored)
        #expect(bucketed.reason == .bucketed && bucketed.discarded == "purple")
        #expect(
            bucketed.changes(experiment: "button_color") == [
                .remove(experiment: "button_color", unit: unit, group: "purple"),
                .store(experiment: "button_color", unit: unit, assignment: StoredAssignment(group: "blue")),
            ])
        // Outside the traffic now: the stale group is removed and nothing stored.
        let outside = Self.resolve(Self.buttonColor(trafficBuckets: 1), device: unit, stored: stored)
        #expect(outside.reason == .notEnrolled)
        #expect(outside.changes(experiment: "button_color") == [.remove(experiment: "button_color", unit: unit, group: "purple")])
    }

    @Test func aBanditTracksThePeriodOfTheFirstAssignment() {
        var bandit = Self.buttonColor(allocation: .bandit(SplitTestBandit(goal: "signup")))
        bandit.period = 4
        let fresh = Self.resolve(bandit)
        #expect(fresh.reason == .bucketed && fresh.period == 4 && fresh.stored?.period == 4)
        let earlier = Self.resolve(bandit, stored: ["device-1": ["button_color": StoredAssignment(group: "red", period: 2)]])
        #expect(earlier.reason == .sticky && earlier.period == 2)
        // A group stored before the experiment tracked periods belongs to period 0.
        let old = Self.resolve(bandit, stored: ["device-1": ["button_color": StoredAssignment(group: "red")]])
        #expect(old.period == 0)
        // A plain experiment has no period.
        #expect(Self.resolve(Self.buttonColor()).period == nil)
    }

    @Test func prerequisitesAreResolvedAndStoredButDecideOnlyEnrolment() {
        let requirement = SplitTestRequirement(definition: Self.onboarding, groups: ["new_flow"])
        let requiring = Self.buttonColor(requirements: [requirement])
        // A user bucketed into each group of the required experiment.
        let users = (0..<200).map { "user-\($0)" }
        let newFlow = users.first { Self.onboarding.resolve(unit: $0).groupIndex == 1 }!
        let oldFlow = users.first { Self.onboarding.resolve(unit: $0).groupIndex == 0 }!
        let met = Self.resolve(requiring, user: newFlow)
        #expect(met.reason == .bucketed)
        #expect(met.requiredChanges == [.store(experiment: "onboarding_flow", unit: newFlow, assignment: StoredAssignment(group: "new_flow"))])
        let unmet = Self.resolve(requiring, user: oldFlow)
        #expect(unmet.reason == .prerequisite && unmet.prerequisite == "onboarding_flow" && unmet.groupIndex == 0)
        #expect(unmet.changes(experiment: "button_color") == [
            .store(experiment: "onboarding_flow", unit: oldFlow, assignment: StoredAssignment(group: "old_flow"))
        ])
        // The required experiment's stored group, its override and its definition in force count.
        #expect(Self.resolve(requiring, user: oldFlow, stored: [oldFlow: ["onboarding_flow": StoredAssignment(group: "new_flow")]]).reason == .bucketed)
        #expect(Self.resolve(requiring, user: oldFlow, overrides: ["onboarding_flow": "new_flow"]).reason == .bucketed)
        var resolvedNew = Self.onboarding
        resolvedNew.status = .resolved(winner: "new_flow")
        #expect(Self.resolve(requiring, user: oldFlow, inForce: ["onboarding_flow": resolvedNew]).reason == .bucketed)
        // Without a user, the user-level requirement gets its control, `old_flow`.
        #expect(Self.resolve(requiring, user: nil).reason == .prerequisite)
    }

    @Test func aGroupStoredFirstElsewhereIsAdopted() {
        let resolution = Self.resolve(Self.buttonColor(), device: "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        let adopted = resolution.adopting(StoredAssignment(group: "red"), in: Self.buttonColor())
        #expect(adopted.reason == .sticky && adopted.groupIndex == 0)
        #expect(resolution.adopting(StoredAssignment(group: "blue"), in: Self.buttonColor()) == resolution)
        #expect(resolution.adopting(StoredAssignment(group: "purple"), in: Self.buttonColor()) == resolution)
    }

    @Test func noUserServesTheControlAndStoresNothing() {
        let resolution = Self.resolve(Self.onboarding, device: "device-1", user: nil)
        #expect(resolution.reason == .noUser && resolution.unit == nil && resolution.changes(experiment: "onboarding_flow").isEmpty)
    }
}

/// A unit forced by its id is that id's bytes: its twin in another Unicode normalization is
/// another unit, not forced.
@Suite struct ForcedTwinTests {
    @Test func onlyTheForcedBytesAreForced() {
        let definition = SplitTestDefinition(
            identifier: "button_color", unitType: .device, salt: "button_color", groups: ["red", "blue"],
            bucketTable: BucketTable(upperBounds: [5000, 10_000]), controlIndex: 0, force: ["jos\u{E9}": 1])
        func reason(_ unit: String) -> AssignmentReason { definition.resolve(unit: unit).reason }
        #expect(reason("jos\u{E9}") == .forced)
        #expect(reason("jose\u{301}") == .bucketed)
    }
}
