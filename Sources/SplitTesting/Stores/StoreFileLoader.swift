import Foundation
import SplitTestFormats

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads, sets aside and replaces a ``FileAssignmentStore``'s file. It decides nothing and
/// reports nothing: the store does both, since what a bad file means depends on whether the
/// store holds the lock.
struct StoreFileLoader {
    /// What the file held when it was read.
    enum Contents: Sendable, Equatable {
        /// No file: a fresh install (or a folder not created yet).
        case missing
        /// A JSON object of strings (an empty file counts as an empty object: it holds nothing
        /// that could be lost).
        case values([UTF8Key: String])
        /// Not a JSON object of strings; `salvaged` holds the string entries that could be read.
        case corrupt(salvaged: [UTF8Key: String])
        /// A file exists but cannot be read.
        case unreadable(reason: String)
    }

    let fileURL: URL

    /// The file's contents, with the stamp of the very file that was read (so that a rename
    /// between looking and reading cannot pair new contents with an old stamp).
    func read() -> (contents: Contents, stamp: FileStamp?) {
        let descriptor = open(fileURL.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { return (.missing, nil) }
            return (.unreadable(reason: String(cString: strerror(error))), nil)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let stamp = FileStamp(descriptor: descriptor)
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            return (.unreadable(reason: error.localizedDescription), stamp)
        }
        return (Self.parse(data), stamp)
    }

    static func parse(_ data: Data) -> Contents {
        if data.isEmpty { return .values([:]) }
        // The good entries are kept, but so is the whole original, for whoever investigates.
        switch StoreFile.decode(Array(data)) {
        case .values(let values): return .values(values)
        case .corrupt(let salvaged): return .corrupt(salvaged: salvaged)
        }
    }

    /// Renames the corrupt file next to itself (`<name>.corrupt-<timestamp>-<suffix>`); where
    /// it went, or nil when that failed and the file must not be replaced.
    func setAside() -> URL? {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let destination = fileURL.deletingLastPathComponent()
            .appendingPathComponent("\(fileURL.lastPathComponent).corrupt-\(stamp)-\(suffix)")
        do {
            try FileManager.default.moveItem(at: fileURL, to: destination)
            return destination
        } catch {
            return nil
        }
    }

    /// Replaces the file with `values` by writing a temporary file and renaming it over the
    /// old one, so that a process killed at any moment leaves the old file or the new one,
    /// never a torn one. `temporaryName` is fixed for writers that hold the lock (a file left
    /// by a killed writer is simply overwritten by the next) and unique otherwise. Creates the
    /// folder when it is missing. Returns the stamp of the new file.
    @discardableResult
    func replace(with values: [UTF8Key: String], temporaryName: String) throws -> FileStamp? {
        let data = StoreFile.encode(values)
        try createFolder()
        let temporary = fileURL.deletingLastPathComponent().appendingPathComponent(temporaryName)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreFileError(operation: "create", path: temporary.path, code: errno) }
        var written = 0
        let failure: Int32? = data.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return nil }
            while written < bytes.count {
                let count = write(descriptor, start + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = failure ?? closed {
            unlink(temporary.path)
            throw StoreFileError(operation: "write", path: temporary.path, code: code)
        }
        guard rename(temporary.path, fileURL.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw StoreFileError(operation: "rename", path: fileURL.path, code: code)
        }
        return FileStamp(path: fileURL.path)
    }

    /// Creates the file's folder (and its parents) when missing.
    func createFolder() throws {
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
    }
}

/// A system call on a store file that failed, with the system's message.
struct StoreFileError: Error, CustomStringConvertible {
    var operation: String
    var path: String
    var code: Int32

    var description: String {
        "\(operation) \(path): \(String(cString: strerror(code)))"
    }
}
