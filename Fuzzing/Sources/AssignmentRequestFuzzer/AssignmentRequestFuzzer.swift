@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTestServiceBodies
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The experiments the bodies are read against, in definition order.
private let experiments = ["banner_style", "checkout_button", "tutorial_length"]

/// The declared attributes: an enum and an int, beside the built-in ones.
private let declarations: [AttributeDeclaration] = {
    let source = SourceFile(
        path: "attributes.yaml",
        contents: Array("attributes:\n  plan: { type: string, values: [free, trial, pro] }\n  days: { type: int }\n".utf8))
    let result = DefinitionCompiler.compile([source], today: CalendarDate(year: 2026, month: 1, day: 1))
    precondition(!result.hasErrors && result.attributes.count == 2, "the fuzzer's declarations compile")
    return result.attributes
}()

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
        request = try AssignmentRequest(body: bytes, experiments: experiments, declarations: declarations)
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
        let again = try AssignmentRequest(body: body, experiments: experiments, declarations: declarations)
        precondition(again == request, "a request read, written and read again is the same request")
        precondition(again.body == body, "a request is written identically again")
    } catch {
        preconditionFailure("the body written for an accepted request is rejected: \(error.detail)")
    }
    return 0
}
