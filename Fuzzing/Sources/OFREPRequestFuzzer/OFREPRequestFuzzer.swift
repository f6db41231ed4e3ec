@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The attributes a value may be given for: the built-in ones, and two declared ones (an enum
/// and an int), as the service derives them from its definitions.
private let attributeKinds = SplitTestAttributeKind.table(declared: [
    ("plan", .string(values: ["free", "trial", "pro"])), ("days", .int),
])

/// libFuzzer's entry point: the input is the body of an OFREP evaluation (`POST
/// /ofrep/v1/evaluate/flags[/{key}]`), untrusted bytes from the network. Reading it gives a request
/// or a problem with an OFREP error code and details; a crash, a hang past `-timeout` or a memory
/// blow-up is a finding, and so is an accepted request whose targeting key is empty or cannot be
/// stored, a problem without details, or a failure body that is not JSON with that code.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOFREPRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let request: OFREPRequest
    do {
        request = try OFREPRequest(body: bytes, attributeKinds: attributeKinds)
    } catch {
        precondition(!error.details.isEmpty, "a rejected body says why")
        precondition(error.code != .flagNotFound && error.code != .general, "a body's problem is about the body")
        let failure = String(decoding: OFREPAnswers.failure(key: nil, error), as: UTF8.self)
        precondition(failure.hasPrefix(#"{"errorCode":""# + error.code.rawValue + "\""), "the failure names its code first")
        return 0
    }
    for unit in [request.device, request.user].compactMap({ $0 }) {
        precondition(!unit.isEmpty && UnitID.problem(with: unit) == nil, "an accepted unit id can be stored")
    }
    precondition(request.attributes.values.keys.allSatisfy { attributeKinds[$0] != nil }, "only known attributes are read")
    return 0
}
