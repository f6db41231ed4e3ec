import Testing
@_spi(Generated) import SplitTesting

/// Version comparison and condition evaluation.
@Suite struct TargetingTests {
    static func version(_ text: String) -> SplitTestVersion {
        guard let version = SplitTestVersion(text) else { preconditionFailure("\(text) is a version") }
        return version
    }

    @Test(arguments: [
        ("1.0", "1", 0), ("5", "5.0.0", 0), ("1.10", "1.9", 1), ("5.2.0", "5.10", -1), ("0", "0.0.1", -1),
        ("10.0", "9.99.99", 1), ("2.0.1", "2.0.0.9", 1), ("7", "7.0.0.0.1", -1),
    ])
    func versionsCompareByNumericComponents(left: String, right: String, order: Int) {
        let lhs = Self.version(left), rhs = Self.version(right)
        #expect((lhs < rhs) == (order < 0))
        #expect((lhs == rhs) == (order == 0))
        #expect((lhs > rhs) == (order > 0))
        if order == 0 { #expect(lhs.hashValue == rhs.hashValue) }
    }

    @Test(arguments: ["", ".", "1.", ".1", "01", "1.02", "-1", "+1", "1.0-beta", "1 .0", "a.b", "1..2", "1234567890"])
    func malformedVersionsAreRejected(text: String) {
        #expect(SplitTestVersion(text) == nil)
    }

    @Test func versionKeepsItsComponentsForDisplay() {
        #expect(Self.version("5.2.0").description == "5.2.0")
        #expect(Self.version("0").components == [0])
    }

    @Test(arguments: SplitTestComparison.Operator.allCases)
    func everyOperatorOnVersionsAndNumbers(op: SplitTestComparison.Operator) {
        let expected: [SplitTestComparison.Operator: (Bool, Bool, Bool)] = [
            .equal: (false, true, false), .notEqual: (true, false, true), .lessThan: (true, false, false),
            .lessThanOrEqual: (true, true, false), .greaterThan: (false, false, true),
            .greaterThanOrEqual: (false, true, true),
        ]
        let comparison = SplitTestComparison(operator: op, value: .version(Self.version("5.2")))
        let (below, equal, above) = expected[op]!
        #expect(comparison.holds(for: .version(Self.version("5.1.9"))) == below)
        #expect(comparison.holds(for: .version(Self.version("5.2.0"))) == equal)
        #expect(comparison.holds(for: .version(Self.version("5.10"))) == above)
        let number = SplitTestComparison(operator: op, value: .int(7))
        #expect(number.holds(for: .double(6.5)) == below)
        #expect(number.holds(for: .int(7)) == equal)
        #expect(number.holds(for: .double(7.25)) == above)
        // A string or a flag never compares.
        #expect(!number.holds(for: .string("7")))
        #expect(!comparison.holds(for: .bool(true)))
    }

    @Test func unsetAttributeMakesEveryKindOfConditionFalse() {
        let empty = SplitTestAttributeValues()
        for test: SplitTestCondition.Test in [
            .oneOf([.string("pro")]), .noneOf([.string("free")]), .equals(.bool(true)),
            .comparisons([SplitTestComparison(operator: .greaterThan, value: .int(0))]),
        ] {
            #expect(!SplitTestCondition(attribute: "plan", test: test).holds(for: empty))
        }
    }

    @Test func allConditionsMustHold() {
        #expect(paywallTargeting.matches(targetedAttributes))
        var older = targetedAttributes
        older["app_version"] = .version(Self.version("5.1.9"))
        #expect(!paywallTargeting.matches(older))
        var newer = targetedAttributes
        newer["app_version"] = .version(Self.version("6.0"))
        #expect(!paywallTargeting.matches(newer))
        var free = targetedAttributes
        free["plan"] = .string("free")
        #expect(!paywallTargeting.matches(free))
        var mac = targetedAttributes
        mac["platform"] = .string("macos")
        #expect(!paywallTargeting.matches(mac))
    }

    @Test func platformBuiltInsNameThisPlatform() {
        let values = SplitTestAttributeValues.fromPlatform
        #if os(Linux)
            #expect(values["platform"] == .string("linux"))
        #endif
        guard case .version(let os) = values["os_version"] else {
            Issue.record("os_version is a version")
            return
        }
        #expect(os.components.count == 3)
    }
}
