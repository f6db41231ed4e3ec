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

    /// Replaces the file `name` in the existing folder `folder` with `contents` unless it already
    /// holds exactly those bytes, through a temporary file renamed over it, so that a reader never
    /// sees it half-written; without waiting for the disk (no `fsync`), for the many files of a
    /// site that is written again whenever it is lost: at a few milliseconds a file on a virtual
    /// disk, the wait would be most of the time of a catalog of thousands of pages.
    package static func replaceIfChanged(_ contents: Data, named name: String, in folder: URL) throws(InputError) {
        let url = folder.appendingPathComponent(name)
        if let existing = try? Data(contentsOf: url), existing == contents {
            return
        }
        // Written with the system's calls: Foundation's Data.write waits for the disk even
        // without `.atomic`.
        let temporary = folder.appendingPathComponent(".\(name).\(getpid()).partial").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        var failure: Int32? = descriptor >= 0 ? FileDescriptorWrite.all(contents, to: descriptor) : errno
        if descriptor >= 0, close(descriptor) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(temporary)
            throw InputError(UnwritablePath.message(url.path, error: POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO), createsFolders: false))
        }
        guard rename(temporary, url.path) == 0 else {
            let code = errno
            unlink(temporary)
            throw InputError(UnwritablePath.message(url.path, error: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO), createsFolders: false))
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
