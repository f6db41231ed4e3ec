@_spi(Generated) import SplitTesting

// Hand-written equivalents of what the compiler generates, so that the runtime is tested
// without depending on the generator: every experiment of this test target, in one place.

/// A device-level experiment with three equal groups.
struct ButtonColorSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case red, blue, darkGray = "dark_gray" }
    static let identifier = "button_color"
    static let definition = SplitTestDefinition(
        identifier: "button_color", groups: Group.self, unitType: .device, salt: "button_color",
        bucketUpperBounds: [3334, 6667, 10_000], control: .red)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// `button_color` in a later release whose weights moved almost everyone to `red`.
struct ButtonColorReweightedSplitTest: SplitTest {
    typealias Group = ButtonColorSplitTest.Group
    static let identifier = "button_color"
    static let definition = SplitTestDefinition(
        identifier: "button_color", groups: Group.self, unitType: .device, salt: "button_color",
        bucketUpperBounds: [9998, 9999, 10_000], control: .red)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// `button_color` in a later release that dropped `dark_gray`.
struct ButtonColorWithoutDarkGraySplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case red, blue }
    static let identifier = "button_color"
    static let definition = SplitTestDefinition(
        identifier: "button_color", groups: Group.self, unitType: .device, salt: "button_color",
        bucketUpperBounds: [5000, 10_000], control: .red)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A user-level experiment with half the traffic.
struct ProfileRedesignSplitTest: SplitTest {
    enum Group: String, SplitTestGroup {
        case control, controlCheck = "control_check", newV1 = "new_v1", newV2 = "new_v2"
    }
    static let identifier = "profile_redesign"
    static let definition = SplitTestDefinition(
        identifier: "profile_redesign", groups: Group.self, unitType: .user, salt: "profile_redesign",
        bucketUpperBounds: [2500, 5000, 7500, 10_000], control: .control, trafficBuckets: 5000)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A user-level experiment with full traffic, so that every signed-in user is bucketed.
struct OnboardingSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case control, tutorial }
    static let identifier = "onboarding_tutorial"
    static let definition = SplitTestDefinition(
        identifier: "onboarding_tutorial", groups: Group.self, unitType: .user, salt: "onboarding_tutorial",
        bucketUpperBounds: [5000, 10_000], control: .control)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// The first half of the `checkout` layer.
struct CheckoutCopySplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case control, short }
    static let identifier = "checkout_copy"
    static let definition = SplitTestDefinition(
        identifier: "checkout_copy", groups: Group.self, unitType: .device, salt: "checkout_copy",
        bucketUpperBounds: [5000, 10_000], control: .control,
        layer: SplitTestLayer(name: "checkout", buckets: 0..<5000))
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// The second half of the `checkout` layer.
struct CheckoutButtonSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case control, large }
    static let identifier = "checkout_button"
    static let definition = SplitTestDefinition(
        identifier: "checkout_button", groups: Group.self, unitType: .device, salt: "checkout_button",
        bucketUpperBounds: [5000, 10_000], control: .control,
        layer: SplitTestLayer(name: "checkout", buckets: 5000..<10_000))
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A decided experiment serving its winner.
struct AppColorSchemeSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case light, dark }
    static let identifier = "app_color_scheme"
    static let definition = SplitTestDefinition(
        identifier: "app_color_scheme", groups: Group.self, unitType: .device, salt: "app_color_scheme",
        bucketUpperBounds: [5000, 10_000], control: .light, status: .resolved(winner: "dark"))
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// The catalog generated code would list.
let testCatalog: [any SplitTest.Type] = [
    ButtonColorSplitTest.self, ProfileRedesignSplitTest.self, OnboardingSplitTest.self,
    CheckoutCopySplitTest.self, CheckoutButtonSplitTest.self, AppColorSchemeSplitTest.self,
]

// Experiments with forced units, a stopped status, targeting and a holdout.

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

// Multivariate experiments.

/// A user-level 2×3 full factorial, `urgent+orange` at weight 2 (bucket bounds of weights
/// 1, 1, 1, 1, 2, 1).
struct CheckoutPageSplitTest: SplitTest {
    enum Headline: String, CaseIterable, Sendable { case classic, urgent }
    enum Button: String, CaseIterable, Sendable { case green, orange, purple }

    struct Group: SplitTestGroup {
        let headline: Headline
        let button: Button

        static let allCases: [Group] = [
            Group(.classic, .green), Group(.classic, .orange), Group(.classic, .purple),
            Group(.urgent, .green), Group(.urgent, .orange), Group(.urgent, .purple),
        ]

        init(headline: Headline, button: Button) {
            self.headline = headline
            self.button = button
        }

