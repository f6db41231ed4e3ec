import Foundation

/// A fresh directory under the system's temporary directory, for one test; the test removes it
/// with ``remove()`` in a `defer`, so that it goes even when an expectation fails.
struct ScratchDirectory {
    /// The directory.
    let url: URL

    init(_ purpose: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("splittesting-fault-\(purpose)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `name` inside the directory.
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// The names in the directory, sorted.
    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// Removes the directory and everything in it, making read-only parts writable first.
    func remove() {
        if let paths = FileManager.default.enumerator(atPath: url.path) {
            for case let path as String in paths {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: url.appendingPathComponent(path).path)
            }
        }
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }
}
