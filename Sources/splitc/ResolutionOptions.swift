import ArgumentParser
@_spi(Generated) @_spi(Tools) import SplitTesting
import SplitTestCompiler
import SplitTestFormats
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `--environment`: which environment's values the definitions take, as a service configured
/// with it.
struct EnvironmentOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The environment whose values the experiments take (one the definitions declare); without it, their base values.",
        valueName: "name"))
    var environment: String?

    /// The environment, checked against those `result` declares; an unknown one is an
    /// ``InputError`` (exit 2).
    func checkedEnvironment(in result: CompilationResult) throws(InputError) -> String? {
        guard let environment else { return nil }
        if let message = result.undeclaredEnvironmentMessage(environment) { throw InputError(message) }
        return environment
    }
}

/// `--at`: the time schedules are read at.
struct TimeOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The time schedules are read at, ISO 8601 with a zone (2026-12-01T09:00:00Z); default now.", valueName: "time"))
    var at: String?

    /// The time, in seconds since 1970.
    func time() throws(InputError) -> Double {
        guard let at else { return SplitTestDefinition.currentTime }
        guard let seconds = EventDate.parseZoned(at) else {
            throw InputError("--at '\(at)' is not a time in ISO 8601 with a zone, like 2026-12-01T09:00:00Z")
        }
        return seconds
    }
}

/// `--environment` and `--at`: the environment, and the time schedules are read at, as a service
/// configured so would resolve.
struct ResolutionOptions: ParsableArguments {
    @OptionGroup var environmentOption: EnvironmentOption

    @OptionGroup var timeOption: TimeOption

    /// The time, in seconds since 1970.
    func time() throws(InputError) -> Double {
        try timeOption.time()
    }

    /// The environment, checked against those `result` declares.
    func checkedEnvironment(in result: CompilationResult) throws(InputError) -> String? {
        try environmentOption.checkedEnvironment(in: result)
    }
}
