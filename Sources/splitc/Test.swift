import ArgumentParser
import Foundation
import SplitTestCompiler
import SplitTestFormats
import SplitcCommandLine
@_spi(Tools) import SplitTestTools

/// `splitc test`: runs the test documents beside the definitions.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Runs the test documents (`test:`) of the definitions: what given units must get.",
        discussion: """
            Every case resolves its unit as a fresh install in the test's environment and at its time \
            would; a failing case is an error at its 'expect' line, giving the group and reason expected \
            and got, and a distribution outside its tolerance an error at its 'expect' line, giving every \
            group's share. Exit status: 0 when every test passes, 1 on a failure or an error in the \
            definitions, 2 usage or unreadable input.
            """)

    @OptionGroup var definitions: DefinitionOptions

    @Option(help: "text: failures on standard error; json: {tests, cases, failed, failures: [{file, line, column, test, unit, expected, actual}]} on standard output.")
    var format: OutputFormat = .text

    func run() throws {
        let compiled = try definitions.compile()
        try compiled.requireNoErrors()
        let report = DefinitionTestRunner.run(compiled.result.tests, experiments: compiled.result.experiments)
        switch format {
        case .text:
            DiagnosticPrinter.printText(report.failures.map(\.diagnostic))
            Console.error(
                "\(Counted.phrase(report.tests, "test")), \(Counted.phrase(report.cases, "case")): "
                    + (report.failed == 0 ? "all passed" : "\(report.failed) failed"))
        case .json:
            let failures: [JSONValue] = report.failures.map { failure in
                .object([
                    .init(key: "file", value: .string(failure.location.file)),
                    .init(key: "line", value: .number(String(failure.location.line))),
                    .init(key: "column", value: .number(String(failure.location.column))),
                    .init(key: "test", value: .string(failure.test)),
                    .init(key: "unit", value: failure.unit.map(JSONValue.string) ?? .null),
                    .init(key: "expected", value: .string(failure.expected)),
                    .init(key: "actual", value: .string(failure.actual)),
                ])
            }
            let document = JSONValue.object([
                .init(key: "tests", value: .number(String(report.tests))),
                .init(key: "cases", value: .number(String(report.cases))),
                .init(key: "failed", value: .number(String(report.failed))),
                .init(key: "failures", value: .array(failures)),
            ])
            Console.output(document.text(style: .readable))
        }
        if report.failed > 0 { throw ExitCode(ExitStatus.errors) }
    }
}
