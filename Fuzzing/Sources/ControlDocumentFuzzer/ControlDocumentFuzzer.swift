import Foundation
@_spi(Generated) @_spi(Tools) import SplitTesting
@_spi(Tools) import SplitTestingRemote

private enum FuzzGroup: String, SplitTestGroup { case red, blue, darkGray = "dark_gray" }

/// The definition a document's entries are applied to, as a build's experiment would give it.
private let fuzzDefinition = SplitTestDefinition(
    identifier: "fuzz", groups: FuzzGroup.self, unitType: .device, salt: "fuzz",
    bucketUpperBounds: [3_334, 6_667, 10_000], control: .red, force: ["qa": .blue])

/// libFuzzer's entry point: the input is a control document's payload, the UTF-8 JSON bytes that
/// an envelope carries. It is read as the runtime reads it; a crash, a hang or a memory blow-up
/// is a finding, and so is a broken invariant checked below: an error that names no field and
/// no byte, or a payload that does not survive being written and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlDocument(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(UnsafeBufferPointer(start: $0, count: size)) } ?? Data()
    let control: SplitTestControl
    do {
        control = try SplitTestControl(payloadJSON: bytes)
    } catch {
        precondition(!error.reason.isEmpty, "an error says why")
        precondition(error.byteOffset.map { $0 >= 0 && $0 <= size } ?? true, "a syntax error points into the input: \(error)")
        precondition(error.byteOffset != nil || error.reason.count > 0, "an error is located")
        return 0
    }
    let written = control.payloadJSON()
    let reread: SplitTestControl
    do {
        reread = try SplitTestControl(payloadJSON: written)
    } catch {
        preconditionFailure("a payload that reads writes bytes that read: \(error)")
    }
    precondition(reread == control, "writing and reading again keeps the control")
    precondition(reread.payloadJSON() == written, "writing is deterministic")
    for entry in control.experiments.values {
        // Any entry either applies or is refused with a reason; neither traps.
        switch fuzzDefinition.applying(entry) {
        case .success(let definition):
            _ = definition.resolve(unit: "qa")
            _ = definition.resolve(unit: "someone")
        case .failure:
            break
        }
    }
    return 0
}
