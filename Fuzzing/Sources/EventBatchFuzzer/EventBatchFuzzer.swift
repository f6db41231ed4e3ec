import SplitTestAnalysis
@_spi(Tools) import SplitTestServiceBodies
@_spi(Tools) import SplitTesting

/// The events the bodies are read against, as the service reads them against the events its
/// definitions declare (the same as `EventBatchTests.declared`, which checks the seeds).
private let declared = EventBatch.DeclaredEvents([
    SplitTestEventDeclaration(name: "purchase", properties: [
        .init(name: "revenue", type: .double), .init(name: "currency", type: .values(["usd", "eur", "gbp"])),
        .init(name: "is_first", type: .bool),
    ]),
    SplitTestEventDeclaration(name: "screen_loaded", properties: [
        .init(name: "milliseconds", type: .int), .init(name: "screen", type: .string),
    ]),
    SplitTestEventDeclaration(name: "checkout_started", properties: []),
])

/// libFuzzer's entry point: the input is the body of the decision service's `POST /v1/events`,
/// untrusted bytes from the network, read against three declared events. Reading it gives the events' lines or a problem naming each
/// invalid event; a crash, a hang past `-timeout` or a memory blow-up is a finding, and so is a
/// line the readout's event reader (`splitc analyze`'s) does not read, or lines that, posted
/// again as an array, are not read back as themselves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventBatch(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let batch: EventBatch
    do {
        batch = try EventBatch(body: bytes, events: declared)
    } catch {
        precondition(!error.detail.isEmpty, "a rejected body says why")
        let indices = error.invalidEvents.map(\.index)
        precondition(indices == indices.sorted() && Set(indices).count == indices.count, "each invalid event is named once, in order")
        precondition(error.invalidEvents.allSatisfy { !$0.reason.isEmpty }, "each invalid event says why")
        return 0
    }
    for line in batch.lines {
        precondition(!line.contains("\n"), "an event is one line")
        if case .failure(let problem) = JSONLineParser.parse(line) {
            preconditionFailure("an accepted event is a line the readout cannot read (\(problem)): \(line)")
        }
    }
    let again: EventBatch
    do {
        again = try EventBatch(body: Array(("[" + batch.lines.joined(separator: ",") + "]").utf8), events: declared)
    } catch {
        preconditionFailure("accepted lines posted again are rejected: \(error.detail)")
    }
    precondition(again == batch, "accepted lines posted again are read as themselves")
    return 0
}
