import Crypto
import Foundation

/// The Ed25519 public key that control documents must be signed with, as `splitc keygen`
/// prints it: the base64 of its 32 raw bytes.
///
/// ```swift
/// let key = try ControlPublicKey(base64: "6hY0…")
/// let control = try ControlEnvelope(data: bytes).control(verifiedWith: key)
/// ```
public struct ControlPublicKey: Sendable {
    /// The key's 32 raw bytes (the Crypto key type is not `Sendable`, so it is rebuilt per use).
    let rawRepresentation: Data

    /// Reads a key; throws ``ControlDocumentError/invalidPublicKey`` unless `base64` holds
    /// exactly 32 bytes.
    public init(base64: String) throws(ControlDocumentError) {
        guard let raw = Data(base64Encoded: base64.trimmingCharacters(in: .whitespacesAndNewlines)),
            raw.count == 32,
            (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil
        else { throw .invalidPublicKey }
        rawRepresentation = raw
    }

    /// Whether `signature` is this key's Ed25519 signature of `message`.
    public func isValidSignature(_ signature: Data, of message: Data) -> Bool {
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: rawRepresentation) else { return false }
        return key.isValidSignature(signature, for: message)
    }
}
