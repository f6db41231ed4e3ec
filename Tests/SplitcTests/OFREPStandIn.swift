import Foundation
import SplitTestCompiler
import Testing
import TestTools

/// A loopback stand-in for the decision service's bulk OFREP endpoint (`Support/ofrep_server.py`),
/// answering from a file, and what an OFREP client program built on the generated code for
/// `experiments/` must print from its answers. It gives the answers the real service never gives
/// (a group that does not exist, an error item, a flag of no experiment, no answer at all), which
/// a client must still read; the clients against the real service, compared with `splitc
/// assign`, are the service's `GeneratedClientsTests`.
enum OFREPStandIn {
    typealias Fixtures = GeneratedLanguageFixtures

    /// The bearer key the stand-in requires.
    static let key = "test-key-1"
    /// The units asked about: one with characters that JSON escapes, one the stand-in
    /// knows nothing of.
    static let units = ["device-1", "user-\"quoted\"-2", "device-3"]

    /// The stand-in's answers for `experiments`, and the lines a client must print from them.
    /// Per unit and experiment, the answer names a group other than the control, names a group
    /// that does not exist, has no flag, or has a flag without a variant (an error item); the
    /// last unit has no answers at all. Each answer also carries a flag of no generated
    /// experiment, and metadata with nested values and escapes that a client must read past.
    static func answers(for experiments: [Experiment]) throws -> (json: Data, expected: [String]) {
        var answers: [String: [[String: Any]]] = [:]
        var expected: [String] = []
        for (unitIndex, unit) in units.enumerated() {
            var flags: [[String: Any]] = [["key": "not_generated", "value": "x", "variant": "x", "reason": "STATIC"]]
            for (index, experiment) in experiments.enumerated() {
                let other = experiment.groupNames.indices.last { $0 != experiment.definition.controlIndex } ?? 0
                let group = experiment.groupNames[other]
                let metadata: [String: Any] = [
                    "assignmentReason": "bucketed", "enrolled": true, "params.text": "é😀 \"quoted\" \\ / \u{1}",
                    "nested": ["list": [1, 2.5e3, -0.5, NSNull(), true, ["empty": [Any]()]]],
                ]
                switch unitIndex == units.count - 1 ? -1 : (index + unitIndex) % 4 {
                case 0:
                    flags.append(["key": experiment.identifier, "value": group, "variant": group, "reason": "SPLIT", "metadata": metadata])
                    expected.append("\(unit) \(experiment.identifier) \(group)")
                case 1:
                    flags.append(["key": experiment.identifier, "value": "purple", "variant": "purple", "reason": "SPLIT", "metadata": metadata])
                    expected.append("\(unit) \(experiment.identifier) \(experiment.definition.control)")
                case 2:
                    flags.append(["key": experiment.identifier, "errorCode": "GENERAL", "errorDetails": "no answer"])
                    expected.append("\(unit) \(experiment.identifier) \(experiment.definition.control)")
                default:
                    expected.append("\(unit) \(experiment.identifier) \(experiment.definition.control)")
                }
            }
            if unitIndex < units.count - 1 { answers[unit] = flags }
        }
        return (try JSONSerialization.data(withJSONObject: answers, options: [.sortedKeys]), expected)
    }

    /// Starts the stand-in, runs the client `program arguments… [--key KEY] URL UNIT…` in
    /// `folder` without the key (refused) and with it, and checks what it printed and sent.
    static func checkClient(_ program: String, _ arguments: [String], in folder: URL) throws {
        let (json, expected) = try answers(for: Fixtures.experiments(in: "experiments"))
        let answersFile = folder.appendingPathComponent("answers-\(UUID().uuidString).json")
        try json.write(to: answersFile)
        let server = try ChildProcess(
            program: "python3", [Fixtures.support.appendingPathComponent("ofrep_server.py").path, answersFile.path, key],
            keepInputOpen: true)
        defer {
            server.closeInput()
            server.terminate()
        }
        let port = try #require(server.waitForLine(startingWith: "", timeout: 60).flatMap { Int($0) }, "\(server.errors)")
        let url = "http://127.0.0.1:\(port)"

        let refused = try CapturedProcess.run(program, arguments + [url, units[0]], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("401"), "\(refused.stderr)")

        let answered = try CapturedProcess.run(program, arguments + ["--key", key, url] + units, in: folder)
        #expect(answered.status == 0, "\(answered.stderr)")
        Fixtures.expectSameLines(answered.stdout.split(separator: "\n").map(String.init), expected)

        let unreachable = try CapturedProcess.run(program, arguments + ["--key", key, "http://127.0.0.1:1", units[0]], in: folder)
        #expect(unreachable.status == 1)
        #expect(unreachable.stdout.isEmpty)

        let usage = try CapturedProcess.run(program, arguments + [url], in: folder)
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("usage:"))

        let received = server.lines.dropFirst().compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        #expect(received.map { $0["targeting_key"] as? String } == [units[0]] + units)
        #expect(received.map { $0["authorization"] as? String } == [nil] + units.map { _ in "Bearer \(key)" })
    }
}
