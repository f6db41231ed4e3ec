import Foundation
import Testing

/// `splitc test`, and the test documents that `lint` and `splitc-build generate` run.
@Suite struct TestCommandTests {
    /// The spec vector's device gets blue; a distribution of 30,000 devices.
    static let spec = """
        test: button_color
        cases:
          - unit: 3f2504e0-4f89-11d3-9a0c-0305e82c3301
            expect: { group: blue, reason: bucketed, params: { color: "#007AFF" } }
          - unit: device-6
            expect: { group: dark_gray }
        distribution:
          units: 30000
          expect: { red: 33.33, blue: 33.33, dark_gray: 33.33 }
          tolerance: 1
        """

    static func folder(weights: String = "1") throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(
            "experiments/button_color.yaml",
            Definitions.buttonColor.replacingOccurrences(of: "red: { weight: 1", with: "red: { weight: \(weights)"))
        try folder.write("experiments/tests/button_color.yaml", spec)
        return folder
    }

    @Test func passingSpecsExitZero() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let outcome = try folder.splitc("test")
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("1 test, 3 cases: all passed"))
        #expect(try folder.splitc("lint").status == 0)
    }

    /// A weight change moves the split: each failure is an error at its `expect`, and lint and
    /// the build tool fail on the same lines.
    @Test func aBrokenWeightFailsAtTheSpecsLines() throws {
        let folder = try Self.folder(weights: "4")
        defer { folder.remove() }
        let outcome = try folder.splitc("test")
        #expect(outcome.status == 1)
        let errors = outcome.diagnosticLines.filter { $0.contains(": error: ") }
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix(
            "experiments/tests/button_color.yaml:4:5: error: button_color: unit 3f2504e0-4f89-11d3-9a0c-0305e82c3301 "
                + "expected group blue, reason bucketed, param color #007AFF, got red (reason bucketed, bucket 4155)") == true)
        #expect(errors.last?.hasPrefix(
            "experiments/tests/button_color.yaml:9:3: error: button_color: distribution expected red 33.33%, blue 33.33%, "
                + "dark_gray 33.33% of 30000 units within 1.0 points, got red 66.") == true)
        let lint = try folder.splitc("lint")
        #expect(lint.status == 1)
        #expect(lint.diagnosticLines.filter { $0.contains(": error: ") } == errors)
        let build = try folder.splitcBuild("generate", "--output", folder.path("Generated.swift"), "experiments")
        #expect(build.status == 1)
        #expect(!folder.exists("Generated.swift"))
    }

    @Test func jsonListsEveryFailure() throws {
        let folder = try Self.folder(weights: "4")
        defer { folder.remove() }
        let outcome = try folder.splitc("test", "--format", "json")
        #expect(outcome.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect(object["tests"] as? Int == 1)
        #expect(object["cases"] as? Int == 3)
        #expect(object["failed"] as? Int == 2)
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(failures.first?["line"] as? Int == 4)
        #expect(failures.first?["unit"] as? String == "3f2504e0-4f89-11d3-9a0c-0305e82c3301")
        #expect(failures.last?["unit"] is NSNull)
    }

    @Test func aSpecNamingSomethingUnknownIsALocatedError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/button_color.yaml", Definitions.buttonColor)
        try folder.write("experiments/tests/bad.yaml", """
            test: button_colour
            cases: [{ unit: a, expect: { group: blue } }]
            ---
            test: button_color
            environment: staging
            cases:
              - unit: a
                attributes: { plann: pro }
                expect: { group: dark_grey, reason: bucket, params: { colour: x } }
            """)
        let outcome = try folder.splitc("test")
        #expect(outcome.status == 1)
        #expect(outcome.diagnosticLines == [
            "experiments/tests/bad.yaml:1:7: error: experiment 'button_colour' is not defined; did you mean 'button_color'?",
            "experiments/tests/bad.yaml:5:14: error: environment 'staging' is not declared; the definitions declare no environments",
            "experiments/tests/bad.yaml:8:19: error: attribute 'plann' is not declared (known: app_version, os_version, platform, region)",
            "experiments/tests/bad.yaml:9:22: error: 'dark_grey' is not a group of 'button_color'; did you mean 'dark_gray'?",
            "experiments/tests/bad.yaml:9:41: error: 'bucket' is not a reason; a reason is one of override, forced, stopped, ended, resolved, sticky, bucketed, notEnrolled, noUser, notStarted, holdout, notTargeted, prerequisite; did you mean 'bucketed'?",
            "experiments/tests/bad.yaml:9:59: error: 'colour' is not a param of 'button_color'; did you mean 'color'?",
        ])
    }
}
