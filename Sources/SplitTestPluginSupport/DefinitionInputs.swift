import Foundation

/// Which files and folders are the inputs of a target's generation (SPEC §6).
public enum DefinitionInputs {
    /// The file extensions of definitions.
    public static let extensions: Set<String> = ["yaml", "yml"]

    /// Whether `url` names a definition file, by its extension.
    public static func isDefinition(_ url: URL) -> Bool {
        extensions.contains(url.pathExtension.lowercased())
    }

    /// The package's `experiments` folder when it exists, then the target's own definitions
    /// sorted by path; a target file that lies inside that folder is left out, since the folder
    /// already covers it.
    ///
    /// The folder itself is the input, not the files in it: the build system then tracks the
    /// whole tree, whereas listing files from outside the target makes a removed file fail the
    /// next build with "missing inputs".
    public static func inputs(
        for target: GenerationTarget, fileManager: FileManager = .default
    ) -> [URL] {
        let folder = target.packageDirectory
            .appendingPathComponent(GenerationPlan.experimentsFolderName, isDirectory: true)
            .standardizedFileURL
        var isDirectory: ObjCBool = false
        let hasFolder = fileManager.fileExists(atPath: folder.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
        let folderPrefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        let own = target.files
            .filter(isDefinition)
            .map(\.standardizedFileURL)
            .filter { !hasFolder || !$0.path.hasPrefix(folderPrefix) }
        let unique = Dictionary(own.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let sortedOwn = unique.keys.sorted().compactMap { unique[$0] }
        return (hasFolder ? [folder] : []) + sortedOwn
    }
}
