import Benchmark
import Crypto
import Foundation
@_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote

/// The remote-control targets: loading a 1,000-experiment control document at start against
/// `JSONSerialization` of the same payload bytes plus one Ed25519 verification (within 2×); the
/// sticky `fetchSplitTest` with that document in force against the dictionary lookup of
/// `RuntimeBenchmarks.swift` (within 2×).
func registerRemoteControlBenchmarks() {
    // A load takes milliseconds: one load per iteration (not the 1,000 operations of the other
    // benchmarks), so that each has tens of samples. `benchmark-report` knows these two by name
    // (`RuntimeNames.singleOperation`).
    let loadConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 3,
        scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 200)

    Benchmark("Remote control: reference, JSONSerialization of a 1,000-experiment payload + one Ed25519 verification",
              configuration: loadConfiguration) { benchmark in
        let document = RemoteControlFixtures.document
        let key = RemoteControlFixtures.publicKey
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try? JSONSerialization.jsonObject(with: document.payload))
            blackHole(key.isValidSignature(document.signature, of: document.payload))
        }
    }

    // What `RemoteControl.start(service:)` does before it returns: read the kept file, decode the
    // envelope, verify, decode the payload, and put it in force in the service.
    Benchmark("Remote control: load a kept 1,000-experiment document at start (read, verify, decode, apply)",
              configuration: loadConfiguration) { benchmark in
        let cache = RemoteControlFixtures.keptDocument
        let key = RemoteControlFixtures.publicKey
        let services = (0..<benchmark.scaledIterations.count).map { _ in
            SplitTestingService(configuration: .init(
                store: InMemoryAssignmentStore(),
                deviceID: RuntimeFixtures.unitIDs[0], catalog: [BenchmarkButtonColorSplitTest.self]))
        }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            guard case .loaded(let entry) = cache.load(),
                let control = try? ControlEnvelope(data: entry.envelope).control(verifiedWith: key)
            else { preconditionFailure("the kept document loads and verifies") }
            blackHole(services[index].applyControl(control))
        }
    }

    Benchmark("fetchSplitTest, sticky, with a 1,000-experiment control document in force") { benchmark in
        // Made once: the closure runs per sample, and a 4 ms load before each sample of 1,000
        // fetches would measure cold caches rather than the sticky path.
        let service = RemoteControlFixtures.serviceWithDocument
        let first = service.fetchSplitTest(BenchmarkButtonColorSplitTest.self)
        precondition([.bucketed, .sticky].contains(first.assignment.reason), "the document keeps button_color running")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(service.fetchSplitTest(BenchmarkButtonColorSplitTest.self).currentGroup)
        }
    }
}

/// A signed control document of 1,000 experiments, made once before any measurement.
enum RemoteControlFixtures {
    struct Document {
        var payload: Data
        var signature: Data
        var envelope: Data
    }

    /// A fixed signing key, so that every run loads the same bytes.
    private static var signingKey: Curve25519.Signing.PrivateKey {
        try! Curve25519.Signing.PrivateKey(rawRepresentation: Data((0..<32).map { UInt8($0 * 7 % 256) }))
    }

    static let publicKey = try! ControlPublicKey(
        base64: signingKey.publicKey.rawRepresentation.base64EncodedString())

    /// 999 experiments this build does not know, with every kind of entry, and `button_color`
    /// running at full traffic with four forced QA units.
    static let document: Document = {
        var experiments: [String: [String: Any]] = [:]
        for index in 0..<999 {
            let entry: [String: Any] = switch index % 4 {
            case 0: ["status": "stopped"]
            case 1: ["status": "resolved", "winner": "treatment"]
            case 2: ["status": "running", "traffic": Double(index % 100 + 1) / 2]
            default: ["status": "running", "force": ["qa-device-\(index)": "treatment", "user-\(index)": "control"]]
            }
            experiments["experiment_\(index)"] = entry
        }
        experiments["button_color"] = [
            "status": "running", "traffic": 100,
            "force": ["qa-1": "blue", "qa-2": "dark_gray", "qa-3": "red", "qa-4": "blue"],
        ]
        let payload = try! JSONSerialization.data(
            withJSONObject: ["sequence": 1_700_000_000, "generated": "2026-11-23T10:00:00Z", "experiments": experiments],
            options: [.sortedKeys])
        let signature = try! signingKey.signature(for: payload)
        return Document(payload: payload, signature: signature,
                        envelope: ControlEnvelope(payload: payload, signature: signature).data)
    }()

    /// The document kept on disk, as `RemoteControl` keeps it, in a temporary folder.
    static let keptDocument: ControlDocumentCache = {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("split-testing-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        let cache = ControlDocumentCache(directory: directory)
        try! cache.save(.init(envelope: document.envelope, etag: "\"bench\"", sequence: 1_700_000_000))
        return cache
    }()

    /// A service with the document in force.
    static let serviceWithDocument: SplitTestingService = {
        let service = SplitTestingService(configuration: .init(
            store: InMemoryAssignmentStore(),
            deviceID: RuntimeFixtures.unitIDs[0], catalog: [BenchmarkButtonColorSplitTest.self]))
        guard let control = try? ControlEnvelope(data: document.envelope).control(verifiedWith: publicKey),
            service.applyControl(control)
        else { preconditionFailure("the document verifies and applies") }
        return service
    }()
}
