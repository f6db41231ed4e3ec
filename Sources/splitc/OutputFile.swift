import Foundation

/// Writes the generated file so that a build never sees it half-written and an unchanged build
/// does not see it touched.
enum OutputFile {
    /// Replaces the file at `path` with `contents` unless it already holds exactly those bytes,
    /// keeping its modification date, so that nothing that depends on it is rebuilt. The new
    /// contents go to a temporary file beside it that is then renamed over it.
    static func writeIfChanged(_ contents: Data, to path: String) throws(InputError) {
        let url = URL(fileURLWithPath: path)
        if let existing = try? Data(contentsOf: url), existing == contents {
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, options: .atomic)
        } catch {
            throw InputError("cannot write '\(path)': \(error.localizedDescription)")
        }
    }
}
