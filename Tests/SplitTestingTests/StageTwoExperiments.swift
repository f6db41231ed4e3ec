@_spi(Generated) import SplitTesting

// Hand-written equivalents of generated experiments that use the stage-2 fields: forced units,
// a stopped status, targeting and a holdout.

/// `button_color` with two forced QA units.
struct ForcedButtonColorSplitTest: SplitTest {
    typealias Group = ButtonColorSplitTest.Group
    static let identifier = "button_color"
    static let definition = SplitTestDefinition(
        identifier: "button_color", groups: Group.self, unitType: .device, salt: "button_color",
        bucketUpperBounds: [3334, 6667, 10_000], control: .red,
        force: ["qa-device-1": .darkGray, "qa-device-2": .blue])
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// `button_color`, stopped, with a forced unit (forcing comes before stopping).
struct StoppedButtonColorSplitTest: SplitTest {
    typealias Group = ButtonColorSplitTest.Group
    static let identifier = "button_color"
    static let definition = SplitTestDefinition(
        identifier: "button_color", groups: Group.self, unitType: .device, salt: "button_color",
        bucketUpperBounds: [3334, 6667, 10_000], control: .red, status: .stopped,
        force: ["qa-device-1": .darkGray])
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// The targeting of `paywall_copy`: app 5.2 or later but before 6, on iOS, a paying plan.
let paywallTargeting = SplitTestTargeting(conditions: [
    SplitTestCondition(attribute: "app_version", test: .comparisons([
        SplitTestComparison(operator: .greaterThanOrEqual, value: .version(SplitTestVersion("5.2")!)),
        SplitTestComparison(operator: .lessThan, value: .version(SplitTestVersion("6")!)),
    ])),
    SplitTestCondition(attribute: "platform", test: .oneOf([.string("ios"), .string("ipados")])),
    SplitTestCondition(attribute: "plan", test: .noneOf([.string("free")])),
])

/// A device-level experiment for targeted units only.
struct PaywallCopySplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case control, urgent }
    static let identifier = "paywall_copy"
    static let definition = SplitTestDefinition(
        identifier: "paywall_copy", groups: Group.self, unitType: .device, salt: "paywall_copy",
        bucketUpperBounds: [5000, 10_000], control: .control, targeting: paywallTargeting)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// The global holdout of the tests: 5% of devices.
let globalHoldout = SplitTestHoldout(name: "q1_holdout", unitType: .device, buckets: 500)

/// A device-level experiment covered by `globalHoldout`.
struct HeldOutBannerSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case hidden, shown }
    static let identifier = "banner"
    static let definition = SplitTestDefinition(
        identifier: "banner", groups: Group.self, unitType: .device, salt: "banner",
        bucketUpperBounds: [5000, 10_000], control: .hidden, holdout: globalHoldout)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A second device-level experiment covered by `globalHoldout`.
struct HeldOutBadgeSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case plain, badge }
    static let identifier = "badge"
    static let definition = SplitTestDefinition(
        identifier: "badge", groups: Group.self, unitType: .device, salt: "badge",
        bucketUpperBounds: [5000, 10_000], control: .plain, holdout: globalHoldout)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// Attributes a targeted unit of `paywall_copy` has.
let targetedAttributes = SplitTestAttributeValues([
    "app_version": .version(SplitTestVersion("5.3.1")!), "platform": .string("ios"), "plan": .string("pro"),
])
