@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The experiments the bodies are read against, in definition order.
private let experiments = ["banner_style", "checkout_button", "tutorial_length"]

/// The attributes a value may be given for: the built-in ones, and two declared ones (an enum
/// and an int), as the service derives them from its definitions.
private let attributeKinds = SplitTestAttributeKind.table(declared: [
    ("plan", .string(values: ["free", "trial", "pro"])), ("days", .int),
])

/// libFuzzer's entry point: the input is the body of the decision service's `POST
/// /v1/assignments`, untrusted bytes from the network. Reading it gives a request or a problem
/// with a detail; a crash, a hang past `-timeout` or a memory blow-up is a finding, and so is a
/// request with no unit, a unit id the databases cannot hold, an experiment not defined or out
/// of definition order, or one whose own body does not read back as it, or writes differently.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssignmentRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let request: AssignmentRequest
    do {
        request = try AssignmentRequest(body: bytes, experiments: experiments, attributeKinds: attributeKinds)
    } catch {
        precondition(!error.detail.isEmpty && error.invalidEvents.isEmpty, "a rejected body says why")
        return 0
    }
    precondition(request.device != nil || request.user != nil, "an accepted request has a unit")
    for unit in [request.device, request.user].compactMap({ $0 }) {
        precondition(!unit.isEmpty && UnitID.problem(with: unit) == nil, "an accepted unit id can be stored")
    }
    precondition(
        request.experiments == experiments.filter(Set(request.experiments).contains),
        "the experiments asked for are defined ones, once each, in definition order")
    let body = request.body
    do {
        let again = try AssignmentRequest(body: body, experiments: experiments, attributeKinds: attributeKinds)
        precondition(again == request, "a request read, written and read again is the same request")
        precondition(again.body == body, "a request is written identically again")
    } catch {
        preconditionFailure("the body written for an accepted request is rejected: \(error.detail)")
    }
    return 0
}
