import Logging
import ServiceLifecycle
@_spi(Tools) import SplitTestServer
import UnixSignals

/// Reads the definitions and the control document again on each SIGHUP and serves them from the
/// next request on; when either is invalid, or the control document is another whose sequence is
/// not greater than the one in force, the ones in force stay and the problem is logged.
struct DefinitionReloader: Service {
    /// SIGHUP, trapped before the server starts listening, so that a signal sent as soon as it
    /// listens reloads instead of ending the process.
    var signals: UnixSignalsSequence
    var definitions: CurrentDefinitions
    /// Compiles the definitions and applies the control document, as at start.
    var load: @Sendable () throws(DefinitionsError) -> ServedDefinitions
    var logger: Logger

    func run() async {
        for await _ in signals.cancelOnGracefulShutdown() {
            reload()
        }
    }

    func reload() {
        do {
            let loaded = try load()
            if let problem = loaded.controlProblem(replacing: definitions.served) {
                logger.error("SIGHUP: reload failed, the definitions and control document in force stay: \(problem)")
                return
            }
            for warning in loaded.warnings { logger.warning("\(warning)") }
            definitions.replace(with: loaded)
            logger.info(
                "SIGHUP: definitions reloaded",
                metadata: [
                    "experiments": "\(loaded.experimentCount)",
                    "control_sequence": "\(loaded.controlSequence.map(String.init) ?? "none")",
                ])
        } catch {
            logger.error("SIGHUP: reload failed, the definitions and control document in force stay:\n\(error.description)")
        }
    }
}
