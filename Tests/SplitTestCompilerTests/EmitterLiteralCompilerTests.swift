import Foundation
import Testing
import TestTools
@testable import SplitTestCompiler

/// The literals the emitter writes, read back by the real Swift compiler: a program made of them
/// prints each value's bits, which must be the bits the emitter was given.
@Suite struct EmitterLiteralCompilerTests {
    static let strings = [
        "plain", #"quote " and backslash \ and \(not interpolation)"#, "tab\tnew\nline\rcr\0nul",
        "bell\u{07} del\u{7F} esc\u{1B}", "ø-ünicode-ключ-🗻", "bidi\u{202E}zwj\u{200D}nbsp\u{00A0}",
        "\u{301}leading combining mark", "private\u{E000}use", "line\u{2028}separator", "#\"raw\"#", "",
    ]
    static let doubles: [Double] = [1, 2.5, 0.1, 1.1, 1e-7, 1e16, -0.0, .leastNonzeroMagnitude, Double(bitPattern: 0x0000_3737_4414_b6c1) /* a subnormal */, .leastNormalMagnitude, .greatestFiniteMagnitude]
    static let ints = [0, 9999, 10_000, -123_456, Int.max, Int.min]

    @Test func swiftReadsBackEveryLiteral() throws {
        var program = "let strings: [String] = [\n"
        program += Self.strings.map { "    " + SwiftLiteral.string($0) + ",\n" }.joined() + "]\n"
        program += "let doubles: [Double] = [" + Self.doubles.map(SwiftLiteral.double).joined(separator: ", ") + "]\n"
        program += "let ints: [Int] = [" + Self.ints.map(SwiftLiteral.int).joined(separator: ", ") + "]\n"
        program += """
            for value in strings { print(value.utf8.map { String($0) }.joined(separator: ",")) }
            for value in doubles { print(value.bitPattern) }
            for value in ints { print(value) }

            """
        let expected = Self.strings.map { $0.utf8.map { String($0) }.joined(separator: ",") }
            + Self.doubles.map { String($0.bitPattern) } + Self.ints.map { String($0) }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("splittest-literals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift"), executable = folder.appendingPathComponent("literals")
        try Data(program.utf8).write(to: source)

        let compile = try Self.run("/usr/bin/env", ["swiftc", "-swift-version", "6", source.path, "-o", executable.path])
        try #require(compile.status == 0, "swiftc failed:\n\(compile.output)\n\(program)")
        #expect(!compile.output.contains("warning"), "\(compile.output)")
        let run = try Self.run(executable.path, [])
        #expect(run.status == 0)
        #expect(run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == expected)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try CapturedProcess.run(tool, arguments)
        return (outcome.status, outcome.stdout + outcome.stderr)
    }
}
