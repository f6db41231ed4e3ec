import Foundation
@_spi(Tools) import SplitTestCompiler

/// The definitions at the paths a tool was given, found, read and compiled: what every `splitc`
/// command and the decision service start from, so that all of them read the same files the same
/// way.
///
/// ```swift
/// let definitions = try DefinitionSet.load(paths: ["experiments"])
/// if definitions.result.hasErrors { … }
/// ```
public struct DefinitionSet: Sendable {
    /// The files read, sorted by path.
    public var sources: [SourceFile]
    /// The compiler's experiments, documents and diagnostics, with today's date in UTC deciding
    /// which `expires:` dates are past.
    public var result: CompilationResult

    /// Finds the definition files under `paths` (files, or folders searched recursively for
    /// `*.yaml` and `*.yml`, extensions in any case) and under those of `optionalPaths` that
    /// exist — with neither, the `experiments` folder — reads them with display paths relative
    /// to `root`, and compiles them.
    public static func load(
        paths: [String], optionalPaths: [String] = [], root: String = FileManager.default.currentDirectoryPath
    ) throws(InputError) -> DefinitionSet {
        let files = try DefinitionFiles.discover(paths, optionalPaths: optionalPaths)
        let sources = try DefinitionReader.read(files, root: root)
        return DefinitionSet(sources: sources, result: DefinitionCompiler.compile(sources, today: .todayUTC))
    }
}
