import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
import Testing

@Suite struct AssignTests {
    private func assign(_ experiment: String, _ unit: String, definitions: [String: String]) throws -> [String: Any] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, contents) in definitions {
            try folder.write("experiments/\(name).yaml", contents)
        }
        let outcome = try folder.splitc("assign", "--experiment", experiment, "--unit", unit, "--format", "json")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try #require(try outcome.json() as? [String: Any])
    }

    /// The bucketing vectors, and the group whose range holds each bucket: blue owns
    /// 3334..<6667, dark_gray 6667..<10000.
    @Test(arguments: [
        ("3f2504e0-4f89-11d3-9a0c-0305e82c3301", 4155, "blue"),
        ("user-42", 7151, "dark_gray"),
    ])
    func deviceUnitsGetTheSpecsBucketAndTheGroupTheRuntimeGives(unit: String, bucket: Int, group: String) throws {
        let result = try assign("button_color", unit, definitions: ["button_color": Definitions.buttonColor])

        let rules = SplitTestDefinition(
            identifier: "button_color", unitType: .device, salt: "button_color", groups: ["red", "blue", "dark_gray"],
            bucketTable: BucketTable(upperBounds: [3334, 6667, 10_000]), controlIndex: 0)
        let expected = rules.resolve(unit: unit)
        #expect(expected.bucket == bucket)
        #expect(result["experiment"] as? String == "button_color")
        #expect(result["unit"] as? String == unit)
        #expect(result["bucket"] as? Int == bucket)
        #expect(result["reason"] as? String == "bucketed")
        #expect(["red", "blue", "dark_gray"][expected.groupIndex] == group)
        #expect(result["group"] as? String == group)
    }

    @Test func aUserLevelExperimentResolvesTheUnitAsTheUser() throws {
        let result = try assign("profile_redesign", "user-42", definitions: ["profile": Definitions.profileRedesign])

        // Traffic bucket 5745 is below 8000, and group bucket 4369 falls in the second quarter.
        #expect(result["reason"] as? String == "bucketed")
        #expect(result["bucket"] as? Int == 4369)
        #expect(result["group"] as? String == "control_check")
    }

    @Test func aUnitOutsideItsLayerSliceGetsTheControlAndNoBucket() throws {
        let definitions = ["checkout": Definitions.checkoutLayer]

        // Layer bucket 2384 lies in the first half of `checkout`.
        let inside = try assign("checkout_button_copy", "user-42", definitions: definitions)
        let outside = try assign("checkout_express_pay", "user-42", definitions: definitions)

        #expect(inside["reason"] as? String == "bucketed")
        #expect(inside["bucket"] is Int)
        #expect(outside["reason"] as? String == "notEnrolled")
        #expect(outside["group"] as? String == "control")
        #expect(outside["bucket"] is NSNull)
    }

    @Test func aResolvedExperimentServesItsWinner() throws {
        let result = try assign("onboarding_tutorial", "anyone", definitions: ["resolved": Definitions.resolved])

        #expect(result["group"] as? String == "short_tour")
        #expect(result["reason"] as? String == "resolved")
        #expect(result["bucket"] is NSNull)
    }

    @Test func textNamesTheGroupAndTheBucket() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        let outcome = try folder.splitc("assign", "--experiment", "button_color", "--unit", "user-42")

        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("dark_gray"))
        #expect(outcome.stdout.contains("7151"))
    }

    @Test func anUnknownExperimentIsAUsageErrorListingTheKnownOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)

        let outcome = try folder.splitc("assign", "--experiment", "button_colour", "--unit", "u")

        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("button_colour"))
        #expect(outcome.stderr.contains("button_color"))
    }

    @Test func definitionsWithErrorsAssignNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        try folder.write("experiments/lonely.yaml", Definitions.oneGroup)

        let outcome = try folder.splitc("assign", "--experiment", "button_color", "--unit", "u", "--format", "json")

        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.diagnosticLines.contains { $0.hasPrefix("experiments/lonely.yaml:") })
    }
}
