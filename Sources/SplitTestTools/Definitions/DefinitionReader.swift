import Foundation
@_spi(Tools) import SplitTestCompiler

/// Reads definition files into the compiler's ``SourceFile``s.
public enum DefinitionReader {
    /// Reads each file; its display path is relative to `root`, so that generated code names the
    /// same paths on every machine.
    public static func read(_ paths: [String], root: String) throws(InputError) -> [SourceFile] {
        let rootPath = DefinitionFiles.canonicalPath(root)
        var sources: [SourceFile] = []
        for path in paths {
            try requireRegularFile(path)
            let contents: Data
            do {
                contents = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw InputError("cannot read '\(path)': \(error.localizedDescription)")
            }
            let displayPath = RelativePath.from(rootPath, to: DefinitionFiles.canonicalPath(path))
            sources.append(SourceFile(path: path, displayPath: displayPath, contents: [UInt8](contents)))
        }
        return sources
    }

    /// Refuses devices, pipes and sockets, which could block or never end.
    private static func requireRegularFile(_ path: String) throws(InputError) {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: DefinitionFiles.canonicalPath(path))
        } catch {
            throw InputError("cannot read '\(path)': \(error.localizedDescription)")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw InputError("'\(path)' is not a regular file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw InputError("cannot read '\(path)': permission denied")
        }
    }
}