        init?(rawValue: String) {
            let levels = rawValue.split(separator: "+", omittingEmptySubsequences: false)
            guard levels.count == 2, let headline = Headline(rawValue: String(levels[0])),
                let button = Button(rawValue: String(levels[1]))
            else { return nil }
            self.init(headline, button)
        }

        var rawValue: String { "\(headline.rawValue)+\(button.rawValue)" }

        fileprivate init(_ headline: Headline, _ button: Button) {
            self.headline = headline
            self.button = button
        }
    }

    static let identifier = "checkout_page"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self,
        factors: [.init(name: "headline", levels: Headline.self), .init(name: "button", levels: Button.self)],
        unitType: .user, salt: identifier, bucketUpperBounds: [1429, 2858, 4287, 5715, 8572, 10_000],
        control: Group(.classic, .green), force: ["qa-user": Group(.urgent, .purple)])
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// `checkout_page` in a later release that lists only three cells (a fractional design): the
/// units stored in the other cells are discarded and bucketed again.
struct CheckoutPageFractionalSplitTest: SplitTest {
    typealias Headline = CheckoutPageSplitTest.Headline
    typealias Button = CheckoutPageSplitTest.Button

    struct Group: SplitTestGroup {
        let headline: Headline
        let button: Button

        static let allCases: [Group] = [Group(.classic, .green), Group(.classic, .purple), Group(.urgent, .orange)]

        init?(headline: Headline, button: Button) {
            guard Self.allCases.contains(where: { $0.headline == headline && $0.button == button }) else { return nil }
            self.init(headline, button)
        }

        init?(rawValue: String) {
            let levels = rawValue.split(separator: "+", omittingEmptySubsequences: false)
            guard levels.count == 2, let headline = Headline(rawValue: String(levels[0])),
                let button = Button(rawValue: String(levels[1]))
            else { return nil }
            self.init(headline: headline, button: button)
        }

        var rawValue: String { "\(headline.rawValue)+\(button.rawValue)" }

        fileprivate init(_ headline: Headline, _ button: Button) {
            self.headline = headline
            self.button = button
        }
    }

    static let identifier = "checkout_page"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self,
        factors: [.init(name: "headline", levels: Headline.self), .init(name: "button", levels: Button.self)],
        unitType: .user, salt: identifier, bucketUpperBounds: [3334, 6667, 10_000], control: Group(.classic, .green))
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A device-level bandit of three even arms, as the compiler generates it.
struct OnboardingCopySplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case short, story, video }
    static let identifier = "onboarding_copy"
    static let definition = SplitTestDefinition(
        identifier: "onboarding_copy", groups: Group.self, unitType: .device, salt: "onboarding_copy",
        bucketUpperBounds: [3334, 6667, 10_000], control: .short,
        allocation: .bandit(SplitTestBandit(goal: "signup", minimumWeight: 1, burnIn: 100)))
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// `onboarding_flow`: the experiment ``GatedButtonSplitTest`` requires.
struct OnboardingFlowSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case oldFlow = "old_flow", newFlow = "new_flow" }
    static let identifier = "onboarding_flow"
    static let definition = SplitTestDefinition(
        identifier: "onboarding_flow", groups: Group.self, unitType: .device, salt: "onboarding_flow",
        bucketUpperBounds: [5000, 10_000], control: .oldFlow)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// An experiment with a schedule (December 2026), a prerequisite (`onboarding_flow: [new_flow]`),
/// a segment and values in two environments: staging enrols everyone, development forces a unit.
struct GatedButtonSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case red, blue }
    static let identifier = "gated_button"
    static let payingUsers = SplitTestSegment(
        name: "paying_users", conditions: [SplitTestCondition(attribute: "plan", test: .oneOf([.string("pro")]))])
    static let definition = SplitTestDefinition(
        identifier: "gated_button", groups: Group.self, unitType: .device, salt: "gated_button",
        bucketUpperBounds: [5000, 10_000], control: .red, trafficBuckets: 10_000,
        targeting: SplitTestTargeting(conditions: [], segments: [payingUsers]),
        schedule: SplitTestSchedule(start: 1_796_083_200 /* 2026-12-01T00:00:00Z */, end: 1_798_761_600 /* 2027-01-01T00:00:00Z */),
        requirements: [SplitTestRequirement(OnboardingFlowSplitTest.self, groupNames: ["new_flow"])],
        environments: [
            "staging": SplitTestEnvironmentValues(groups: Group.self, bucketUpperBounds: [0, 10_000]),
            "development": SplitTestEnvironmentValues(groups: Group.self, force: ["simulator-1": .blue]),
        ])
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}
