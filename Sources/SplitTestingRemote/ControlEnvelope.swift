import Foundation
import SplitTesting

/// A control document as served: `{"format": 1, "payload": "<base64>", "signature": "<base64>"}`,
/// an envelope so that the signed bytes are exactly the payload's bytes.
///
/// ```swift
/// let envelope = try ControlEnvelope(data: downloaded)
/// let control = try envelope.control(verifiedWith: try ControlPublicKey(base64: publicKey))
/// service.applyControl(control)
/// ```
public struct ControlEnvelope: Sendable, Hashable {
    /// The only envelope format this runtime reads.
    public static let supportedFormat = 1

    /// The payload's bytes: UTF-8 JSON of the `SplitTestControl`.
    public let payload: Data
    /// The Ed25519 signature of ``payload``, if the document is signed.
    public let signature: Data?

    /// Reads an envelope; throws when `data` is not a JSON object, its `format` is not 1, or
    /// `payload` or `signature` is not base64. The signature is not checked here.
    public init(data: Data) throws(ControlDocumentError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .notAnEnvelope(detail: "not JSON")
        }
        guard let fields = object as? [String: Any] else { throw .notAnEnvelope(detail: "not a JSON object") }
        guard let format = fields["format"] else { throw .unsupportedFormat(found: "(missing)") }
        guard JSONNumber.integer(format) == Self.supportedFormat else {
            throw .unsupportedFormat(found: JSONNumber.text(format))
        }
        for key in fields.keys where !["format", "payload", "signature"].contains(key) {
            throw .notAnEnvelope(detail: "unknown field '\(key)'")
        }
        guard let encodedPayload = fields["payload"] as? String,
            let payload = Data(base64Encoded: encodedPayload)
        else { throw .badBase64(field: "payload") }
        self.payload = payload
        switch fields["signature"] {
        case nil, is NSNull:
            signature = nil
        case let encoded as String:
            guard let signature = Data(base64Encoded: encoded) else { throw .badBase64(field: "signature") }
            self.signature = signature
        default:
            throw .badBase64(field: "signature")
        }
    }

    /// Creates an envelope of `payload`, signed or not.
    public init(payload: Data, signature: Data?) {
        self.payload = payload
        self.signature = signature
    }

    /// The envelope's JSON bytes.
    public var data: Data {
        var fields: [String: Any] = ["format": Self.supportedFormat, "payload": payload.base64EncodedString()]
        if let signature { fields["signature"] = signature.base64EncodedString() }
        // Only strings and an integer: serialisation cannot fail.
        return (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
    }

    /// Checks the signature with `publicKey` (when one is given) and decodes the payload.
    ///
    /// With a key, a missing or wrong signature throws; without one, any signature is ignored
    /// and the caller decides whether to accept an unsigned document.
    public func control(verifiedWith publicKey: ControlPublicKey?) throws(ControlDocumentError) -> SplitTestControl {
        if let publicKey {
            guard let signature else { throw .missingSignature }
            guard publicKey.isValidSignature(signature, of: payload) else { throw .badSignature }
        }
        do {
            return try SplitTestControl(payloadJSON: payload)
        } catch {
            throw .malformedPayload(detail: error.description)
        }
    }
}
