import Foundation

/// Where a target's definitions are: the package's top-level `experiments` folder
/// at any depth, and the target's own `*.yaml` and `*.yml` files.
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
    /// `experiments` folder is left out, since the folder covers it.
    public static func ownDefinitions(of target: GenerationTarget) -> [URL] {
        let folder = experimentsFolder(of: target).path
        let folderPrefix = folder.hasSuffix("/") ? folder : folder + "/"
        let own = target.files
            .filter(isDefinition)
            .map(\.standardizedFileURL)
            .filter { !$0.path.hasPrefix(folderPrefix) }
        let unique = Dictionary(own.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return unique.keys.sorted().compactMap { unique[$0] }
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
