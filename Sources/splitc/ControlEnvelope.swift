import Crypto
import Foundation
import SplitTesting

/// A control document as it is uploaded (SPEC §8): `{"format":1,"payload":"<base64>",
/// "signature":"<base64>"}`, the signature an Ed25519 signature of the payload's exact bytes.
///
/// `splitc publish` writes it and `splitc assign --control` opens it; the `SplitTestingRemote`
/// product opens it in apps by the same rules.
struct ControlEnvelope: Equatable {
    /// The only format this version writes and reads.
    static let format = 1
    /// The largest document read, as the runtime's limit.
    static let maximumSize = 1 << 20

    /// The payload's UTF-8 JSON bytes.
    var payload: Data
    /// The Ed25519 signature of `payload`, when signed.
    var signature: Data?

    /// A new envelope of `control`, signed with `key` when one is given.
    init(control: SplitTestControl, signingKey key: Curve25519.Signing.PrivateKey?) throws {
        payload = control.payloadJSON()
        signature = try key.map { try $0.signature(for: payload) }
    }

    init(payload: Data, signature: Data?) {
        self.payload = payload
        self.signature = signature
    }

    /// Compact JSON with the keys in order (format, payload, signature), ending in a newline.
    func encoded() -> Data {
        var text = #"{"format":\#(Self.format),"payload":""# + payload.base64EncodedString() + "\""
        if let signature { text += #","signature":""# + signature.base64EncodedString() + "\"" }
        return Data((text + "}\n").utf8)
    }

    /// Why a document is rejected.
    struct Rejection: Error, Equatable {
        var reason: String
    }

    /// The envelope in `data`, its signature verified with `publicKey` when one is given.
    ///
    /// With a key, a missing or wrong signature rejects the document; without one, a signature
    /// is not checked.
    static func open(_ data: Data, publicKey: Curve25519.Signing.PublicKey?) throws(Rejection) -> ControlEnvelope {
        guard data.count <= maximumSize else {
            throw Rejection(reason: "it is \(data.count) bytes, over the limit of \(maximumSize) (1 MiB)")
        }
        let raw: RawEnvelope
        do {
            raw = try JSONDecoder().decode(RawEnvelope.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw Rejection(reason: "it is not JSON (\(context.debugDescription))")
        } catch let DecodingError.keyNotFound(key, _) {
            throw Rejection(reason: "the envelope has no '\(key.stringValue)'")
        } catch let DecodingError.typeMismatch(_, context) {
            let field = context.codingPath.first?.stringValue ?? "the envelope"
            throw Rejection(reason: field == "the envelope"
                ? "it is not a JSON object {\"format\", \"payload\", \"signature\"}"
                : "'\(field)' has the wrong type (\(context.debugDescription))")
        } catch let DecodingError.dataCorrupted(context) {
            throw Rejection(reason: context.debugDescription)
        } catch {
            throw Rejection(reason: "it is not a control document envelope (\(error))")
        }
        guard raw.format == Self.format else {
            throw Rejection(reason: "format \(raw.format) is not supported; this splitc reads format \(Self.format)")
        }
        guard let payload = Data(base64Encoded: raw.payload) else {
            throw Rejection(reason: "'payload' is not base64")
        }
        var signature: Data?
        if let text = raw.signature {
            guard let bytes = Data(base64Encoded: text) else {
                throw Rejection(reason: "'signature' is not base64")
            }
            signature = bytes
        }
        if let publicKey {
            guard let signature else {
                throw Rejection(reason: "it is not signed, and a public key is given")
            }
            guard publicKey.isValidSignature(signature, for: payload) else {
                throw Rejection(reason: "its signature does not verify with the public key")
            }
        }
        return ControlEnvelope(payload: payload, signature: signature)
    }

    /// The control the payload holds.
    func control() throws(Rejection) -> SplitTestControl {
        do {
            return try SplitTestControl(payloadJSON: payload)
        } catch {
            throw Rejection(reason: error.description)
        }
    }
}

/// The envelope's fields as JSON holds them; any other field is an error.
private struct RawEnvelope: Decodable {
    var format: Int
    var payload: String
    var signature: String?

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys where !["format", "payload", "signature"].contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [key],
                debugDescription: "unknown field '\(key.stringValue)' in the envelope (known: 'format', 'payload', 'signature')"))
        }
        format = try container.decode(Int.self, forKey: Key(stringValue: "format"))
        payload = try container.decode(String.self, forKey: Key(stringValue: "payload"))
        signature = try container.decodeIfPresent(String.self, forKey: Key(stringValue: "signature"))
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

    /// The public key written as base64 of its 32 raw bytes.
    static func publicKey(_ text: String) throws(InputError) -> Curve25519.Signing.PublicKey {
        guard let raw = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), raw.count == 32,
            let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
        else {
            throw InputError("--public-key must be base64 of 32 bytes, as splitc keygen prints it; found '\(text)'")
        }
        return key
    }
}
