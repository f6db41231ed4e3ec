import Foundation
import SplitTestCompiler

/// Finds, reads and compiles definition files as `splitc` does: each path a file, or a folder
/// searched recursively for `*.yaml` and `*.yml`, in path order.
enum DefinitionLoading {
    static func compile(_ paths: [String]) throws(CatalogError) -> CompilationResult {
        var sources: [SourceFile] = []
        for path in try files(paths) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CatalogError("cannot read the definition file '\(path)'")
            }
            sources.append(SourceFile(path: path, contents: Array(data)))
        }
        let result = DefinitionCompiler.compile(sources, today: today)
        if result.hasErrors {
            throw CatalogError(result.diagnostics.map(\.description).joined(separator: "\n"))
        }
        return result
    }

    private static func files(_ paths: [String]) throws(CatalogError) -> [String] {
        let manager = FileManager.default
        var found: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CatalogError("no definition file or folder at '\(path)'")
            }
            guard isFolder.boolValue else {
                found.append(path)
                continue
            }
            let inFolder = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { ["yaml", "yml"].contains(($0 as NSString).pathExtension) }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            found += inFolder
        }
        return found
    }

    /// Today in UTC, which decides which `expires:` dates are past.
    private static var today: CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return CalendarDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}
