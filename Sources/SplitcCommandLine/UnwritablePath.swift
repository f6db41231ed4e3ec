import Foundation

/// Why a file cannot be written, found by looking at the file system: Foundation's errors on
/// Linux often say only that "the operation could not be completed", which leaves the reader
/// to guess between a folder that is missing, one that is a file, a permission and a directory
/// where the file should be.
package enum UnwritablePath {
    /// `cannot write 'path': <why>`, for the failure `error` of writing `path`; with
    /// `createsFolders`, a missing folder was to be created rather than being the reason.
    package static func message(_ path: String, error: (any Error)? = nil, createsFolders: Bool) -> String {
        "cannot write '\(path)': " + reason(path, error: error, createsFolders: createsFolders)
    }

    /// Why `path` cannot be written, in words.
    package static func reason(_ path: String, error: (any Error)? = nil, createsFolders: Bool) -> String {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a folder; name a file in it instead"
        }
        let parent = folder(of: path)
        if !files.fileExists(atPath: parent, isDirectory: &isDirectory) {
            // The nearest folder that exists, and whether a file stands where a folder is needed.
            var ancestor = parent
            while !files.fileExists(atPath: ancestor, isDirectory: &isDirectory), ancestor != folder(of: ancestor) {
                ancestor = folder(of: ancestor)
            }
            if files.fileExists(atPath: ancestor, isDirectory: &isDirectory), !isDirectory.boolValue {
                return "'\(ancestor)' is a file, not a folder"
            }
            guard createsFolders else { return "the folder '\(parent)' does not exist; create it first" }
            if access(ancestor, W_OK) != 0 {
                return "permission denied: the folder '\(parent)' cannot be created in '\(ancestor)'"
            }
        } else if !isDirectory.boolValue {
            return "'\(parent)' is a file, not a folder"
        } else if access(parent, W_OK) != 0 {
            return "permission denied: the folder '\(parent)' is not writable"
        }
        if files.fileExists(atPath: path), access(path, W_OK) != 0 {
            return "permission denied: the file is not writable"
        }
        return systemReason(error)
    }

    /// The folder that holds `path`: `.` for a bare name.
    private static func folder(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The operating system's words for `error`, when it carries an errno; else Foundation's.
    private static func systemReason(_ error: (any Error)?) -> String {
        guard let error else { return "the file cannot be created" }
        let bridged = error as NSError
        let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError
        for candidate in [underlying, bridged].compactMap({ $0 }) where candidate.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(candidate.code))).lowercased()
        }
        return error.localizedDescription
    }
}
