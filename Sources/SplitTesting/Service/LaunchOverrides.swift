import Foundation

/// Overrides given to the process when it starts, for UI tests, QA and debug builds: the
/// environment variable `SPLIT_TEST_OVERRIDES="button_color=blue,profile=new_v1"` and the launch
/// argument pair `-SPLIT_TEST_OVERRIDES button_color=blue` (which may repeat, and may hold a
/// comma-separated list too). Arguments are applied after the environment, so they win.
///
/// ```swift
/// // In a UI test:
/// app.launchArguments += ["-SPLIT_TEST_OVERRIDES", "button_color=blue"]
/// // In the app, debug builds only:
/// let configuration = SplitTestingService.Configuration(launchOverrides: .process)
/// ```
public struct LaunchOverrides: Sendable, Hashable {
    /// The name of the environment variable and, with a leading `-`, of the launch argument.
    package static let name = "SPLIT_TEST_OVERRIDES"

    /// The environment to read `SPLIT_TEST_OVERRIDES` from.
    package var environment: [String: String]
    /// The launch arguments to read `-SPLIT_TEST_OVERRIDES <list>` from.
    package var arguments: [String]

    /// Reads overrides from `environment` and `arguments`.
    public init(environment: [String: String] = [:], arguments: [String] = []) {
        self.environment = environment
        self.arguments = arguments
    }

    /// No launch overrides: the default.
    public static let disabled = LaunchOverrides()

    /// The overrides of this process's environment and launch arguments.
    public static var process: LaunchOverrides {
        LaunchOverrides(
            environment: ProcessInfo.processInfo.environment,
            arguments: ProcessInfo.processInfo.arguments)
    }

    /// One `experiment=group` entry, or text that is not of that form.
    struct Entry: Hashable {
        var text: String
        var source: OverrideSource
    }

    /// Every entry, environment first, in the order given; blank entries are skipped.
    var entries: [Entry] {
        let flag = "-" + Self.name
        var entries = Self.split(environment[Self.name] ?? "", source: .environment)
        var index = 0
        while index < arguments.count {
            if arguments[index] == flag {
                if index + 1 < arguments.count {
                    entries += Self.split(arguments[index + 1], source: .launchArgument)
                    index += 1
                } else {
                    // A flag with nothing after it is reported rather than silently dropped.
                    entries.append(Entry(text: flag, source: .launchArgument))
                }
            }
            index += 1
        }
        return entries
    }

    private static func split(_ list: String, source: OverrideSource) -> [Entry] {
        list.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .map { Entry(text: $0, source: source) }
    }
}
