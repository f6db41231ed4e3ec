import Foundation
import SplitTestFormats

/// The last good control document kept on disk, so that it applies synchronously at the next
/// start: the envelope's exact bytes (re-verified when read), the server's `ETag` and the sequence.
///
/// The file is a one-line JSON header (`{"etag": …, "sequence": N, "length": L}`) followed by
/// the `L` envelope bytes, written atomically (a temporary file renamed over the old one), so a
/// crash leaves the old document or the new one, never a mix. A damaged file is renamed with a
/// `.corrupt` suffix by ``setAside()``.
///
/// ```swift
/// let cache = ControlDocumentCache(directory: applicationSupport)
/// if case .loaded(let entry) = cache.load() { print(entry.sequence) }
/// ```
public struct ControlDocumentCache: Sendable {
    /// One kept document.
    public struct Entry: Sendable, Hashable {
        /// The envelope's bytes, as served.
        public var envelope: Data
        /// The server's `ETag` for them, sent back as `If-None-Match`.
        public var etag: String?
        /// The payload's sequence.
        public var sequence: Int

        /// Creates an entry.
        public init(envelope: Data, etag: String?, sequence: Int) {
            self.envelope = envelope
            self.etag = etag
            self.sequence = sequence
        }
    }

    /// What ``load()`` found.
    public enum LoadResult: Sendable, Hashable {
        /// No document is kept.
        case empty
        /// The kept document.
        case loaded(Entry)
        /// The file is damaged (`reason`); set it aside with ``setAside()``.
        case corrupt(reason: String)
        /// The file exists and cannot be read (`reason`).
        case unreadable(reason: String)
    }

    /// The file's name inside the directory.
    public static let fileName = "split-testing-control.document"

    /// Where the document is kept.
    public let fileURL: URL

    /// A cache in `directory`, created when first written.
    public init(directory: URL) {
        fileURL = directory.appendingPathComponent(Self.fileName, isDirectory: false)
    }

    /// Reads the kept document: one file read and a small header parse.
    public func load() -> LoadResult {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            if !FileManager.default.fileExists(atPath: fileURL.path) { return .empty }
            return .unreadable(reason: Self.describe(error))
        }
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return .corrupt(reason: "no header line") }
        let header = data[data.startIndex..<newline]
        guard let fields = try? JSONValue(parsing: [UInt8](header)), case .object = fields else {
            return .corrupt(reason: "the header is not a JSON object")
        }
        guard let sequence = fields["sequence"]?.integerValue, sequence > 0 else {
            return .corrupt(reason: "the header has no positive sequence")
        }
        guard let length = fields["length"]?.integerValue else {
            return .corrupt(reason: "the header has no length")
        }
        let etag: String?
        switch fields["etag"] {
        case nil, .null?: etag = nil
        case .string(let text)?: etag = text
        default: return .corrupt(reason: "the header's etag is not a string")
        }
        let envelope = data[(newline + 1)...]
        guard envelope.count == length else {
            return .corrupt(reason: "\(envelope.count) envelope bytes where the header says \(length)")
        }
        return .loaded(Entry(envelope: Data(envelope), etag: etag, sequence: sequence))
    }

    /// Keeps `entry`, replacing the document kept before, atomically.
    public func save(_ entry: Entry) throws {
        var header: [JSONValue.Member] = [
            .init(key: "length", value: .number(String(entry.envelope.count))),
            .init(key: "sequence", value: .number(String(entry.sequence))),
        ]
        if let etag = entry.etag { header.append(.init(key: "etag", value: .string(etag))) }
        var data = Data(JSONValue.object(header).compactSortedBytes)
        data.append(UInt8(ascii: "\n"))
        data.append(entry.envelope)
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: fileURL, options: .atomic)
    }

    /// Renames a damaged file with a `.corrupt` suffix (replacing an older one), so that the
    /// next start begins afresh and the file stays for inspection.
    ///
    /// - Returns: Where it now is, or `nil` when it could not be moved (it is then removed if possible).
    @discardableResult
    public func setAside() -> URL? {
        let target = fileURL.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: target)
        do {
            try FileManager.default.moveItem(at: fileURL, to: target)
            return target
        } catch {
            try? FileManager.default.removeItem(at: fileURL)
            return nil
        }
    }

    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
            return "\(underlying.domain) \(underlying.code): \(underlying.localizedDescription)"
        }
        return nsError.localizedDescription
    }
}
