import Foundation
import SplitTestCompiler
import Testing

/// Inputs that once crashed, hung or flooded the compiler, kept as files under `FuzzRegressions/`
/// (see Fuzzing/README.md): each compiles with the default limits into diagnostics located inside
/// the file, no more of them than a file may show, and Swift when it has no errors.
@Suite struct FuzzRegressionTests {
    static let folder = GoldenFiles.repositoryRoot.appendingPathComponent("Tests/SplitTestCompilerTests/FuzzRegressions")

    static func regressionPaths() throws -> [String] {
        try GoldenFiles.definitionPaths(under: folder)
    }

    @Test func theFolderHoldsRegressions() throws {
        #expect(try Self.regressionPaths().count >= 2)
    }

    @Test(arguments: try regressionPaths())
    func compilesIntoLocatedBoundedDiagnostics(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: GoldenFiles.repositoryRoot.appendingPathComponent(path)))
        let lines = bytes.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let result = DefinitionCompiler.compile([SourceFile(path: path, contents: bytes)], today: testToday)
        for diagnostic in result.diagnostics {
            #expect(diagnostic.location.file == path)
            #expect((1...lines).contains(diagnostic.location.line), "\(diagnostic) in \(lines) lines")
            #expect(diagnostic.location.column >= 1, "\(diagnostic)")
            #expect(!diagnostic.message.isEmpty)
        }
        let shown = result.diagnostics.filter { $0.severity != .note }.count
        #expect(shown <= CompilerLimits.default.diagnosticsPerFile + 1)
        if !result.hasErrors {
            let swift = SwiftEmitter(accessLevel: .public).emit(result.experiments, sourcePaths: [path])
            #expect(swift.contains("enum SplitTestCatalog"))
        }
    }
}
