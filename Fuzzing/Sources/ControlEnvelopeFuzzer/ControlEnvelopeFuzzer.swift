import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote

/// An experiment of this build for the decoded documents to apply to.
private struct FuzzSplitTest: SplitTest {
    enum Group: String, SplitTestGroup { case control, blue, green }
    static let identifier = "button_color"
    static let definition = SplitTestDefinition(
        identifier: "button_color", groups: Group.self, unitType: .device, salt: "button_color",
        bucketUpperBounds: [3334, 6667, 10_000], control: .control)
    let assignment: SplitTestAssignment<Group>
    init(assignment: SplitTestAssignment<Group>) { self.assignment = assignment }
}

/// A fixed key, so that a run depends on its input only; no input can carry its signature.
/// Made per input: a global would be reported as a leak by LeakSanitizer at exit.
private var fuzzKey: ControlPublicKey {
    try! ControlPublicKey(base64: "ebVWLo/mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ=")
}

/// libFuzzer's entry point: the input is a served document (an envelope), and its bytes are
/// also taken as a payload. Whatever the bytes, decoding either throws a
/// `ControlDocumentError` or gives a control whose values keep the documented bounds, and
/// applying it to a service never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlEnvelope(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    if let envelope = try? ControlEnvelope(data: bytes) {
        // A signed check: the fuzzer cannot forge a signature of the fixed key.
        if let control = try? envelope.control(verifiedWith: fuzzKey) {
            preconditionFailure("a fuzzed document verified with a key whose private half is unknown: \(control)")
        }
        if let control = try? envelope.control(verifiedWith: nil) { check(control) }
    }
    if let control = try? ControlEnvelope(payload: bytes, signature: nil).control(verifiedWith: nil) {
        check(control)
    }
    return 0
}

/// A control document's bounds hold (a positive sequence, traffic within 1...10,000 buckets, a
/// resolved status's winner not empty, no empty unit id), and the service takes it without trapping.
private func check(_ control: SplitTestControl) {
    precondition(control.sequence > 0, "sequence is positive")
    for (experiment, entry) in control.experiments {
        if let buckets = entry.trafficBuckets {
            precondition((1...10_000).contains(buckets), "traffic of \(experiment) within 1...10,000 buckets")
        }
        if case .resolved(let winner)? = entry.status { precondition(!winner.isEmpty, "a resolved status names its winner") }
        precondition(entry.force?.keys.allSatisfy { !$0.isEmpty } ?? true, "forced unit ids are not empty")
    }
    let service = SplitTestingService(configuration: .init(
        store: .inMemory,
        deviceID: "fuzz-device", catalog: [FuzzSplitTest.self], builtInAttributes: SplitTestAttributeValues([:])))
    service.applyControl(control)
    _ = service.fetchSplitTest(FuzzSplitTest.self).currentGroup
    precondition(service.controlSequence == control.sequence, "the control is in force")
}
