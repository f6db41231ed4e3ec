import Foundation
import Testing
import TestTools
@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestTools

/// A stock OpenFeature client, Python's SDK with its OFREP provider from PyPI, evaluates every
/// experiment of the repository's definitions (targeting and segments, user experiments, forced
/// units, a stopped and a resolved experiment, a prerequisite, a schedule, a bandit, multivariate
/// experiments) for 300 units against the live service: every value is the group `splitc assign`
/// gives, with the OpenFeature reason of its reason.
///
/// Skipped without the client, saying how to install it; with `SPLIT_TESTING_REQUIRE_ORACLES=1`
/// (CI) it runs and fails instead (``Oracle/openFeature``).
@Suite struct OpenFeatureClientTests {
    /// The units: devices, half of them signed in, with attributes that meet the targeting of some
    /// experiments and not of others, and the units the definitions force.
    static func cases(flags: [String]) -> [[String: Any]] {
        var units: [(device: String, user: String?, attributes: [String: Any])] = [
            ("qa-device-1", nil, [:]), ("simulator-1", "qa-user-1", [:]), ("device-42", "user-42", ["plan": "pro"]),
        ]
        for index in 0..<297 {
            var attributes: [String: Any] = ["platform": ["ios", "android", "web"][index % 3]]
            if index % 2 == 0 { attributes["plan"] = ["free", "trial", "pro"][index % 3] }
            if index % 4 == 0 { attributes["days_since_install"] = index % 14 }
            if index % 5 == 0 { attributes["app_version"] = "5.\(index % 4).0" }
            if index % 7 == 0 { attributes["beta_tester"] = index % 2 == 0 }
            units.append(("device-\(index)", index % 2 == 0 ? "user-\(index)" : nil, attributes))
        }
        return units.flatMap { unit in
            flags.map { flag in
                var object: [String: Any] = ["flag": flag, "device": unit.device, "attributes": unit.attributes]
                if let user = unit.user { object["user"] = user }
                return object
            }
        }
    }

    @Test(.requires(.openFeature))
    func everyValueIsTheGroupSplitcAssignGives() async throws {
        try Oracle.openFeature.require()
        let definitions = try DefinitionSet.load(paths: [Paths.repositoryDefinitions]).result
        #expect(!definitions.hasErrors)
        let flags = definitions.experiments.map(\.identifier)
        let folder = try Paths.temporaryFolder()
        let server = try await ServerProcess.start(
            definitions: [Paths.repositoryDefinitions], database: folder.appendingPathComponent("db.sqlite").path)
        defer { server.stop() }
        let cases = Self.cases(flags: flags)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Oracle.openFeaturePython)
        process.arguments = [
            Paths.package.appendingPathComponent("Tests/SplitTestServerTests/Support/openfeature_client.py").path,
            "http://127.0.0.1:\(server.port)",
        ]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: cases))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let failure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(failure)")
        let answers = try String(decoding: printed, as: UTF8.self).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(answers.count == cases.count)

        let byIdentifier = Dictionary(definitions.experiments.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var reasons: Set<String> = []
        var checkedWithSplitc = 0
        for (index, answer) in answers.enumerated() {
            let flag = try #require(answer["flag"] as? String)
            let device = try #require(answer["device"] as? String)
            let user = answer["user"] as? String
            let experiment = try #require(byIdentifier[flag])
            let attributesJSON = try JSONSerialization.data(withJSONObject: cases[index]["attributes"] ?? [:], options: .sortedKeys)
            let attributes = try AttributesInput.read(Array(attributesJSON), declarations: definitions.attributes)
            // What `splitc assign` computes for this unit: the device for a device experiment, the
            // user for a user experiment (none: the control, `noUser`).
            let expected = experiment.definition.resolve(
                units: ResolutionUnits(device: device, user: user), attributes: attributes,
                time: SplitTestDefinition.currentTime, adjusting: { $0 })
            let group = experiment.definition.groups[expected.groupIndex]
            #expect(answer["value"] as? String == group, "\(flag) for \(device)/\(user ?? "-")")
            #expect(answer["variant"] as? String == group)
            #expect(answer["reason"] as? String == expected.reason.openFeatureReason, "\(flag) for \(device)")
            #expect(answer["error"] is NSNull || answer["error"] == nil, "\(flag): \(answer["error"] ?? "")")
            let metadata = answer["metadata"] as? [String: Any]
            let served = metadata?["assignmentReason"] as? String
            // A prerequisite asked for first stores this experiment's group: the unit is then sticky.
            #expect(served == expected.reason.rawValue || (expected.reason == .bucketed && served == "sticky"), "\(flag) \(device)")
            reasons.insert(expected.reason.rawValue)
            // `splitc assign` itself, for a sample of the units.
            let unit = experiment.definition.unitType == .user ? user : device
            if let unit, index % 97 == 0 {
                let printed = try Splitc.assign(
                    experiment: flag, unit: unit, attributes: String(decoding: attributesJSON, as: UTF8.self),
                    definitions: Paths.repositoryDefinitions)
                #expect(printed.group == group, "splitc assign \(flag) \(unit)")
                checkedWithSplitc += 1
            }
        }
        #expect(checkedWithSplitc >= 20)
        // The units and definitions reach every kind of answer a stock client must read.
        #expect(reasons.isSuperset(of: ["bucketed", "forced", "stopped", "resolved", "noUser", "notTargeted", "notEnrolled"]), "\(reasons)")
    }
}
