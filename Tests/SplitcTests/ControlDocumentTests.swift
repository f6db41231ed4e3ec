import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote
import Testing
import TestTools

/// `splitc publish`, `keygen` and `assign --control`, run as processes: the control documents of
/// the "Changing experiments after release" article (RemoteControl.md).
@Suite struct ControlDocumentTests {
    /// Two running experiments, as an app version in users' hands has them.
    static let released = """
        identifier: button_color
        type: device
        groups: [red, blue, dark_gray]
        ---
        identifier: search_suggestions
        type: device
        groups: [control, ranked]
        traffic: 50

        """

    /// The same experiments later in the repository: search stopped, a QA device forced, a
    /// third experiment resolved.
    static let current = """
        identifier: button_color
        type: device
        groups: [red, blue, dark_gray]
        force: { "qa-device-1": dark_gray, "user-42": blue }
        ---
        identifier: search_suggestions
        type: device
        groups: [control, ranked]
        traffic: 12.5
        status: stopped
        ---
        identifier: onboarding
        type: device
        groups: [long, short]
        status: resolved
        winner: short

        """

    /// A folder with `current` in `next/` and `released` in `app/`.
    static func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("next/experiments.yaml", current)
        try folder.write("app/experiments.yaml", released)
        return folder
    }

    /// The envelope's fields, as any JSON reader sees them.
    static func envelope(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func payload(of envelope: [String: Any]) throws -> Data {
        let text = try #require(envelope["payload"] as? String)
        return try #require(Data(base64Encoded: text))
    }

    @Test func publishWritesTheEnvelopeOfEveryExperiment() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let outcome = try folder.splitc("publish", "next", "--output", "out/control.json", "--sequence", "42")
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        let envelope = try Self.envelope(try folder.read("out/control.json"))
        #expect(envelope["format"] as? Int == 1)
        #expect(envelope["signature"] == nil)
        #expect(Set(envelope.keys) == ["format", "payload"])
        let control = try SplitTestControl(payloadJSON: try Self.payload(of: envelope))
        #expect(control.sequence == 42)
        #expect(control.generated?.hasSuffix("Z") == true)
        #expect(control.experiments == [
            "button_color": .init(status: .running, trafficBuckets: 10_000, force: ["qa-device-1": "dark_gray", "user-42": "blue"]),
            "search_suggestions": .init(status: .stopped, trafficBuckets: 1_250, force: [:]),
            "onboarding": .init(status: .resolved(winner: "short"), trafficBuckets: 10_000, force: [:]),
        ])
        // The payload is the runtime's deterministic writing of that control.
        #expect(try Self.payload(of: envelope) == control.payloadJSON())
    }

    @Test func publishDefaultsTheSequenceToTheSecondsSince1970() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let before = Int(Date().timeIntervalSince1970)
        let outcome = try folder.splitc("publish", "next", "--output", "control.json")
        let after = Int(Date().timeIntervalSince1970)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let control = try SplitTestControl(payloadJSON: try Self.payload(of: try Self.envelope(try folder.read("control.json"))))
        #expect((before...after).contains(control.sequence))
    }

    @Test func publishWritesNothingWhenTheDefinitionsHaveErrors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("experiments/bad.yaml", "identifier: x\ntype: device\ngroups: [a, b]\nforce: { qa: c }\n")
        try folder.write("control.json", "the last document\n")
        let outcome = try folder.splitc("publish", "--output", "control.json")
        #expect(outcome.status == 1)
        #expect(outcome.diagnosticLines == ["experiments/bad.yaml:4:14: error: group 'c' is not defined"])
        #expect(String(decoding: try folder.read("control.json"), as: UTF8.self) == "the last document\n")
        let zero = try folder.splitc("publish", "--output", "other.json", "--sequence", "0")
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--sequence must be a positive integer"))
        #expect(!folder.exists("other.json"))
    }

    @Test func keygenCreatesAPrivateKeyOfMode0600AndNeverOverwritesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outcome = try folder.splitc("keygen", "--private-key", "keys/release.key")
        // The folder must exist: keygen creates the file only.
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("cannot create 'keys/release.key'"))

        let created = try folder.splitc("keygen", "--private-key", "release.key")
        #expect(created.status == 0, "\(created.stderr)")
        let publicKey = try #require(Data(base64Encoded: created.stdout.trimmingCharacters(in: .newlines)))
        #expect(publicKey.count == 32)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("release.key"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let text = String(decoding: try folder.read("release.key"), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        #expect(Data(base64Encoded: String(text.dropLast()))?.count == 32)

        let again = try folder.splitc("keygen", "--private-key", "release.key")
        #expect(again.status == 1)
        #expect(again.stdout.isEmpty)
        #expect(again.stderr.contains("'release.key' exists; a private key is never overwritten"))
        #expect(String(decoding: try folder.read("release.key"), as: UTF8.self) == text)

        let second = try folder.splitc("keygen", "--private-key", "other.key")
        #expect(second.stdout != created.stdout, "each key is new")
    }

    /// Publishes `next/` signed with a new key into `control.json`; returns the public key.
    static func publishSigned(in folder: TemporaryFolder) throws -> String {
        let keygen = try folder.splitc("keygen", "--private-key", "release.key")
        #expect(keygen.status == 0, "\(keygen.stderr)")
        let publish = try folder.splitc("publish", "next", "--output", "control.json", "--sign-key", "release.key", "--sequence", "7")
        #expect(publish.status == 0, "\(publish.stderr)")
        return keygen.stdout.trimmingCharacters(in: .newlines)
    }

    /// `splitc assign` of the released definitions under the control document `document`.
    static func assign(
        _ experiment: String, _ unit: String, in folder: TemporaryFolder, document: String = "control.json",
        publicKey: String? = nil
    ) throws -> SplitcProcess.Outcome {
        var arguments = ["assign", "app", "--experiment", experiment, "--unit", unit, "--format", "json", "--control", document]
        if let publicKey { arguments += ["--public-key", publicKey] }
        return try SplitcProcess.run(arguments, in: folder.url)
    }

    @Test func aPublishedDocumentStopsAndForcesInTheReleasedDefinitions() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let publicKey = try Self.publishSigned(in: folder)

        let plain = try folder.splitc("assign", "app", "--experiment", "search_suggestions", "--unit", "device-1", "--format", "json")
        #expect(try #require(try plain.json() as? [String: Any])["reason"] as? String != "stopped")

        let stopped = try Self.assign("search_suggestions", "device-1", in: folder, publicKey: publicKey)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        let stoppedResult = try #require(try stopped.json() as? [String: Any])
        #expect(stoppedResult["reason"] as? String == "stopped")
        #expect(stoppedResult["group"] as? String == "control")
        #expect(stopped.stderr.contains("sequence 7, signature verified"))

        let forced = try Self.assign("button_color", "qa-device-1", in: folder, publicKey: publicKey)
        let forcedResult = try #require(try forced.json() as? [String: Any])
        #expect(forcedResult["reason"] as? String == "forced")
        #expect(forcedResult["group"] as? String == "dark_gray")

        let other = try Self.assign("button_color", "device-1", in: folder, publicKey: publicKey)
        #expect(try #require(try other.json() as? [String: Any])["reason"] as? String == "bucketed")

        let text = try folder.splitc(
            "assign", "app", "--experiment", "button_color", "--unit", "user-42", "--control", "control.json")
        #expect(text.stdout == "button_color: unit 'user-42' is in group 'blue' (forced)\n")
        #expect(text.stderr.contains("signature not checked: no --public-key"))
    }

    @Test func anEntryNamingAGroupTheBuildLacksIsReportedAndIgnored() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        try folder.write("next/experiments.yaml", Self.current.replacingOccurrences(of: "[red, blue, dark_gray]", with: "[red, blue, dark_gray, green]")
            .replacingOccurrences(of: "\"user-42\": blue", with: "\"user-42\": green"))
        #expect(try folder.splitc("publish", "next", "--output", "control.json").status == 0)
        let outcome = try Self.assign("button_color", "qa-device-1", in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains(
            "splitc: warning: control document names unknown group 'green' of experiment 'button_color'; its entry is ignored"))
        #expect(try #require(try outcome.json() as? [String: Any])["reason"] as? String == "bucketed")
        // The other entries still apply.
        let stopped = try Self.assign("search_suggestions", "device-1", in: folder)
        #expect(try #require(try stopped.json() as? [String: Any])["reason"] as? String == "stopped")
    }

    /// `control.json` with its envelope changed by `change`, written as `tampered.json`.
    static func tamper(_ folder: TemporaryFolder, _ change: (inout [String: Any]) throws -> Void) throws {
        var envelope = try envelope(try folder.read("control.json"))
        try change(&envelope)
        try JSONSerialization.data(withJSONObject: envelope).write(to: folder.url.appendingPathComponent("tampered.json"))
    }

    static func flipping(_ base64: Any?, at position: (Int) -> Int) throws -> String {
        let text = try #require(base64 as? String)
        var bytes = try #require(Data(base64Encoded: text))
        bytes[position(bytes.count)] ^= 0x01
        return bytes.base64EncodedString()
    }

    @Test(arguments: ["first", "middle", "last"])
    func oneFlippedByteInThePayloadOrTheSignatureIsRejected(place: String) throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let publicKey = try Self.publishSigned(in: folder)
        let position: (Int) -> Int = { count in place == "first" ? 0 : place == "middle" ? count / 2 : count - 1 }
        let accepted = try Self.assign("button_color", "qa-device-1", in: folder, publicKey: publicKey)
        #expect(accepted.status == 0, "\(accepted.stderr)")

        for field in ["payload", "signature"] {
            try Self.tamper(folder) { $0[field] = try Self.flipping($0[field], at: position) }
            let outcome = try Self.assign("button_color", "qa-device-1", in: folder, document: "tampered.json", publicKey: publicKey)
            #expect(outcome.status == 1, "\(field) \(place)")
            #expect(outcome.stdout.isEmpty)
            #expect(outcome.stderr.contains(
                "splitc: error: control document 'tampered.json' is rejected: the signature does not verify with the configured public key"),
                "\(outcome.stderr)")
        }
    }

    @Test func documentsThatCannotBeOpenedAreRejectedWithTheReason() throws {
        let folder = try Self.folder()
        defer { folder.remove() }
        let publicKey = try Self.publishSigned(in: folder)
        let otherKey = try folder.splitc("keygen", "--private-key", "other.key").stdout.trimmingCharacters(in: .newlines)
        func rejection(_ document: String, key: String? = publicKey) throws -> String {
            let outcome = try Self.assign("button_color", "qa-device-1", in: folder, document: document, publicKey: key)
            #expect(outcome.status == 1, "\(document): \(outcome.stderr)")
            return outcome.stderr
        }
        #expect(try rejection("control.json", key: otherKey).contains("the signature does not verify with the configured public key"))

        try Self.tamper(folder) { $0["signature"] = nil }
        #expect(try rejection("tampered.json").contains("is rejected: no signature, and a public key is configured"))
        // Without a key, an unsigned document is accepted.
        #expect(try Self.assign("button_color", "qa-device-1", in: folder, document: "tampered.json").status == 0)

        try Self.tamper(folder) { $0["format"] = 2 }
        #expect(try rejection("tampered.json").contains("is rejected: format 2 is not supported (expected 1)"))

        try Self.tamper(folder) { $0["payload"] = "not base64!" }
        #expect(try rejection("tampered.json", key: nil).contains("is rejected: 'payload' is missing or not base64"))

        try Self.tamper(folder) { $0["payload"] = Data(#"{"sequence":0,"experiments":{}}"#.utf8).base64EncodedString() }
        #expect(try rejection("tampered.json", key: nil).contains(
            "is rejected: malformed payload: payload field 'sequence': must be a positive integer; found 0"))

        try folder.write("broken.json", "{\"format\": 1, \"payload\": ")
        #expect(try rejection("broken.json").contains("control document 'broken.json' is rejected: not a control document envelope (not JSON)"))

        let badKey = try Self.assign("button_color", "qa-device-1", in: folder, publicKey: "c2hvcnQ=")
        #expect(badKey.status == 2)
        #expect(badKey.stderr.contains("--public-key must be base64 of 32 bytes"))
    }

    /// The signature checked by an independent Ed25519 implementation, Python's `cryptography`,
    /// both ways: what splitc signs verifies there, and what it signs verifies in splitc.
    @Test(.requires(.cryptography)) func signaturesAgreeWithPythonCryptography() throws {
        try Oracle.cryptography.require()
        let folder = try Self.folder()
        defer { folder.remove() }
        let publicKey = try Self.publishSigned(in: folder)
        let script = """
            import base64, json, sys
            from cryptography.exceptions import InvalidSignature
            from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
            from cryptography.hazmat.primitives import serialization
            envelope = json.load(open("control.json"))
            payload = base64.b64decode(envelope["payload"], validate=True)
            signature = base64.b64decode(envelope["signature"], validate=True)
            public = Ed25519PublicKey.from_public_bytes(base64.b64decode(sys.argv[1], validate=True))
            public.verify(signature, payload)
            try:
                public.verify(signature, payload[:-1] + bytes([payload[-1] ^ 1]))
                sys.exit("a changed payload verified")
            except InvalidSignature:
                pass
            private = Ed25519PrivateKey.from_private_bytes(base64.b64decode(open("release.key").read().strip(), validate=True))
            raw = private.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
            assert base64.b64encode(raw).decode() == sys.argv[1], "the printed public key is the private key's"
            mine = json.dumps({"sequence": 9, "experiments": {"button_color": {"force": {"python-unit": "blue"}}}}).encode()
            json.dump({"format": 1, "payload": base64.b64encode(mine).decode(),
                       "signature": base64.b64encode(private.sign(mine)).decode()}, open("python.json", "w"))
            print("verified")
            """
        let python = try CapturedProcess.run("python3", ["-c", script, publicKey], in: folder.url)
        let text = python.stdout + python.stderr
        #expect(python.status == 0, "python3 with `cryptography` (pip install cryptography): \(text)")
        #expect(text == "verified\n")

        let outcome = try Self.assign("button_color", "python-unit", in: folder, document: "python.json", publicKey: publicKey)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(try #require(try outcome.json() as? [String: Any])["reason"] as? String == "forced")
        #expect(outcome.stderr.contains("sequence 9, signature verified"))
    }
}
