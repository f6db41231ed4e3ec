import Foundation
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// Control documents as `splitc` reads them: opened by `SplitTestingRemote`'s
/// ``ControlDocumentFile``, as apps and the decision service open them, so that all of them
/// accept and reject alike. A file that cannot be read is an ``InputError`` (exit 2), a rejected
/// document a ``Refusal`` (exit 1).
enum ControlDocument {
    /// The document at `path` as a service in `environment` accepts it, verified with `publicKey`
    /// when one is given; says on standard error which document applies and how it was trusted.
    static func read(_ path: String, publicKey: String?, environment: String?) throws -> SplitTestControl {
        let file = try opened { () throws(ControlDocumentFile.Failure) in
            try ControlDocumentFile(path: path, publicKey: publicKey, environment: environment)
        }
        let trust = publicKey != nil ? "signature verified" : file.envelope.signature == nil ? "unsigned" : "signature not checked: no --public-key"
        Console.error("splitc: applying control document '\(path)': sequence \(file.control.sequence), \(trust)")
        return file.control
    }

    /// The document at `path`, whatever environment it was published for, verified with
    /// `publicKey` when one is given.
    static func open(_ path: String, publicKey: String? = nil) throws -> SplitTestControl {
        try opened { () throws(ControlDocumentFile.Failure) in try ControlDocumentFile(path: path, publicKey: publicKey) }.control
    }

    private static func opened(_ open: () throws(ControlDocumentFile.Failure) -> ControlDocumentFile) throws -> ControlDocumentFile {
        do {
            return try open()
        } catch .unreadable(let message) {
            throw InputError(message)
        } catch .rejected(let message) {
            throw Refusal(message)
        }
    }
}
