@_spi(Tools) import SplitTestCompiler
@_spi(Tools) import SplitTestTools
@_spi(Generated) @_spi(Tools) import SplitTesting

/// The declarations the inputs are checked against: one attribute of each type, one with values.
private let declarations: [AttributeDeclaration] = {
    let source = SourceFile(
        path: "attributes.yaml",
        contents: Array("""
            attributes:
              plan: { type: string, values: [free, trial, pro] }
              carrier: { type: string }
              days_since_install: { type: int }
              beta_tester: { type: bool }
            """.utf8))
    let result = DefinitionCompiler.compile([source], today: CalendarDate(year: 2026, month: 1, day: 1))
    precondition(!result.hasErrors && result.attributes.count == 4, "the fuzzer's declarations compile")
    return result.attributes
}()

/// libFuzzer's entry point: the input is the JSON of `splitc assign --attributes`, untrusted
/// text from a command line. Reading it either gives values or a message; a crash, a hang past
/// `-timeout` or a memory blow-up is a finding, and so is a failure without a message or values
/// of a type the declarations do not give.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAttributes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let values = try AttributesInput.read(bytes, declarations: declarations)
        for (name, value) in values.values {
            switch (name, value) {
            case ("app_version", .version), ("os_version", .version), ("platform", .string), ("region", .string),
                ("plan", .string), ("carrier", .string), ("days_since_install", .int), ("beta_tester", .bool):
                continue
            default:
                preconditionFailure("attribute \(name) read as \(value), a type its declaration does not give")
            }
        }
    } catch {
        precondition(!error.message.isEmpty, "a rejected input says why")
    }
    return 0
}
