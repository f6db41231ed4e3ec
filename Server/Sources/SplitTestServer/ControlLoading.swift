import Foundation
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote

/// Reads a control document as apps open it: `SplitTestingRemote`'s envelope, its size limit and
/// its Ed25519 verification.
enum ControlLoading {
    static func read(_ path: String, publicKey: String?) throws(CatalogError) -> (SplitTestControl, Data) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError("cannot read the control document '\(path)'")
        }
        let limit = RemoteControlConfiguration.defaultMaxDocumentSize
        guard data.count <= limit else {
            throw CatalogError("control document '\(path)' is rejected: \(ControlDocumentError.tooLarge(size: data.count, limit: limit))")
        }
        do {
            let key = try publicKey.map { text throws(ControlDocumentError) in try ControlPublicKey(base64: text) }
            let envelope = try ControlEnvelope(data: data)
            return (try envelope.control(verifiedWith: key), data)
        } catch {
            throw CatalogError("control document '\(path)' is rejected: \(error)")
        }
    }

    /// A strong ETag of the bytes served: their length and 64-bit FNV-1a hash, which changes
    /// whenever a new document is published (it validates a cache; it does not authenticate).
    static func etag(of data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return "\"\(data.count)-\(String(hash, radix: 16))\""
    }
}
