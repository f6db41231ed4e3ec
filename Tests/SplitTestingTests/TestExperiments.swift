@_spi(Generated) import SplitTesting

// Hand-written equivalents of what the compiler generates, so that the runtime is tested
// without depending on the generator.

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
        bucketUpperBounds: [5000, 10_000], control: .light, status: .resolved, winner: .dark)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// The catalog generated code would list.
let testCatalog: [any SplitTest.Type] = [
    ButtonColorSplitTest.self, ProfileRedesignSplitTest.self, OnboardingSplitTest.self,
    CheckoutCopySplitTest.self, CheckoutButtonSplitTest.self, AppColorSchemeSplitTest.self,
]
