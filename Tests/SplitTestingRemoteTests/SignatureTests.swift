import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) @testable import SplitTestingRemote
import Testing
import TestTools

/// Runs `Support/sign_document.py` (Python's `cryptography`) over `payload` with the test seed.
func signInPython(_ payload: Data, seed: Data = testSeed) throws -> (publicKey: String, signature: Data) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Support/sign_document.py")
    let outcome = try CapturedProcess.run(
        "python3", [script.path, seed.map { String(format: "%02x", $0) }.joined()], input: payload)
    let data = Data(outcome.stdout.utf8)
    struct Signed: Decodable {
        var public_key: String
        var signature: String
    }
    let signed = try JSONDecoder().decode(Signed.self, from: data)
    return (signed.public_key, try #require(Data(base64Encoded: signed.signature)))
}

@Suite("Signatures, cross-checked with Python's cryptography")
struct SignatureTests {
    let document = payload(sequence: 12, experiments: [
        "profile_redesign": ["status": "stopped"],
        "button_color": ["status": "resolved", "winner": "green", "force": ["qa-1": "red"]],
    ])

    @Test(.requires(.cryptography)) func aDocumentSignedInPythonVerifiesInSwift() throws {
        try Oracle.cryptography.require()
        let (publicKey, signature) = try signInPython(document)
        // The same seed gives the same key in both implementations, and Ed25519 is
        // deterministic, so the signatures are the same bytes.
        #expect(publicKey == testPublicKey)
        #expect(signature == (try testSigningKey.signature(for: document)))
        let key = try ControlPublicKey(base64: publicKey)
        let control = try ControlEnvelope(payload: document, signature: signature).control(verifiedWith: key)
        #expect(control.sequence == 12)
        #expect(control.experiments["button_color"] == .init(status: .resolved(winner: "green"), force: ["qa-1": "red"]))
    }

    @Test(.requires(.cryptography)) func oneFlippedByteAnywhereIsRejected() throws {
        try Oracle.cryptography.require()
        let (publicKey, signature) = try signInPython(document)
        let key = try ControlPublicKey(base64: publicKey)
        for index in document.indices {
            var flipped = document
            flipped[index] ^= 0x01
            #expect(throws: ControlDocumentError.badSignature, "payload byte \(index)") {
                try ControlEnvelope(payload: flipped, signature: signature).control(verifiedWith: key)
            }
        }
        for index in signature.indices {
            var flipped = signature
            flipped[index] ^= 0x80
            #expect(throws: ControlDocumentError.badSignature, "signature byte \(index)") {
                try ControlEnvelope(payload: document, signature: flipped).control(verifiedWith: key)
            }
        }
        // The envelope as served, with a byte of its text flipped: never accepted.
        let served = ControlEnvelope(payload: document, signature: signature).data
        for index in served.indices {
            var flipped = served
            flipped[index] ^= 0x01
            let result = Result { () throws(ControlDocumentError) in
                try ControlEnvelope(data: flipped).control(verifiedWith: key)
            }
            if case .success(let control) = result {
                // Only a flip that leaves the same bytes once decoded (base64 padding bits) may pass.
                #expect(control == (try ControlEnvelope(data: served).control(verifiedWith: key)), "envelope byte \(index)")
            }
        }
    }

    @Test(.requires(.cryptography), .requires(.python3)) func aPythonSignedDocumentServedOverHTTPApplies() async throws {
        try Oracle.cryptography.require()
        try await withControlServer { server in
            let (publicKey, signature) = try signInPython(document)
            let issues = IssueRecorder()
            let service = makeService(issues: issues)
            let remote = makeRemote(server, directory: temporaryDirectory(), publicKey: publicKey, applyImmediately: true)
            let body = ControlEnvelope(payload: document, signature: signature).data
            let (outcome, _) = try await startWhileHeld(remote, service: service, server: server, script: .init(body: body))
            #expect(outcome == .applied(sequence: 12))
            #expect(InForce(service) == .stoppedAndResolved)
            #expect(issues.issues.isEmpty)
            remote.stop()
        }
    }

    @Test func aKeyOfTheWrongLengthIsRefused() {
        #expect(throws: ControlDocumentError.invalidPublicKey) { try ControlPublicKey(base64: "AAAA") }
        #expect(throws: ControlDocumentError.invalidPublicKey) { try ControlPublicKey(base64: "not base64!") }
        #expect(throws: Never.self) { try ControlPublicKey(base64: testPublicKey) }
    }
}
