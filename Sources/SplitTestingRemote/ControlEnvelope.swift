import Foundation
@_spi(Tools) import SplitTesting
import SplitTestFormats

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
        let root: JSONValue
        do {
            root = try JSONValue(parsing: [UInt8](data))
        } catch {
            throw .notAnEnvelope(detail: "not JSON")
        }
        guard case .object(let members) = root else { throw .notAnEnvelope(detail: "not a JSON object") }
        guard let format = root["format"] else { throw .unsupportedFormat(found: "(missing)") }
        guard format.integerValue == Self.supportedFormat else {
            throw .unsupportedFormat(found: Self.describe(format))
        }
        for member in members where !["format", "payload", "signature"].contains(member.key) {
            throw .notAnEnvelope(detail: "unknown field '\(member.key)'")
        }
        guard case .string(let encodedPayload)? = root["payload"], let payload = Data(base64Encoded: encodedPayload)
        else { throw .badBase64(field: "payload") }
        self.payload = payload
        switch root["signature"] {
        case nil, .null?:
            signature = nil
        case .string(let encoded)?:
            guard let signature = Data(base64Encoded: encoded) else { throw .badBase64(field: "signature") }
            self.signature = signature
        default:
            throw .badBase64(field: "signature")
        }
    }

    /// A value as a short text for messages: `2`, `'1'`, `true`.
    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let text): text
        case .string(let text): "'\(text.prefix(40))'"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .object, .array: "a non-number"
        }
    }

    /// Creates an envelope of `payload`, signed or not.
    public init(payload: Data, signature: Data?) {
        self.payload = payload
        self.signature = signature
    }

    /// The envelope's JSON bytes.
    public var data: Data {
        var members: [JSONValue.Member] = [
            .init(key: "format", value: .number(String(Self.supportedFormat))),
            .init(key: "payload", value: .string(payload.base64EncodedString())),
        ]
        if let signature { members.append(.init(key: "signature", value: .string(signature.base64EncodedString()))) }
        return Data(JSONValue.object(members).compactSortedBytes)
    }

    /// Checks the signature with `publicKey` (when one is given) and decodes the payload.
    ///
    /// With a key, a missing or wrong signature throws; without one, any signature is ignored
    /// and the caller decides whether to accept an unsigned document.
    @_spi(Tools) public func control(verifiedWith publicKey: ControlPublicKey?) throws(ControlDocumentError) -> SplitTestControl {
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
