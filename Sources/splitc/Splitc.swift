import ArgumentParser
import Foundation

/// `splitc`: validates split-test definitions, generates their Swift, and answers what a unit
/// gets. Exit codes: 0 clean or warnings only, 1 errors in the definitions, 2 usage or
/// unreadable input.
@main
struct Splitc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "splitc",
        abstract: "Compiles split-test definitions (YAML) into typed Swift.",
        subcommands: [
            Lint.self, Generate.self, Assign.self, Simulate.self, Analyze.self, Schema.self, Publish.self,
            Keygen.self,
        ]
    )

    /// Runs the command and maps every outcome onto the three documented exit codes, instead of
    /// ArgumentParser's own (64 for usage errors).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            Console.error("splitc: error: \(error.message)")
            Foundation.exit(ExitStatus.usage)
        } catch let refusal as Refusal {
            Console.error("splitc: error: \(refusal.message)")
            Foundation.exit(ExitStatus.errors)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            let message = fullMessage(for: error)
            if exitCode(for: error).isSuccess {
                Console.output(message)
                Foundation.exit(ExitStatus.clean)
            }
            Console.error(message)
            Foundation.exit(ExitStatus.usage)
        }
    }
}

/// The exit codes of SPEC §5.
enum ExitStatus {
    /// No diagnostics, or warnings only.
    static let clean: Int32 = 0
    /// The definitions have errors, or the command refuses to go on (a key file that exists, a
    /// rejected control document).
    static let errors: Int32 = 1
    /// A bad command line, or input that could not be read.
    static let usage: Int32 = 2
}
