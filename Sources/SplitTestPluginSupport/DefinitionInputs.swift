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
    /// already covers it. `splitc` finds the folder's files itself.
    ///
    /// The folder itself is the input, not the files in it. SwiftPM runs the plugin again only
    /// when the package's structure changes, which a file outside every target is not part of, so
    /// a listed file that is later removed fails every build with "missing inputs" until a clean
    /// build. SwiftPM compares the folder by its own modification date: adding, removing or
    /// renaming a definition, and saving one the way editors save atomically (a new file renamed
    /// over the old), regenerate; an edit written into the file in place, or any change inside a
    /// subfolder, waits for the next regeneration. The target's own definitions are listed
    /// file by file, since SwiftPM tracks the target's structure and runs the plugin again when
    /// one is added or removed; their edits always regenerate.
    public static func inputs(for target: GenerationTarget, fileManager: FileManager = .default) -> [URL] {
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
