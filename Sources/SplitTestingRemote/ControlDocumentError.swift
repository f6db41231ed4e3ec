/// Why a control document was rejected as a whole; the document in force stays.
///
/// `RemoteControl` reports each as `SplitTestingIssue/controlDocumentRejected(source:reason:)`
/// with ``description`` as the reason.
public enum ControlDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The envelope is not a JSON object (`detail` says what is wrong).
    case notAnEnvelope(detail: String)
    /// The envelope's `format` is missing or not 1; `found` is what it holds, as text.
    case unsupportedFormat(found: String)
    /// The envelope's `field` (`payload` or `signature`) is missing, not a string, or not base64.
    case badBase64(field: String)
    /// A public key is configured and the envelope carries no signature.
    case missingSignature
    /// The signature does not verify with the configured public key over the payload's bytes.
    case badSignature
    /// The configured public key is not the base64 of 32 raw bytes.
    case invalidPublicKey
    /// The payload is not a control document (`detail` names the field and the problem).
    case malformedPayload(detail: String)
    /// The document holds more than `limit` bytes.
    case tooLarge(size: Int, limit: Int)

    /// What is wrong, as a phrase for logs.
    public var description: String {
        switch self {
        case .notAnEnvelope(let detail): "not a control document envelope (\(detail))"
        case .unsupportedFormat(let found): "format \(found) is not supported (expected 1)"
        case .badBase64(let field): "'\(field)' is missing or not base64"
        case .missingSignature: "no signature, and a public key is configured"
        case .badSignature: "the signature does not verify with the configured public key"
        case .invalidPublicKey: "the configured public key is not the base64 of 32 raw bytes"
        case .malformedPayload(let detail): "malformed payload: \(detail)"
        case .tooLarge(let size, let limit): "\(size) bytes is over the limit of \(limit)"
        }
    }
}
