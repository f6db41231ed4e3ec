import Foundation
import SplitTestCompiler
import SplitTestStatistics
import Testing

/// Seeded random mutations of the example definitions: whatever the bytes, the compiler returns
/// diagnostics located inside the file, and never crashes or hangs.
@Suite struct DiagnosticsMutationTests {
    static let alphabet = Array("[]{}:,-#&*!|>'\"\n\t ?%@`0123456789.abcxyz_~".utf8) + [0x00, 0xC3, 0xFF]

    static func mutate(_ bytes: [UInt8], with generator: inout SplitMix64) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = result.isEmpty ? 0 : Int.random(in: 0..<result.count, using: &generator)
            let byte = alphabet.randomElement(using: &generator) ?? 0
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where !result.isEmpty: result.remove(at: position)
            case 1: result.insert(byte, at: position)
            default: if !result.isEmpty { result[position] = byte }
            }
        }
        return result
    }

    @Test func mutatedExamplesGiveLocatedDiagnostics() throws {
        let examples = try ExampleDefinitionsTests.loadExamples()
        try #require(!examples.isEmpty)
        var generator = SplitMix64(seed: 2026)
        var erroneous = 0
        for round in 0..<600 {
            let example = examples[round % examples.count]
            let bytes = Self.mutate(example.contents, with: &generator)
            let lines = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let result = DefinitionCompiler.compile([SourceFile(path: "m.yaml", contents: bytes)], today: testToday)
            for diagnostic in result.diagnostics {
                #expect(diagnostic.location.file == "m.yaml")
                #expect((1...lines).contains(diagnostic.location.line), "\(diagnostic) in \(lines) lines")
                #expect(diagnostic.location.column >= 1)
                #expect(!diagnostic.message.isEmpty)
            }
            if result.hasErrors { erroneous += 1 }
        }
        #expect(erroneous > 100)
    }

    @Test func weightsThatOverflowTheirSumAreAnError() {
        #expect(diagnostics("identifier: x\ntype: device\ngroups: { a: 1e308, b: 1e308 }\n") == [
            "bad.yaml:3:9: error: the weights add up to more than a number can hold; scale them down"
        ])
    }
}
