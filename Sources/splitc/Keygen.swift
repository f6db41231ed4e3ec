import ArgumentParser
import Crypto
import Foundation
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `splitc keygen`: a new Ed25519 key pair for signing control documents.
struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Creates an Ed25519 private key for signing control documents and prints its public key.",
        discussion: """
            The private key file is created with mode 0600 and never overwritten; it holds base64 \
            of the key's 32 raw bytes. The public key, base64 of its 32 raw bytes, is printed on \
            standard output: configure it in the app. Exit status 1 when the file exists.
            """
    )

    @Option(name: .customLong("private-key"), help: ArgumentHelp("The private key file to create.", valueName: "file"))
    var privateKey: String

    func run() throws {
        let key = Curve25519.Signing.PrivateKey()
        let contents = Array((key.rawRepresentation.base64EncodedString() + "\n").utf8)
        try Self.createExclusively(privateKey, contents: contents)
        Console.output(key.publicKey.rawRepresentation.base64EncodedString())
    }

    /// Creates the file at `path` with mode 0600 and writes `contents`; refuses when anything
    /// is already there, and removes the file again when the write fails.
    static func createExclusively(_ path: String, contents: [UInt8]) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST {
                throw Refusal("'\(path)' exists; a private key is never overwritten (remove it first, or choose another path)")
            }
            throw InputError("cannot create '\(path)': \(String(cString: strerror(code)))")
        }
        var failure = FileDescriptorWrite.all(contents, to: descriptor) ?? 0
        if failure == 0 && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw InputError("cannot write '\(path)': \(String(cString: strerror(failure)))")
        }
    }
}
