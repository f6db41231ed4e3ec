import Foundation

/// Reads a ``FileAssignmentStore``'s file once, setting aside a corrupt one.
struct StoreFileLoader {
    let fileURL: URL
    let report: @Sendable (SplitTestingIssue) -> Void

    /// The entries read, and whether the file may be replaced by later writes.
    func load() -> (values: [String: String], persists: Bool) {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            guard FileManager.default.fileExists(atPath: fileURL.path) else { return ([:], true) }
            report(.storeFileUnreadable(path: fileURL.path, reason: error.localizedDescription))
            return ([:], false)
        }
        // A zero-byte file holds nothing that could be lost.
        if data.isEmpty { return ([:], true) }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return ([:], setAside())
        }
        var values: [String: String] = [:]
        for (key, value) in object {
            if let string = value as? String { values[key] = string }
        }
        if values.count == object.count { return (values, true) }
        // Keep the good entries, but keep the whole original too, for whoever investigates.
        return (values, setAside())
    }

    /// Renames the corrupt file next to itself; whether that worked, so the file may be replaced.
    private func setAside() -> Bool {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let suffix = UUID().uuidString.prefix(8).lowercased()
        let destination = fileURL.deletingLastPathComponent()
            .appendingPathComponent("\(fileURL.lastPathComponent).corrupt-\(stamp)-\(suffix)")
        do {
            try FileManager.default.moveItem(at: fileURL, to: destination)
            report(.corruptStoreFile(path: fileURL.path, setAsideAt: destination.path))
            return true
        } catch {
            report(.corruptStoreFile(path: fileURL.path, setAsideAt: nil))
            return false
        }
    }
}
