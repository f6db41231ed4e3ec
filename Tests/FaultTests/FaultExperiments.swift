@_spi(Generated) import SplitTesting

/// A device-level experiment with three groups, as the compiler would generate it.
struct CheckoutFlowSplitTest: SplitTest {
    enum Group: String, SplitTestGroup {
        case control
        case oneStep = "one_step"
        case express
    }

    static let identifier = "checkout_flow"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .device, salt: identifier,
        bucketUpperBounds: BucketTable(weights: [1, 1, 1]).upperBounds, control: .control)
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) {
        self.assignment = assignment
    }
}

/// A user-level experiment with two groups, so that one service stores many units.
struct ProfileLayoutSplitTest: SplitTest {
    enum Group: String, SplitTestGroup {
        case classic
        case cards
    }

    static let identifier = "profile_layout"
    static let definition = SplitTestDefinition(
        identifier: identifier, groups: Group.self, unitType: .user, salt: identifier,
        bucketUpperBounds: BucketTable(weights: [1, 1]).upperBounds, control: .classic)
    let assignment: SplitTestAssignment<Group>

    init(assignment: SplitTestAssignment<Group>) {
        self.assignment = assignment
    }
}
