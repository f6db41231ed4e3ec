@_spi(Generated) import SplitTesting

/// The definitions of the targeting tests, and the same experiment written by hand against the
/// runtime, so that `splitc` (which compiles the YAML) and an app (which runs the definition) can
/// be compared without either borrowing the other's code.
enum TargetedPaywall {
    static let attributes = """
        attributes:
          plan: { type: string, values: [free, trial, pro] }
          days_since_install: { type: int }
          beta_tester: { type: bool }
        """

    static let experiment = """
        identifier: paywall
        type: device
        groups: [a, b, c]
        traffic: 80
        targeting:
          app_version: ">= 5.2, < 6, != 5.4"
          platform: [ios, ipados]
          region: { not: [CN] }
          plan: [pro, trial]
          days_since_install: ">= 7"
          beta_tester: false
        """

    static let holdout = """
        holdout: { name: tenth, type: device, percent: 10, experiments: all }
        """

    enum Group: String, SplitTestGroup {
        case a, b, c
    }

    struct Test: SplitTest {
        static let identifier = "paywall"
        static let definition = SplitTestDefinition(
            identifier: identifier, groups: Group.self, unitType: .device, salt: "paywall",
            bucketUpperBounds: [3334, 6667, 10_000], control: .a, trafficBuckets: 8000,
            targeting: SplitTestTargeting(conditions: [
                SplitTestCondition(attribute: "app_version", test: .comparisons([
                    SplitTestComparison(operator: .greaterThanOrEqual, value: .version(SplitTestVersion(components: [5, 2]))),
                    SplitTestComparison(operator: .lessThan, value: .version(SplitTestVersion(components: [6]))),
                    SplitTestComparison(operator: .notEqual, value: .version(SplitTestVersion(components: [5, 4]))),
                ])),
                SplitTestCondition(attribute: "platform", test: .oneOf([.string("ios"), .string("ipados")])),
                SplitTestCondition(attribute: "region", test: .noneOf([.string("CN")])),
                SplitTestCondition(attribute: "plan", test: .oneOf([.string("pro"), .string("trial")])),
                SplitTestCondition(attribute: "days_since_install", test: .comparisons([
                    SplitTestComparison(operator: .greaterThanOrEqual, value: .int(7)),
                ])),
                SplitTestCondition(attribute: "beta_tester", test: .equals(.bool(false))),
            ]),
            holdout: SplitTestHoldout(name: "tenth", unitType: .device, buckets: 1000))
        let assignment: SplitTestAssignment<Group>
        init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
    }
}
