import Foundation
@_spi(Tools) import SplitTesting

/// A control document read from a file, opened exactly as apps open one fetched: the envelope,
/// the size limit, the Ed25519 verification and the environment check. What `splitc assign
/// --control`, `splitc publish --control` and the decision service's `--control` share.
///
/// ```swift
/// let document = try ControlDocumentFile(path: "control.json", publicKey: key, environment: "production")
/// print(document.control.sequence)
/// ```
@_spi(Tools) public struct ControlDocumentFile: Sendable {
    /// The payload, verified.
    public var control: SplitTestControl
    /// The envelope as read.
    public var envelope: ControlEnvelope
    /// The file's bytes, as they were published.
    public var data: Data

    /// Why a control document cannot be used.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The file or the key cannot be read at all (a tool's usage error).
        case unreadable(String)
        /// The document was read and is rejected, as an app would reject it.
        case rejected(String)

        /// What is wrong, naming the file.
        public var description: String {
            switch self {
            case .unreadable(let message), .rejected(let message): message
            }
        }
    }

    /// Reads and opens the document at `path`, verified with `publicKey` (base64 of 32 bytes) when
    /// one is given. ``requireEnvironment(_:path:)`` then checks whom it was published for.
    public init(path: String, publicKey: String?) throws(Failure) {
        let key: ControlPublicKey?
        do {
            key = try publicKey.map { text throws(ControlDocumentError) in try ControlPublicKey(base64: text) }
        } catch {
            throw .unreadable("--public-key must be base64 of 32 bytes, as splitc keygen prints it; found '\(publicKey ?? "")'")
        }
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable("cannot read the control document '\(path)': \(error.localizedDescription)")
        }
        let limit = RemoteControlConfiguration.defaultMaxDocumentSize
        guard data.count <= limit else {
            throw .rejected("control document '\(path)' is rejected: \(ControlDocumentError.tooLarge(size: data.count, limit: limit))")
        }
        do {
            envelope = try ControlEnvelope(data: data)
            control = try envelope.control(verifiedWith: key)
        } catch {
            throw .rejected("control document '\(path)' is rejected: \(error)")
        }
    }

    /// Reads the document at `path` as a service configured with `environment` accepts it:
    /// opened as ``init(path:publicKey:)`` opens it, and rejected when it was published for
    /// another environment.
    public init(path: String, publicKey: String?, environment: String?) throws(Failure) {
        try self.init(path: path, publicKey: publicKey)
        if let published = control.environment, published != environment {
            throw .rejected(
                "control document '\(path)' is rejected: "
                    + "\(SplitTestingIssue.controlEnvironmentMismatch(document: published, service: environment))")
        }
    }
}
