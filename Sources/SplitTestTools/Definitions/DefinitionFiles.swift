import Foundation

/// Finds the definition files named on the command line: files as given, folders searched
/// recursively for `*.yaml` and `*.yml`.
public enum DefinitionFiles {
    /// The extensions of definition files inside a folder.
    public static let extensions: Set<String> = ["yaml", "yml"]

    /// The folder searched when no path is given.
    public static let defaultPath = "experiments"

    /// Every definition file under `paths`, and under those of `optionalPaths` that exist, sorted
    /// by path and without duplicates (a file named twice, or both by itself and through its
    /// folder, is compiled once). With neither, the default folder. Paths keep the form they were
    /// given in (relative or absolute), since diagnostics print them.
    public static func discover(
        _ paths: [String], optionalPaths: [String] = [], fileManager: FileManager = .default
    ) throws(InputError) -> [String] {
        let existing = optionalPaths.filter { fileManager.fileExists(atPath: $0) }
        let searched = paths.isEmpty && optionalPaths.isEmpty ? [defaultPath] : paths + existing
        var found: [String: String] = [:]
        for path in searched {
            for file in try files(at: path, fileManager: fileManager) {
                let key = canonicalPath(file)
                if found[key] == nil { found[key] = file }
            }
        }
        return found.values.sorted()
    }

    private static func files(at path: String, fileManager: FileManager) throws(InputError) -> [String] {
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError("no such file or directory: '\(path)'")
        }
        guard isDirectory.boolValue else {
            return [path]
        }
        guard let enumerator = fileManager.enumerator(atPath: path) else {
            throw InputError("cannot list the folder '\(path)'")
        }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let file = prefix + relative
            guard extensions.contains((relative as NSString).pathExtension.lowercased()) else { continue }
            var isFolder: ObjCBool = false
            if fileManager.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(file)
            }
        }
        return files
    }

    /// The absolute path with symbolic links resolved, which identifies a file however it is named.
    public static func canonicalPath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
