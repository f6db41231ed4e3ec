import Crypto
import Foundation
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

extension ControlEnvelope {
    /// A new envelope of `control`, signed with `key` when one is given.
    init(control: SplitTestControl, signingKey key: Curve25519.Signing.PrivateKey?) throws {
        let payload = control.payloadJSON()
        self.init(payload: payload, signature: try key.map { try $0.signature(for: payload) })
    }

    /// Writes the envelope and a newline to `path`, atomically, creating its folder.
    func write(to path: String) throws(InputError) {
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (data + Data("\n".utf8)).write(to: url, options: .atomic)
        } catch {
            throw InputError(UnwritablePath.message(path, error: error, createsFolders: true))
        }
    }
}

/// Ed25519 keys as `splitc` reads and writes them: base64 of the 32 raw bytes.
enum ControlKeys {
    /// The private key in the file at `path` (base64 of 32 bytes, then a newline).
    static func privateKey(at path: String) throws(InputError) -> Curve25519.Signing.PrivateKey {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw InputError("cannot read the signing key '\(path)': \(error.localizedDescription)")
        }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let raw = Data(base64Encoded: text), raw.count == 32,
            let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else {
            throw InputError("'\(path)' is not a signing key (base64 of 32 bytes, as splitc keygen writes)")
        }
        return key
    }
}
