/// A harness's command and `--name value` options, parsed by hand to keep the benchmark build
/// small.
public struct Arguments: Sendable {
    /// The first argument.
    public var command: String
    private var values: [String: String] = [:]
    private var usage: String

    /// Parses `arguments` (without the program name); `usage` is shown with every mistake.
    public init(_ arguments: [String], usage: String) throws {
        self.usage = usage
        guard let command = arguments.first else { throw BenchError(usage) }
        self.command = command
        var rest = arguments.dropFirst()
        while let option = rest.popFirst() {
            guard option.hasPrefix("--"), let value = rest.popFirst() else {
                throw BenchError("expected '--option value', found '\(option)'\n\(usage)")
            }
            values[String(option.dropFirst(2))] = value
        }
    }

    /// The value of `--name`.
    public func string(_ name: String) throws -> String {
        guard let value = values[name] else { throw BenchError("missing --\(name)\n\(usage)") }
        return value
    }

    /// The comma-separated positive integers of `--name`.
    public func integers(_ name: String) throws -> [Int] {
        let list = try string(name).split(separator: ",").map { Int($0) }
        guard !list.isEmpty, list.allSatisfy({ ($0 ?? 0) > 0 }) else {
            throw BenchError("--\(name) takes positive integers separated by commas")
        }
        return list.compactMap { $0 }
    }

    /// An error that names an unknown command.
    public func unknownCommand() -> BenchError {
        BenchError("unknown command '\(command)'\n\(usage)")
    }
}
