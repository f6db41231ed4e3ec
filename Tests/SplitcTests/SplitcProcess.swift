import Foundation
import TestTools

/// The built `splitc`, run as a subprocess the way a build or a person runs it.
enum SplitcProcess {
    /// What one run printed and returned.
    typealias Outcome = CapturedProcess.Outcome

    /// `splitc` beside the test bundle in the build products folder (the test target depends on
    /// it, so the build puts it there).
    static let executable: URL = CapturedProcess.builtProduct("splitc")

    /// `splitc-build`, the plugins' tool, built beside `splitc` for the same reason.
    static let buildTool: URL = CapturedProcess.builtProduct("splitc-build")

    /// Runs `splitc arguments…` (or `tool`) in `folder` and waits for it.
    static func run(_ arguments: [String], in folder: URL, tool: URL = executable) throws -> Outcome {
        try CapturedProcess.run(tool, arguments, in: folder)
    }
}

extension CapturedProcess.Outcome {
    /// Standard output parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }

    /// The `path:line:column: severity: message` lines on standard error.
    var diagnosticLines: [String] {
        stderr.split(separator: "\n").map(String.init).filter {
            $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": note: ")
        }
    }
}
