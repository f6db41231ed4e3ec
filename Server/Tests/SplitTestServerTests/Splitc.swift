import Foundation

/// The root package's `splitc`, run as a process: what `splitc assign` says is what the server
/// must answer for a unit it has never seen.
enum Splitc {
    /// `splitc assign --format json` for `unit` in `experiment`: its group and reason.
    static func assign(
        experiment: String, unit: String, attributes: String? = nil, control: String? = nil,
        definitions: String = Paths.definitions
    ) throws -> (group: String, reason: String) {
        var arguments = ["assign", "--experiment", experiment, "--unit", unit, "--format", "json"]
        if let attributes { arguments += ["--attributes", attributes] }
        if let control { arguments += ["--control", control] }
        arguments.append(definitions)
        let output = try run(arguments)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any],
            let group = object["group"] as? String, let reason = object["reason"] as? String
        else {
            throw Failure(arguments: arguments, status: 0, output: output)
        }
        return (group, reason)
    }

    /// Runs `splitc` with `arguments` and returns what it printed; throws unless it exits 0.
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Paths.product("splitc")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(arguments: arguments, status: process.terminationStatus, output: text)
        }
        return text
    }

    struct Failure: Error, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var output: String
        var description: String {
            "splitc \(arguments.joined(separator: " ")) exited with \(status) (build it with "
                + "`swift build --package-path Server --product splitc`): \(output)"
        }
    }
}
