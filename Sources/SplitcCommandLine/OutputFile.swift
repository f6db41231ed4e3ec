import Foundation
@_spi(Tools) import SplitTestTools

/// Writes the generated file so that a build never sees it half-written and an unchanged build
/// does not see it touched.
package enum OutputFile {
    /// Replaces the file at `path` with `contents` unless it already holds exactly those bytes,
    /// keeping its modification date, so that nothing that depends on it is rebuilt. The new
    /// contents go to a temporary file beside it that is then renamed over it.
    package static func writeIfChanged(_ contents: Data, to path: String) throws(InputError) {
        let url = URL(fileURLWithPath: path)
        if let existing = try? Data(contentsOf: url), existing == contents {
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, options: .atomic)
        } catch {
            throw InputError(UnwritablePath.message(path, error: error, createsFolders: true))
        }
    }

    /// Replaces the stamp file at `path` with a new file, so that its inode and modification date
    /// both change even when two runs fall within one tick of a coarse file-system clock: the build
    /// plugin lists the stamp as an input of `splitc generate`, and a changed input makes the build
    /// system run the command again on the next build.
    package static func replaceStamp(at path: String) throws(InputError) {
        let note = "Replaced by splitc generate on every run, so that the build runs it on every build.\n"
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(note.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw InputError("cannot write the stamp '\(path)': " + UnwritablePath.reason(path, error: error, createsFolders: true))
        }
    }
}
