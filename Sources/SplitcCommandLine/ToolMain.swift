import ArgumentParser
import Foundation
@_spi(Tools) import SplitTestTools

/// The entry point that `splitc` and `splitc-build` share: runs the root command and maps every
/// outcome onto the three exit codes of ``ExitStatus``, instead of ArgumentParser's own (64 for
/// usage errors). Failures print as one `<tool>: error:` line.
package enum ToolMain {
    /// Parses the command line as `root` and runs the chosen subcommand; exits on any failure.
    package static func run<Root: ParsableCommand>(_ root: Root.Type) {
        let name = root.configuration.commandName ?? "splitc"
        do {
            var command = try root.parseAsRoot()
            try command.run()
        } catch let error as InputError {
            Console.error("\(name): error: \(error.message)")
            Foundation.exit(ExitStatus.usage)
        } catch let refusal as Refusal {
            Console.error("\(name): error: \(refusal.message)")
            Foundation.exit(ExitStatus.errors)
        } catch let error as ExitCode {
            Foundation.exit(error.rawValue)
        } catch {
            let message = root.fullMessage(for: error)
            if root.exitCode(for: error).isSuccess {
                Console.output(message)
                Foundation.exit(ExitStatus.clean)
            }
            Console.error(message)
            Foundation.exit(ExitStatus.usage)
        }
    }
}
