import Foundation

/// Where a target's definitions are: the package's top-level `experiments` folder
/// at any depth, and the target's own `*.yaml` and `*.yml` files; or, when the target's folder has
/// an `experiments` folder of its own, only the files in it, so that a target can keep other YAML
/// (configuration, fixtures) beside its code.
public enum DefinitionInputs {
    /// The file extensions of definitions.
    public static let extensions: Set<String> = ["yaml", "yml"]

    /// The name of the package's top-level folder of definitions.
    public static let experimentsFolderName = "experiments"

    /// Whether `url` names a definition file, by its extension.
    public static func isDefinition(_ url: URL) -> Bool {
        extensions.contains(url.pathExtension.lowercased())
    }

    /// The package's `experiments` folder, whether or not it exists: `splitc` is told to read it
    /// when present (`--if-present`), so that creating or removing it later needs no new plan.
    public static func experimentsFolder(of target: GenerationTarget) -> URL {
        target.packageDirectory
            .appendingPathComponent(experimentsFolderName, isDirectory: true)
            .standardizedFileURL
    }

    /// The target's own definitions, sorted by path and without duplicates; a file inside the
    /// package's `experiments` folder is left out, since the folder covers it. When some are in an
    /// `experiments` folder inside the target's folder, only those are.
    public static func ownDefinitions(of target: GenerationTarget) -> [URL] {
        let folderPrefix = prefix(experimentsFolder(of: target))
        var own = target.files
            .filter(isDefinition)
            .map(\.standardizedFileURL)
            .filter { !$0.path.hasPrefix(folderPrefix) }
        if let directory = target.directory {
            let targetFolderPrefix = prefix(
                directory.appendingPathComponent(experimentsFolderName, isDirectory: true).standardizedFileURL)
            let inTargetFolder = own.filter { $0.path.hasPrefix(targetFolderPrefix) }
            if !inTargetFolder.isEmpty { own = inTargetFolder }
        }
        let unique = Dictionary(own.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return unique.keys.sorted().compactMap { unique[$0] }
    }

    /// A folder's path with one trailing slash, to test which files lie inside it.
    private static func prefix(_ folder: URL) -> String {
        folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
    }

    /// The definitions part of a `splitc` command line: the target's own files, then the
    /// `experiments` folder as a path read only when it exists.
    public static func arguments(for target: GenerationTarget) -> [String] {
        ownDefinitions(of: target).map(\.path) + ["--if-present", experimentsFolder(of: target).path]
    }

    /// Whether `target` has any definition today: its own, or an `experiments` folder.
    public static func hasDefinitions(_ target: GenerationTarget, fileManager: FileManager = .default) -> Bool {
        var isDirectory: ObjCBool = false
        let hasFolder = fileManager.fileExists(atPath: experimentsFolder(of: target).path, isDirectory: &isDirectory)
            && isDirectory.boolValue
        return hasFolder || !ownDefinitions(of: target).isEmpty
    }
}
